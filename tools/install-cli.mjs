#!/usr/bin/env node
// `npm run cli:install`: puts this checkout's `elicit` (and so `elicit bridge`) on the PATH, for a shell or a desktop
// host's config, until the packages are on the npm registry (issue 41). It links the terminal package globally
// (`npm link`), so `elicit` runs from this checkout with its built `dist` and its node_modules: the bridge, the SDK
// and the prompt library are already here. `npm install` (which builds) must have run first; after a `git pull`,
// `npm install` again is all (the link points at the folder). `npm rm -g @elicitkit/terminal` takes it away.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const terminal = path.join(root, 'packages', 'terminal');

if (!existsSync(path.join(terminal, 'dist', 'cli', 'main.js'))) {
  console.error('cli:install: the packages are not built; run `npm install` (or `npm run build`) first.');
  process.exit(1);
}
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
execFileSync(npm, ['link', '--workspace', 'packages/terminal', '--no-audit', '--no-fund'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});
const prefix = execFileSync(npm, ['prefix', '--global'], { encoding: 'utf8' }).trim();
const bin =
  process.platform === 'win32' ? path.join(prefix, 'elicit.cmd') : path.join(prefix, 'bin', 'elicit');
const version = execFileSync(process.execPath, [path.join(terminal, 'bin', 'elicit.js'), '--version'], {
  encoding: 'utf8',
}).trim();
console.log(`Installed elicit ${version} as ${bin} (linked to this checkout).`);
console.log('A desktop host runs it through the bridge, e.g. in its mcpServers config:');
console.log(
  JSON.stringify({ command: bin, args: ['bridge', '--stdio', 'https://mcp.example.com/mcp'] }, null, 2),
);

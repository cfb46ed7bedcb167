#!/usr/bin/env node
// Checks every published workspace package the way a consumer will see it (issue 15): packs each one once with
// `npm pack`, then runs publint (package.json fields against the packed files) and Are The Types Wrong (type
// resolution per entry point) on that tarball. Needs the built `dist` (`npm run build`; `npm ci` builds it
// through `prepare`). Exits non-zero on any finding, naming the package and what is wrong.
//
// attw runs with `--profile esm-only`: the packages are ES modules ("type": "module") and need Node >= 20.19, which
// `require`s ES modules, so the two resolutions that profile skips do not apply. `node10` cannot read `exports` at
// all (no subpaths), and `node16` from CommonJS predates `require` of ES modules (CommonJS apps on Node 20.19 are
// proven by test/consumer instead; the server's guarded subpaths have a `require` entry only for their peer check).
// `node16` from ESM and `bundler` are checked for every entry point.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';

const root = path.resolve(import.meta.dirname, '..');
const rootManifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const published = rootManifest.workspaces.filter(
  (dir) => !JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')).private,
);

const packDir = mkdtempSync(path.join(tmpdir(), 'elicitkit-packs-'));
const failures = [];
try {
  const workspaceArgs = published.flatMap((dir) => ['--workspace', dir]);
  // One npm run for every package. --ignore-scripts: the check reads what the build left in dist.
  const packed = JSON.parse(
    execFileSync(
      'npm',
      ['pack', '--json', '--ignore-scripts', '--pack-destination', packDir, ...workspaceArgs],
      {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    ),
  );
  for (const [index, dir] of published.entries()) {
    const { name, filename, entryCount } = packed[index];
    const before = failures.length;
    const tarball = path.join(packDir, filename);
    const manifest = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
    const buffer = readFileSync(tarball);
    const arrayBuffer = buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength);
    const { messages } = await publint({ pack: { tarball: arrayBuffer }, strict: true });
    for (const message of messages) {
      failures.push(
        `${name}: publint ${message.type}: ${formatMessage(message, manifest, { color: false })}`,
      );
    }
    const attw = path.join(root, 'node_modules', '@arethetypeswrong', 'cli', 'dist', 'index.js');
    try {
      execFileSync(
        process.execPath,
        [attw, tarball, '--profile', 'esm-only', '--format', 'ascii', '--no-color'],
        {
          cwd: root,
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
    } catch (error) {
      failures.push(`${name}: attw (--profile esm-only) found problems:\n${error.stdout}${error.stderr}`);
    }
    const verdict = failures.length === before ? '✓ clean' : '✗ problems (below)';
    console.log(
      `${verdict}: ${name} (${entryCount} files packed), publint --strict and attw --profile esm-only`,
    );
  }
} finally {
  rmSync(packDir, { recursive: true, force: true });
}

if (failures.length > 0) {
  console.error(
    `\ncheck:packages: ${failures.length} problem(s); a missing dist file means \`npm run build\` has not run.`,
  );
  console.error(`\n${failures.join('\n\n')}`);
  process.exit(1);
}

// `npm start`: the demo server and `elicit connect` to it, in this one terminal.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startDemo } from './demo-server.js';
import { parseDemoOptions } from './options.js';

const options = parseDemoOptions(process.argv.slice(2));
if (typeof options === 'string') {
  process.stderr.write(`demo: ${options}\n`);
  process.exit(2);
}

// The `elicit` bin sits beside the terminal package's entry point (dist/cli/main.js once built).
const entry = import.meta.resolve('@elicitkit/terminal');
const elicit = fileURLToPath(new URL(entry.endsWith('.ts') ? './cli/main.ts' : './cli/main.js', entry));
if (!existsSync(elicit)) {
  process.stderr.write(`demo: ${elicit} is missing; run "npm run build" first.\n`);
  process.exit(1);
}

const demo = await startDemo(options);
process.stdout.write(
  `Demo server (Bistro Elicit) at ${demo.url.href}, bookings kept in ${options.dataDir}\n`,
);
process.stdout.write(
  'Try: tools · call book_table · call survey · call pick_color · call confirm_delete\n\n',
);

// The session owns the terminal; Ctrl-C belongs to it (it cancels prompts), so this launcher ignores it.
process.on('SIGINT', () => {});
const session = spawn(process.execPath, [...process.execArgv, elicit, 'connect', demo.url.href], {
  stdio: 'inherit',
});
const finish = async (code: number) => {
  await demo.close().catch(() => {});
  process.exit(code);
};
for (const signal of ['SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    session.kill(signal);
  });
}
session.on('exit', (code, signal) => void finish(code ?? (signal ? 1 : 0)));
session.on('error', (error) => {
  process.stderr.write(`demo: cannot start elicit: ${error.message}\n`);
  void finish(1);
});

// `npm start`: the demo server and `elicit connect` to it (as the first user), in this one terminal.
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { UrlElicitationLogger } from '@elicitkit/server/url';
import { startDemo } from './demo-server.js';
import { parseDemoOptions, usage } from './options.js';

const options = parseDemoOptions(process.argv.slice(2));
if (options === 'help') {
  process.stdout.write(usage('npm start'));
  process.exit(0);
}
if (typeof options === 'string') {
  process.stderr.write(`demo: ${options}\n${usage('npm start')}`);
  process.exit(2);
}

// The `elicit` bin sits beside the terminal package's entry point (dist/cli/main.js once built).
const entry = import.meta.resolve('@elicitkit/terminal');
const elicit = fileURLToPath(new URL(entry.endsWith('.ts') ? './cli/main.ts' : './cli/main.js', entry));
if (!existsSync(elicit)) {
  process.stderr.write(`demo: ${elicit} is missing; run "npm run build" first.\n`);
  process.exit(1);
}

// The session owns this terminal: the server's security log goes to a file instead of between the prompts.
const logFile = join(options.dataDir, 'demo.log');
const log = (level: string) => (event: string, fields: Record<string, unknown>) =>
  appendFileSync(logFile, `${JSON.stringify({ time: new Date().toISOString(), level, event, ...fields })}\n`);
const logger: UrlElicitationLogger = { info: log('info'), warn: log('warn') };

const demo = await startDemo({ ...options, logger });
const [me, ...others] = options.users;
if (!me) throw new Error('no demo user');
process.stdout.write(
  [
    `Bistro Elicit demo server at ${demo.base.href} (state in ${options.dataDir})`,
    `Web host: ${demo.webHost.href}`,
    `Agent host: ${demo.agentHost.href}`,
    'Forms:    call book_table · call survey · call pick_color · call confirm_delete',
    'URL mode: call use_api or set_api_key, open the page, sign in, enter a key such as sk-demo-12345678',
    'OAuth:    call list_calendar_events, connect Example Calendar in the browser (alice / alice-calendar)',
    `You are ${me.name} here; in the browser sign in as ${me.name} / ${me.password}` +
      (others.length > 0
        ? ` (${others.map((u) => `${u.name} / ${u.password}`).join(', ')} sees "Not your request")`
        : ''),
    '',
    '',
  ].join('\n'),
);

// Ctrl-C belongs to the session (it cancels prompts), so this launcher ignores it.
process.on('SIGINT', () => {});
const session = spawn(
  process.execPath,
  [...process.execArgv, elicit, 'connect', demo.url.href, '--header', `Authorization: Bearer ${me.token}`],
  { stdio: 'inherit' },
);
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

// `npm run demo:server -- [--port <n>] [--data <dir>] [--user <name>:<token>:<password>]…`: the demo server alone.
import { startDemo } from './demo-server.js';
import { parseDemoOptions, usage } from './options.js';

const options = parseDemoOptions(process.argv.slice(2));
if (options === 'help') {
  process.stdout.write(usage('npm run demo:server'));
  process.exit(0);
}
if (typeof options === 'string') {
  process.stderr.write(`demo: ${options}\n${usage('npm run demo:server')}`);
  process.exit(2);
}

/** Lines held back until the endpoints are printed. */
const answerLinks = {
  held: [] as string[] | undefined,
  write(line: string) {
    if (this.held) this.held.push(line);
    else process.stdout.write(line);
  },
  release() {
    for (const line of this.held ?? []) process.stdout.write(line);
    this.held = undefined;
  },
};

let demo: Awaited<ReturnType<typeof startDemo>>;
try {
  // The demo's stand-in for email or chat: each agent-host question's answer link, on this console (after the first
  // lines, which scripts wait for).
  demo = await startDemo({
    ...options,
    onAnswerLink: (principal, link) => answerLinks.write(`Answer link for ${principal}: ${link.href}\n`),
  });
} catch (error) {
  const code = (error as { code?: string }).code;
  const reason = code === 'EADDRINUSE' ? `port ${options.port} is in use` : String(error);
  process.stderr.write(`demo: cannot start: ${reason}\n`);
  process.exit(1);
}
// Printed once the port accepts connections; scripts wait for the first line.
const width = Math.max(...options.users.map((u) => u.name.length));
const tokenWidth = Math.max(...options.users.map((u) => u.token.length));
process.stdout.write(
  [
    `MCP endpoint: ${demo.url.href}`,
    ...(options.publicUrl ? [`Behind the proxy, listening on: ${demo.listening.href}`] : []),
    `Browser login: ${new URL('login', demo.base).href}`,
    `Web host: ${demo.webHost.href}`,
    `Agent host: ${demo.agentHost.href}`,
    'Users (MCP header "Authorization: Bearer <token>", browser password):',
    ...options.users.map(
      (u) => `  ${u.name.padEnd(width)}  token ${u.token.padEnd(tokenWidth)}  password ${u.password}`,
    ),
    `Example Calendar (third-party OAuth): ${demo.calendar.issuer} (alice / alice-calendar, bob / bob-calendar)`,
    '',
  ].join('\n'),
);
answerLinks.release();

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  demo.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

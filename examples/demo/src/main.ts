// `npm run demo:server -- [--port <n>] [--data <dir>]`: the demo MCP server alone.
import { startDemo } from './demo-server.js';
import { parseDemoOptions } from './options.js';

const options = parseDemoOptions(process.argv.slice(2));
if (typeof options === 'string') {
  process.stderr.write(`demo: ${options}\nUsage: npm run demo:server -- [--port <n>] [--data <dir>]\n`);
  process.exit(2);
}

let demo: Awaited<ReturnType<typeof startDemo>>;
try {
  demo = await startDemo(options);
} catch (error) {
  const code = (error as { code?: string }).code;
  const reason = code === 'EADDRINUSE' ? `port ${options.port} is in use` : String(error);
  process.stderr.write(`demo: cannot start: ${reason}\n`);
  process.exit(1);
}
// The one line scripts wait for: printed only once the port accepts connections.
process.stdout.write(`MCP endpoint: ${demo.url.href}\n`);

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

// The test scenario (see scenario-server.ts) on stdio, as `elicit connect -- …` starts it. The test drives it
// through a control endpoint on 127.0.0.1, whose port the server names on stderr ("control port N"), which
// elicit shows as a `[server]` line. The process ends when elicit closes its stdin.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { Scenario } from './scenario-server.js';

const scenario = new Scenario();
const server = scenario.createServer();
const transport = new StdioServerTransport();
await server.connect(transport);
scenario.watch(transport);

const control = createServer(async (req, res) => {
  try {
    const body = req.url === '/ask-idle' ? await scenario.askIdle() : await scenario.release();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body ?? null));
  } catch (error) {
    res.writeHead(500).end(String(error));
  }
});
control.listen(0, '127.0.0.1', () => {
  process.stderr.write(`control port ${(control.address() as AddressInfo).port}\n`);
});
process.stdin.on('close', () => {
  scenario.stop();
  process.exit(0);
});

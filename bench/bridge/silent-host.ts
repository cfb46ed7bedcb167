// The host of bench/bridge/latency.ts's memory line, in a child process of its own (so that the bridge's heap holds
// only the bridge): a v1 SDK 1.32 host on 2025-11-25 that never answers. Reads the bridge's endpoint and a count on
// stdin (`<url> <n>`), starts that many calls and leaves them waiting; exits when its stdin closes.
import { createInterface } from 'node:readline';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const lines = createInterface({ input: process.stdin });
lines.on('line', async (line) => {
  const [url, count] = line.split(' ');
  const client = new Client(
    { name: 'bench-silent', version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } } },
  );
  client.setRequestHandler(ElicitRequestSchema, () => new Promise(() => {}) as never);
  await client.connect(new StreamableHTTPClientTransport(new URL(url!)));
  for (let i = 0; i < Number(count); i++) {
    void client.callTool({ name: 'ask', arguments: {} }, undefined, { timeout: 3_600_000 }).catch(() => {});
  }
});
lines.on('close', () => process.exit(0));

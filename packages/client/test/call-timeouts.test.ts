import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, McpServer } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { callToolWithElicitation, DEFAULT_CALL_TIMEOUT_MS, installElicitation } from '../src/index.js';
import { scriptedUI } from '../src/testing/index.js';

/**
 * A call a person is part of must not end at the SDK's 60 s: the doctor's checkup found the demo's web host cutting
 * the person off mid-form ("Request timed out"). callToolWithElicitation asks for progress (so a server that reports
 * it while its person answers keeps the call) and waits ten minutes by default; a caller's own options win.
 */
async function connected() {
  const server = new McpServer({ name: 'probe', version: '1.0.0' });
  server.registerTool('meta', { description: 'echoes whether a progressToken came' }, async (ctx) => ({
    content: [{ type: 'text' as const, text: String(ctx.mcpReq._meta?.progressToken !== undefined) }],
  }));
  const client = new Client({ name: 'host', version: '1.0.0' });
  installElicitation(client, { ui: scriptedUI() });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(b);
  await client.connect(a);
  return { client, close: () => Promise.all([client.close(), server.close()]) };
}

const text = (result: { content: unknown }) => (result.content as { text: string }[])[0]!.text;

describe('callToolWithElicitation: a person may take a while', () => {
  it('asks for progress by default, so a server can keep the call alive while its person answers', async () => {
    const { client, close } = await connected();
    try {
      expect(text(await callToolWithElicitation(client, { name: 'meta', arguments: {} }))).toBe('true');
      expect(DEFAULT_CALL_TIMEOUT_MS).toBe(600_000);
    } finally {
      await close();
    }
  });

  it("keeps the caller's own request options", async () => {
    const { client, close } = await connected();
    try {
      const progress: unknown[] = [];
      const result = await callToolWithElicitation(
        client,
        { name: 'meta', arguments: {} },
        {
          requestOptions: { timeout: 5_000, onprogress: (p) => progress.push(p) },
        },
      );
      expect(text(result)).toBe('true');
    } finally {
      await close();
    }
  });
});

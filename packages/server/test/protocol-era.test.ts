import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { canElicit, elicitForm, enableElicitation, text } from '../src/index.js';
import { callTool, describeError, registerTools } from './helpers/harness.js';

/** The SDK's own `createMcpHandler`, driven in process: its HTTP client transport with fetch routed to the handler. */
async function viaCreateMcpHandler(era: 'pin-2026' | 'legacy') {
  const received: unknown[] = [];
  const handler = createMcpHandler(() => {
    const server = enableElicitation(new McpServer({ name: 'era-test', version: '1.0.0' }));
    registerTools(server, {
      ask: async (ctx) => ({
        canElicit: canElicit(ctx, 'form'),
        outcome: await elicitForm(ctx, { message: 'm', schema: { name: text() } }).catch(describeError),
      }),
    });
    return server;
  });
  const transport = new StreamableHTTPClientTransport(new URL('http://127.0.0.1/mcp'), {
    fetch: (url, init) => handler.fetch(new Request(url, init)),
  });
  const client = new Client(
    { name: 'era-client', version: '1.0.0' },
    {
      capabilities: { elicitation: { form: {} } },
      ...(era === 'pin-2026' && { versionNegotiation: { mode: { pin: '2026-07-28' as const } } }),
    },
  );
  client.setRequestHandler('elicitation/create', async (request) => {
    received.push(request.params);
    return { action: 'decline' };
  });
  await client.connect(transport);
  try {
    const result = (await callTool(client, 'ask')) as {
      canElicit: boolean;
      outcome: { action?: string; code?: string; message?: string };
    };
    return { result, received };
  } finally {
    await client.close();
    await handler.close();
  }
}

describe("the SDK's createMcpHandler, both eras", () => {
  it('[M-01] a 2026-07-28 client is asked through an input-required round, and its decline reaches the tool', async () => {
    const { result, received } = await viaCreateMcpHandler('pin-2026');
    expect(result).toEqual({ canElicit: true, outcome: { action: 'decline' } });
    expect(received).toHaveLength(1);
  });

  it('a 2025-11-25 client served statelessly gets a typed error naming the fix, and nothing is sent', async () => {
    const { result, received } = await viaCreateMcpHandler('legacy');
    expect(result.canElicit).toBe(false);
    expect(result.outcome).toMatchObject({
      name: 'PeerError',
      code: 'no-back-channel',
      details: { mode: 'form' },
    });
    expect(result.outcome.message).toBe(
      'This tool needs a form, and this connection cannot carry the request to the client.',
    );
    const { hint } = (result.outcome as unknown as { details: { hint: string } }).details;
    expect(hint).toMatch(/statelessly/);
    expect(hint).toMatch(/cannot carry a server-to-client request/);
    expect(hint).toMatch(/serveMcpHttp/);
    expect(received).toEqual([]);
  });
});

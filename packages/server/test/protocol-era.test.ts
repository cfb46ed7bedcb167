import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { canElicit, elicitForm, text } from '../src/index.js';
import { callTool, describeError, registerTools } from './helpers/harness.js';

describe('a 2026-era connection (no server-to-client requests)', () => {
  it('gets a clear typed error, and nothing is sent', async () => {
    const received: unknown[] = [];
    const handler = createMcpHandler(() => {
      const server = new McpServer({ name: 'era-test', version: '1.0.0' });
      registerTools(server, {
        ask: async (ctx) => ({
          canElicit: await canElicit(ctx, 'form'),
          outcome: await elicitForm(ctx, { message: 'm', schema: { name: text() } }).catch(describeError),
        }),
      });
      return server;
    });
    // The SDK's HTTP client transport, with fetch routed straight into the handler (no socket needed).
    const transport = new StreamableHTTPClientTransport(new URL('http://127.0.0.1/mcp'), {
      fetch: (url, init) => handler.fetch(new Request(url, init)),
    });
    const client = new Client(
      { name: 'era-client', version: '1.0.0' },
      { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    client.setRequestHandler('elicitation/create', async (request) => {
      received.push(request.params);
      return { action: 'decline' };
    });
    try {
      await client.connect(transport);
      const result = (await callTool(client, 'ask')) as {
        canElicit: boolean;
        outcome: { code: string; message: string };
      };
      expect(result.canElicit).toBe(false);
      expect(result.outcome).toMatchObject({
        name: 'UnsupportedProtocolEraError',
        code: 'unsupported-protocol-era',
      });
      expect(result.outcome.message).toContain('2026-07-28');
      expect(received).toEqual([]);
    } finally {
      await client.close();
      await handler.close();
    }
  });
});

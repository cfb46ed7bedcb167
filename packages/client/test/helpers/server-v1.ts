// A server written with the v1 SDK (`@modelcontextprotocol/sdk` 1.32), no elicitkit: it sends raw
// `elicitation/create` requests (revision 2025-11-25), so a test can send what no elicitkit server would.
import { randomUUID } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { ElicitResultSchema, UrlElicitationRequiredError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { serveOnLoopback } from './http-server.js';

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

/** The form `book` asks for: a text field, an integer with a default, and a titled single-select. */
export const BOOKING_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', minLength: 2 },
    party: { type: 'integer', title: 'Party size', minimum: 1, maximum: 12, default: 2 },
    seating: {
      type: 'string',
      title: 'Seating',
      oneOf: [
        { const: 'indoors', title: 'Indoors' },
        { const: 'terrace', title: 'Terrace' },
      ],
    },
  },
  required: ['name', 'party', 'seating'],
};

/**
 * Tools:
 * - `book`: a form; returns the `ElicitResult` as JSON.
 * - `raw`: sends `params` (JSON) as an `elicitation/create` as it is; returns the result or `error <code>: …`.
 * - `connect`: an in-band URL elicitation (`elicitationId` c-…); after `accept`, completes once the test's
 *   "browser" calls `browser_done`, and sends `notifications/elicitation/complete`.
 * - `needs_url`: -32042 until the flow n-1 is done in the "browser" (`browser_done`), then `connected`.
 * - `browser_done { id }`: what the person's browser would make happen: the flow completes.
 */
export function createV1Server(): McpServer {
  const server = new McpServer({ name: 'v1-server', title: 'V1 Test Server', version: '1.32.2' });
  const done = new Map<string, () => void>();
  const completed = new Set<string>();
  const whenDone = (id: string) => new Promise<void>((resolve) => done.set(id, resolve));
  const complete = (id: string) =>
    server.server.notification({
      method: 'notifications/elicitation/complete',
      params: { elicitationId: id },
    });

  server.registerTool('book', { description: 'Books a table' }, async (extra) => {
    const result = await extra.sendRequest(
      {
        method: 'elicitation/create',
        // Raw on purpose: the v1 SDK's request types do not know titled single-selects.
        params: { mode: 'form', message: 'Book a table', requestedSchema: BOOKING_SCHEMA } as never,
      },
      ElicitResultSchema,
    );
    return text(JSON.stringify(result));
  });
  server.registerTool(
    'raw',
    { description: 'Sends any elicitation/create', inputSchema: { params: z.string() } },
    async ({ params }, extra) => {
      try {
        const result = await extra.sendRequest(
          { method: 'elicitation/create', params: JSON.parse(params) as never },
          ElicitResultSchema,
        );
        return text(JSON.stringify(result));
      } catch (error) {
        const { code, message } = error as { code?: number; message: string };
        return text(`error ${code}: ${message}`);
      }
    },
  );
  server.registerTool('connect', { description: 'Connects an account in the browser' }, async (extra) => {
    const elicitationId = `c-${randomUUID()}`;
    const finished = whenDone(elicitationId);
    const result = await extra.sendRequest(
      {
        method: 'elicitation/create',
        params: {
          mode: 'url',
          message: 'Connect your account',
          url: `https://example.com/connect/${elicitationId}`,
          elicitationId,
        },
      },
      ElicitResultSchema,
    );
    if (result.action !== 'accept') return text(`not connected (${result.action})`);
    await finished;
    await complete(elicitationId);
    return text('connected');
  });
  server.registerTool('needs_url', { description: 'Needs a URL flow first' }, async () => {
    if (!completed.has('n-1')) {
      throw new UrlElicitationRequiredError([
        {
          mode: 'url',
          message: 'Connect first',
          url: 'https://example.com/connect/n-1',
          elicitationId: 'n-1',
        },
      ]);
    }
    return text('connected');
  });
  server.registerTool(
    'browser_done',
    { description: 'The browser side of a URL flow finished', inputSchema: { id: z.string() } },
    async ({ id }) => {
      completed.add(id);
      done.get(id)?.();
      if (id.startsWith('n-')) await complete(id);
      return text('ok');
    },
  );
  return server;
}

/** `createV1Server()` behind the v1 SDK's Streamable HTTP transport on 127.0.0.1, a free port; one session. */
export async function startV1HttpServer(create: () => McpServer = createV1Server) {
  const mcp = create();
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  await mcp.connect(transport);
  return serveOnLoopback(mcp, (request, response) => transport.handleRequest(request, response));
}

/**
 * The server side of `capacity.ts`, one process per variant so each heap is its own:
 *   elicitkit: `serveMcpHttp` + a tool awaiting `elicitForm`
 *   raw:       the raw SDK: WebStandardStreamableHTTPServerTransport per session on @hono/node-server, a tool
 *              awaiting `ctx.mcpReq.elicitInput`
 * Both ask the same form and wait up to 10 minutes. Answers `measure` IPC messages with its memory after GC.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { elicitForm, enableElicitation } from '@elicitkit/server';
import { serveMcpHttp } from '@elicitkit/server/http';
import { serve } from '@hono/node-server';
import {
  type ElicitRequestFormParams,
  isInitializeRequest,
  McpServer,
  type ServerContext,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';

const WAIT_MS = 10 * 60 * 1000;
const MESSAGE = 'Your details, please';
const SCHEMA: ElicitRequestFormParams['requestedSchema'] = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', minLength: 1, maxLength: 100 },
    email: { type: 'string', title: 'Email', format: 'email' },
    age: { type: 'integer', title: 'Age', minimum: 0, maximum: 150 },
    plan: {
      type: 'string',
      title: 'Plan',
      oneOf: [
        { const: 'free', title: 'Free' },
        { const: 'pro', title: 'Pro' },
      ],
    },
  },
  required: ['name', 'email'],
};

function serverWith(ask: (ctx: ServerContext) => Promise<unknown>): McpServer {
  const server = enableElicitation(new McpServer({ name: 'capacity', version: '1.0.0' }));
  server.registerTool('ask', { description: 'asks a form and waits' }, async (ctx) => ({
    content: [{ type: 'text', text: JSON.stringify(await ask(ctx)) }],
  }));
  return server;
}

async function serveElicitkit(): Promise<URL> {
  const served = await serveMcpHttp(() =>
    serverWith((ctx) => elicitForm(ctx, { message: MESSAGE, schema: SCHEMA, timeoutMs: WAIT_MS })),
  );
  return served.url;
}

async function serveRaw(): Promise<URL> {
  const transports = new Map<string, WebStandardStreamableHTTPServerTransport>();
  const fetch = async (request: Request): Promise<Response> => {
    const sessionId = request.headers.get('mcp-session-id');
    const known = sessionId ? transports.get(sessionId) : undefined;
    if (known) return known.handleRequest(request);
    const body = await request.json().catch(() => undefined);
    if (!isInitializeRequest(body)) return new Response('Bad Request', { status: 400 });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => void transports.set(id, transport),
    });
    transport.onclose = () => void (transport.sessionId && transports.delete(transport.sessionId));
    await serverWith((ctx) =>
      ctx.mcpReq.elicitInput(
        { mode: 'form', message: MESSAGE, requestedSchema: SCHEMA },
        { timeout: WAIT_MS },
      ),
    ).connect(transport);
    return transport.handleRequest(request, { parsedBody: body });
  };
  const port = await new Promise<number>((resolve) => {
    serve({ fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => resolve(info.port));
  });
  return new URL(`http://127.0.0.1:${port}/mcp`);
}

const variant = process.argv[2];
const url = variant === 'raw' ? await serveRaw() : await serveElicitkit();
process.on('message', (message) => {
  if (message !== 'measure') return;
  for (let i = 0; i < 4; i++) globalThis.gc?.();
  process.send?.({ memory: process.memoryUsage() });
});
process.send?.({ ready: url.href });
process.on('disconnect', () => process.exit(0));

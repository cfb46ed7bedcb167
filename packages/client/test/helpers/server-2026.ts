import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, StreamableHTTPClientTransport, type Transport } from '@modelcontextprotocol/client';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { type InstallElicitationOptions, installElicitation } from '../../src/index.js';

export type Tool2026 = (ctx: ToolContext) => Promise<unknown> | unknown;

/** The slice of the SDK's tool context these tests read. */
export interface ToolContext {
  mcpReq: {
    id: unknown;
    inputResponses?: Record<string, unknown>;
    requestState<T = unknown>(): T | undefined;
    envelope?: Record<string, unknown>;
    _meta?: Record<string, unknown>;
  };
}

/** Every leg the server saw: the JSON-RPC request as it arrived, for M-12/M-13/M-16 checks. */
export interface SeenLeg {
  id: unknown;
  params: Record<string, unknown>;
}

/**
 * A plain SDK 2.4 server that speaks only 2026-07-28 (`createMcpHandler`, `legacy: 'reject'`), with the
 * given tools. `memory`: the client reaches `handler.fetch` in process (the SDK's in-memory entry for this
 * era); `http`: Streamable HTTP on 127.0.0.1, a free port.
 */
export async function startServer2026(
  tools: Record<string, Tool2026>,
  how: 'memory' | 'http' = 'memory',
  serverInfo = { name: 'server-2026', title: 'Test Server 2026', version: '3.0.0' },
  /** Answers a `tools/call` leg with this raw result instead of the SDK: what no SDK server would send. */
  rawToolResult?: (leg: SeenLeg) => Record<string, unknown> | undefined,
) {
  const legs: SeenLeg[] = [];
  const handler = createMcpHandler(
    () => {
      const server = new McpServer(serverInfo);
      for (const [name, tool] of Object.entries(tools)) {
        server.registerTool(name, { description: `test tool ${name}` }, (async (ctx: ToolContext) =>
          tool(ctx)) as never);
      }
      return server;
    },
    { legacy: 'reject' } as never,
  );
  const recordingFetch = async (request: Request) => {
    if (request.method === 'POST') {
      const body = (await request.clone().json()) as {
        id?: unknown;
        method?: string;
        params?: Record<string, unknown>;
      };
      if (body.method === 'tools/call') {
        const leg = { id: body.id, params: body.params ?? {} };
        legs.push(leg);
        const result = rawToolResult?.(leg);
        if (result) return Response.json({ jsonrpc: '2.0', id: body.id, result });
      }
    }
    return handler.fetch(request);
  };
  if (how === 'memory') {
    return {
      legs,
      transport: (): Transport =>
        new StreamableHTTPClientTransport(new URL('http://in-process.invalid/mcp'), {
          fetch: (url: string | URL | Request, init?: RequestInit) => recordingFetch(new Request(url, init)),
        } as never),
      close: async () => {},
    };
  }
  const node = toNodeHandler({ fetch: (request: Request) => recordingFetch(request) } as never);
  const http = createServer((request, response) => void node(request as never, response as never));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  const url = new URL(`http://127.0.0.1:${port}/mcp`);
  return {
    legs,
    url,
    transport: (): Transport => new StreamableHTTPClientTransport(url),
    close: async () => {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/** A client with elicitkit installed, connected to `server` on whatever era negotiation finds. */
export async function connect2026(server: { transport(): Transport }, options: InstallElicitationOptions) {
  const client = new Client(
    { name: 'elicitkit-test-host', version: '0.0.0' },
    { versionNegotiation: { mode: 'auto' } },
  );
  const host = installElicitation(client, options);
  await client.connect(server.transport());
  return { client, host, close: () => client.close() };
}

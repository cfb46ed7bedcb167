import {
  Client,
  type ClientCapabilities,
  type ElicitRequest,
  type ElicitResult,
} from '@modelcontextprotocol/client';
import {
  InMemoryTransport,
  type JSONRPCMessage,
  McpServer,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { type ElicitationOptions, enableElicitation } from '../../src/index.js';

/** Which protocol revision the harness speaks: 2025-11-25 sessions or 2026-07-28 multi round-trip requests. */
export type Era = '2025-11-25' | '2026-07-28';
export const ERAS: readonly Era[] = ['2025-11-25', '2026-07-28'];

/** What the fake user (the real SDK client's elicitation handler) does with each request. */
export type Answerer = (params: ElicitRequest['params']) => ElicitResult | Promise<ElicitResult>;

export type ToolHandler = (ctx: ServerContext) => Promise<unknown>;

export interface Harness {
  client: Client;
  server: McpServer;
  /** Every `elicitation/create` params the client received, in order. */
  received: ElicitRequest['params'][];
  /** Every JSON-RPC message the server sent, in order. */
  sent: JSONRPCMessage[];
  /** Calls `tool` and returns what its handler returned (or the error text it threw, as `{ error }`). */
  call(tool: string, options?: { signal?: AbortSignal; timeout?: number }): Promise<unknown>;
  close(): Promise<void>;
}

/**
 * A real McpServer and a real SDK Client over the SDK's in-memory transport. Each tool handler's return
 * value travels back as JSON in a text block, and a thrown error as `{ error: { name, code, message } }`,
 * so tests assert on what the handler saw.
 */
export async function inMemoryHarness(options: {
  tools: Record<string, ToolHandler>;
  answer?: Answerer;
  capabilities?: ClientCapabilities;
  /** Default 2025-11-25. */
  era?: Era;
  elicitation?: ElicitationOptions;
}): Promise<Harness> {
  const era = options.era ?? '2025-11-25';
  const makeServer = () => {
    const made = enableElicitation(
      new McpServer({ name: 'elicitkit-test', version: '1.0.0' }),
      options.elicitation,
    );
    registerTools(made, options.tools);
    return made;
  };
  // 2025: one server on the session; 2026: the SDK's stdio entry makes an instance and pins the connection's era.
  const server = makeServer();
  const received: ElicitRequest['params'][] = [];
  const client = new Client(
    { name: 'test-client', version: '1.0.0' },
    {
      capabilities: options.capabilities ?? { elicitation: { form: {} } },
      ...(era === '2026-07-28' && { versionNegotiation: { mode: { pin: '2026-07-28' } } }),
    },
  );
  if (options.capabilities?.elicitation !== undefined || options.capabilities === undefined) {
    client.setRequestHandler('elicitation/create', async (request) => {
      received.push(request.params);
      if (!options.answer) throw new Error('no answer scripted');
      return options.answer(request.params);
    });
  }
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const sent: JSONRPCMessage[] = [];
  const send = serverTransport.send.bind(serverTransport);
  serverTransport.send = (message, sendOptions) => {
    sent.push(message);
    return send(message, sendOptions);
  };
  let served: { close(): Promise<void> };
  if (era === '2026-07-28') {
    served = serveStdio(makeServer, { transport: serverTransport });
  } else {
    await server.connect(serverTransport);
    served = server;
  }
  await client.connect(clientTransport);
  return {
    client,
    server,
    received,
    sent,
    call: (tool, callOptions) => callTool(client, tool, callOptions),
    async close() {
      await client.close();
      await served.close();
    },
  };
}

export function registerTools(server: McpServer, tools: Record<string, ToolHandler>): void {
  for (const [name, handler] of Object.entries(tools)) {
    server.registerTool(name, { description: `test tool ${name}` }, async (ctx) => {
      try {
        return textResult(await handler(ctx));
      } catch (error) {
        return textResult({ error: describeError(error) });
      }
    });
  }
}

export async function callTool(
  client: Client,
  tool: string,
  options: { signal?: AbortSignal; timeout?: number } = {},
): Promise<unknown> {
  const result = await client.callTool({ name: tool, arguments: {} }, options);
  const block = (result.content as Array<{ type: string; text?: string }>)[0];
  return JSON.parse(block?.text ?? 'null');
}

function textResult(value: unknown) {
  return { content: [{ type: 'text' as const, text: JSON.stringify(value ?? null) }] };
}

export function describeError(error: unknown): {
  name: string;
  code?: unknown;
  message: string;
  [key: string]: unknown;
} {
  if (!(error instanceof Error)) return { name: 'non-error', message: String(error) };
  const extra = error as Error & { code?: unknown; details?: unknown };
  return {
    name: error.name,
    code: extra.code,
    message: error.message,
    ...(extra.details !== undefined && { details: extra.details }),
  };
}

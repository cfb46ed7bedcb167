import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server as V1Server } from '@modelcontextprotocol/sdk/server/index.js';
import { McpServer as V1McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  CallToolRequestSchema,
  ElicitRequestSchema,
  ListToolsRequestSchema,
  type Progress,
} from '@modelcontextprotocol/sdk/types.js';
import { McpServer } from '@modelcontextprotocol/server';
import { Client as Client117 } from 'mcp-sdk-1-17/client/index.js';
import { McpServer as McpServer117 } from 'mcp-sdk-1-17/server/mcp.js';
import { ElicitRequestSchema as ElicitRequestSchema117 } from 'mcp-sdk-1-17/types.js';
import { type ElicitationOptions, enableElicitation, type HandlerContext } from '../../src/index.js';
import { describeError } from './harness.js';

/**
 * Real servers of both SDK generations with elicitkit on one side, real v1 SDK clients on the other (1.32.x, which
 * negotiates 2025-11-25, and 1.17.x, a 2025-06-18 peer), over the v1 SDK's in-memory transport. Each tool handler's
 * return value travels back as JSON in a text block, a thrown error as `{ error: { name, code, message, details } }`.
 */

/** Which server elicitkit is enabled on. */
export type ServerKind = 'v1 McpServer' | 'v1 Server' | 'v1.17 McpServer' | 'v2 McpServer';
/** Which client calls it: the v1 SDK 1.32 (2025-11-25) or 1.17 (2025-06-18). */
export type ClientKind = 'sdk 1.32' | 'sdk 1.17';

export const SERVER_KINDS: readonly ServerKind[] = [
  'v1 McpServer',
  'v1 Server',
  'v1.17 McpServer',
  'v2 McpServer',
];

/** Any elicitation params as the client received them. */
export type ReceivedParams = Record<string, unknown> & { message: string; requestedSchema?: unknown };
export type PeerAnswer = (params: ReceivedParams) => unknown;
export type PeerTool = (ctx: HandlerContext) => Promise<unknown>;

export interface PeerHarness {
  received: ReceivedParams[];
  /** Progress notifications the client saw, in order. */
  progress: Progress[];
  /** Resolves once the client has seen `count` progress notifications. */
  whenProgress(count: number): Promise<void>;
  /** The server elicitkit was enabled on (McpServer or Server of its SDK). */
  server: unknown;
  call(
    tool: string,
    options?: { signal?: AbortSignal; timeoutMs?: number; progress?: boolean },
  ): Promise<unknown>;
  close(): Promise<void>;
}

export interface PeerOptions {
  server: ServerKind;
  client: ClientKind;
  tools: Record<string, PeerTool>;
  answer?: PeerAnswer;
  /** Default `{ elicitation: { form: {} } }` (1.32) or `{ elicitation: {} }` (1.17, which has no modes). */
  capabilities?: Record<string, unknown>;
  elicitation?: ElicitationOptions;
}

const textResult = (value: unknown) => ({
  content: [{ type: 'text' as const, text: JSON.stringify(value ?? null) }],
});

async function run(tool: PeerTool, ctx: HandlerContext) {
  try {
    return textResult(await tool(ctx));
  } catch (error) {
    return textResult({ error: describeError(error) });
  }
}

/** A server of `kind` with elicitkit enabled and `tools` registered the way that SDK's authors register them. */
export function makeServer(
  kind: ServerKind,
  tools: Record<string, PeerTool>,
  elicitation?: ElicitationOptions,
): { connect(transport: unknown): Promise<void>; close(): Promise<void>; instance: unknown } {
  if (kind === 'v2 McpServer') {
    const server = enableElicitation(new McpServer({ name: 'peer-test', version: '1.0.0' }), elicitation);
    for (const [name, tool] of Object.entries(tools)) {
      server.registerTool(name, { description: `test tool ${name}` }, (ctx) => run(tool, ctx));
    }
    return { connect: (t) => server.connect(t as never), close: () => server.close(), instance: server };
  }
  if (kind === 'v1 McpServer' || kind === 'v1.17 McpServer') {
    const Made = kind === 'v1 McpServer' ? V1McpServer : (McpServer117 as unknown as typeof V1McpServer);
    const server = enableElicitation(new Made({ name: 'peer-test', version: '1.0.0' }), elicitation);
    for (const [name, tool] of Object.entries(tools)) {
      server.registerTool(name, { description: `test tool ${name}` }, (extra) => run(tool, extra));
    }
    return { connect: (t) => server.connect(t as never), close: () => server.close(), instance: server };
  }
  // The low-level v1 Server: handlers installed with zod request schemas, `extra` as the context.
  const server = enableElicitation(
    new V1Server({ name: 'peer-test', version: '1.0.0' }, { capabilities: { tools: {} } }),
    elicitation,
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: Object.keys(tools).map((name) => ({ name, inputSchema: { type: 'object' as const } })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = tools[request.params.name];
    if (!tool) throw new Error(`unknown tool ${request.params.name}`);
    return run(tool, extra);
  });
  return { connect: (t) => server.connect(t as never), close: () => server.close(), instance: server };
}

type AnyClient = {
  connect(transport: never): Promise<void>;
  close(): Promise<void>;
  callTool(params: unknown, schema?: unknown, options?: unknown): Promise<{ content?: unknown }>;
};

export function makeClient(
  kind: ClientKind,
  received: ReceivedParams[],
  answer: PeerAnswer | undefined,
  capabilities?: Record<string, unknown>,
): AnyClient {
  const info = { name: `peer-client-${kind}`, version: '1.0.0' };
  const handler = async (request: { params: unknown }) => {
    const params = request.params as ReceivedParams;
    received.push(params);
    if (!answer) throw new Error('no answer scripted');
    return (await answer(params)) as never;
  };
  if (kind === 'sdk 1.17') {
    const client = new Client117(info, { capabilities: (capabilities ?? { elicitation: {} }) as never });
    if (capabilities === undefined || 'elicitation' in capabilities)
      client.setRequestHandler(ElicitRequestSchema117, handler);
    return client as unknown as AnyClient;
  }
  const client = new V1Client(info, {
    capabilities: (capabilities ?? { elicitation: { form: {} } }) as never,
  });
  if (capabilities === undefined || 'elicitation' in capabilities)
    client.setRequestHandler(ElicitRequestSchema, handler);
  return client as unknown as AnyClient;
}

export async function peerHarness(options: PeerOptions): Promise<PeerHarness> {
  const server = makeServer(options.server, options.tools, options.elicitation);
  const received: ReceivedParams[] = [];
  const progress: Progress[] = [];
  const progressWaiters: Array<{ count: number; resolve: () => void }> = [];
  const onProgress = (p: Progress) => {
    progress.push(p);
    for (const waiter of progressWaiters.filter((w) => progress.length >= w.count)) {
      progressWaiters.splice(progressWaiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  };
  const client = makeClient(options.client, received, options.answer, options.capabilities);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide as never);
  return {
    received,
    progress,
    whenProgress: (count) =>
      progress.length >= count
        ? Promise.resolve()
        : new Promise((resolve) => progressWaiters.push({ count, resolve })),
    server: server.instance,
    async call(tool, callOptions = {}) {
      const result = await client.callTool({ name: tool, arguments: {} }, undefined, {
        ...(callOptions.signal && { signal: callOptions.signal }),
        ...(callOptions.timeoutMs !== undefined && { timeout: callOptions.timeoutMs }),
        ...(callOptions.progress && {
          onprogress: onProgress,
          resetTimeoutOnProgress: true,
        }),
      });
      const block = (result.content as Array<{ text?: string }>)[0];
      return JSON.parse(block?.text ?? 'null');
    },
    async close() {
      await client.close();
      await server.close();
    },
  };
}

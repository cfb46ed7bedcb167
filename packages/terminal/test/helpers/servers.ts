import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { McpServer, type ServerContext } from '@modelcontextprotocol/server';

export interface TestServer {
  url: string;
  close(): Promise<void>;
}

type ElicitParams = Record<string, unknown>;

/**
 * Sends `elicitation/create` on the tool call's own stream (related to the call), so a Streamable HTTP
 * client gets it on the call's SSE response, and waits as long as a person may need.
 */
export function elicit(ctx: ServerContext, params: ElicitParams): Promise<Record<string, unknown>> {
  return ctx.mcpReq.send({ method: 'elicitation/create', params }, { timeout: 120_000 }) as Promise<
    Record<string, unknown>
  >;
}

/**
 * A Streamable HTTP MCP server written with the raw SDK, one session per client, on 127.0.0.1 and a
 * free port. Friendly or hostile: `setup` registers whatever tools the test needs.
 */
export async function startServer(
  setup: (server: McpServer) => void,
  info: { name: string; version: string; title?: string } = { name: 'test-server', version: '1.0.0' },
): Promise<TestServer> {
  const sessions = new Map<string, { transport: NodeStreamableHTTPServerTransport; server: McpServer }>();
  const http = createServer(async (req, res) => {
    const id = req.headers['mcp-session-id'];
    let session = typeof id === 'string' ? sessions.get(id) : undefined;
    if (!session) {
      const server = new McpServer(info);
      setup(server);
      const transport: NodeStreamableHTTPServerTransport = new NodeStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sessionId) => {
          sessions.set(sessionId, { transport, server });
        },
      });
      session = { transport, server };
      await server.connect(transport);
    }
    await session.transport.handleRequest(req, res);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    async close() {
      for (const { server } of sessions.values()) await server.close().catch(() => {});
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/** A tool result carrying the elicitation answer as JSON, so tests can read what the server got. */
export function answerResult(answer: unknown) {
  return { content: [{ type: 'text' as const, text: `ANSWER ${JSON.stringify(answer)}` }] };
}

import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/**
 * A v1 SDK server behind its Streamable HTTP transport on 127.0.0.1 and a free port, one server and transport per
 * session (`create` is called at each `initialize`), as a real deployment serves several clients. `close` ends every
 * session, then the listener.
 */
export async function serveV1Sessions(create: () => McpServer) {
  const sessions = new Map<string, { server: McpServer; transport: StreamableHTTPServerTransport }>();
  /** Every session opened so far (`initialize`s served), and the `Authorization` header each came with. */
  const opened: { authorization: string | undefined }[] = [];
  const http = createServer(async (request, response) => {
    const id = request.headers['mcp-session-id'];
    const known = typeof id === 'string' ? sessions.get(id) : undefined;
    if (known) return known.transport.handleRequest(request, response);
    if (request.method !== 'POST') {
      response.writeHead(404).end();
      return;
    }
    const server = create();
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sessionId) => {
        sessions.set(sessionId, { server, transport });
        opened.push({ authorization: request.headers.authorization });
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    await transport.handleRequest(request, response);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: new URL(`http://127.0.0.1:${port}/mcp`),
    opened,
    async close() {
      for (const { server } of sessions.values()) await server.close().catch(() => {});
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { McpServer } from '@modelcontextprotocol/server';

/** An MCP server of any SDK generation, connected to a Streamable HTTP transport of the same generation. */
interface NodeMcp {
  close(): Promise<void>;
}

/**
 * Serves `handle` (a Streamable HTTP transport's `handleRequest`) on 127.0.0.1, a free port; `close` stops
 * the MCP server, then the listener.
 */
export async function serveOnLoopback(
  mcp: NodeMcp,
  handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>,
) {
  const http = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: new URL(`http://127.0.0.1:${port}/mcp`),
    async close() {
      await mcp.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/**
 * A server written with the raw SDK (`McpServer`, no elicitkit) behind Streamable HTTP on 127.0.0.1, on a
 * free port. One session: enough for one test client.
 */
export async function startSdkHttpServer(register: (server: McpServer) => void) {
  const mcp = new McpServer({ name: 'sdk-http-server', title: 'SDK HTTP Server', version: '2.0.0' });
  register(mcp);
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  await mcp.connect(transport);
  return {
    mcp,
    ...(await serveOnLoopback(mcp, (request, response) => transport.handleRequest(request, response))),
  };
}

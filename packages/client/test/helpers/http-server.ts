import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { McpServer } from '@modelcontextprotocol/server';

/**
 * A server written with the raw SDK (`McpServer`, no elicitkit) behind Streamable HTTP on 127.0.0.1, on a
 * free port. One session: enough for one test client.
 */
export async function startSdkHttpServer(register: (server: McpServer) => void) {
  const mcp = new McpServer({ name: 'sdk-http-server', title: 'SDK HTTP Server', version: '2.0.0' });
  register(mcp);
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  await mcp.connect(transport);
  const http = createServer((request, response) => void transport.handleRequest(request, response));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    mcp,
    url: new URL(`http://127.0.0.1:${port}/mcp`),
    async close() {
      await mcp.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

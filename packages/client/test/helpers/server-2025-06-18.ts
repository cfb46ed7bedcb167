// A server of revision 2025-06-18, written with the v1 SDK 1.17 (`mcp-sdk-1-17`): it sends what that
// revision has, a form without `mode` and a titled single-select as `enum` + `enumNames`.
import { randomUUID } from 'node:crypto';
import { McpServer } from 'mcp-sdk-1-17/server/mcp.js';
import { StreamableHTTPServerTransport } from 'mcp-sdk-1-17/server/streamableHttp.js';
import { ElicitResultSchema } from 'mcp-sdk-1-17/types.js';
import { serveOnLoopback } from './http-server.js';

/** The napkin question, as a 2025-06-18 server asks it. */
export const COLOR_REQUEST = {
  message: 'Which napkins?',
  requestedSchema: {
    type: 'object',
    properties: {
      color: {
        type: 'string',
        title: 'Napkin colour',
        enum: ['#b22222', '#228b22'],
        enumNames: ['Firebrick red', 'Forest green'],
      },
      folded: { type: 'boolean', title: 'Folded', default: true },
    },
    required: ['color'],
  },
};

/** One tool, `pick_color`: asks `COLOR_REQUEST` and returns the `ElicitResult` as JSON. */
export function create20250618Server(): McpServer {
  const server = new McpServer({ name: 'server-2025-06-18', version: '1.17.5' });
  server.registerTool('pick_color', { description: 'Asks for a napkin colour' }, async (extra) => {
    // Raw, not elicitInput: 1.17 checks the answer with a strict Ajv that does not know `enumNames`.
    const result = await extra.sendRequest(
      { method: 'elicitation/create', params: COLOR_REQUEST as never },
      ElicitResultSchema,
    );
    return { content: [{ type: 'text', text: JSON.stringify(result) }] };
  });
  return server;
}

/** `create20250618Server()` behind the 1.17 Streamable HTTP transport on 127.0.0.1, a free port; one session. */
export async function start20250618HttpServer() {
  const mcp = create20250618Server();
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  await mcp.connect(transport);
  return serveOnLoopback(mcp, (request, response) => transport.handleRequest(request, response));
}

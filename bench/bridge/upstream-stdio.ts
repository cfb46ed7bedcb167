// A v1 SDK 1.32 server on stdio pushing one form per call (2025-11-25): the upstream of bench/bridge/peers.ts behind
// the bridge and supergateway, and the direct connection's server.

import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { contactSchema } from '../server-form/contact.js';

const server = new McpServer({ name: 'upstream-stdio-2025', version: '1.0.0' });
server.registerTool('ask', { description: 'asks one form' }, async (extra) => {
  const result = await extra.sendRequest(
    {
      method: 'elicitation/create',
      params: { mode: 'form', message: 'Your details', requestedSchema: contactSchema(0) } as never,
    },
    ElicitResultSchema,
  );
  return { content: [{ type: 'text', text: JSON.stringify(result) }] };
});
await server.connect(new StdioServerTransport());

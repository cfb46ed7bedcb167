// A plain SDK 2.4 server on stdio that serves only 2026-07-28 (`serveStdio`, `legacy: 'reject'`): one form tool,
// `ask`, which answers with what the host sent (`ANSWER <json>`). Run with `node --import tsx`; the client's and the
// terminal's stdio tests share it.
import { inputRequired, McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

serveStdio(
  () => {
    const server = new McpServer({ name: 'stdio-server-2026', version: '1.0.0' });
    server.registerTool('ask', { description: 'Asks for a name' }, (async (ctx: {
      mcpReq: { inputResponses?: Record<string, unknown> };
    }) => {
      const answer = ctx.mcpReq.inputResponses?.name;
      if (answer) return { content: [{ type: 'text', text: `ANSWER ${JSON.stringify(answer)}` }] };
      return inputRequired({
        inputRequests: {
          name: inputRequired.elicit({
            message: 'Who are you?',
            requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
          }),
        },
        requestState: 'stdio-state',
      });
    }) as never);
    return server;
  },
  { legacy: 'reject' },
);

// A plain SDK 2.4 server on stdio that serves only 2026-07-28 (`serveStdio`, `legacy: 'reject'`): one form tool.
import { acceptedContent, inputRequired, McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

serveStdio(
  () => {
    const server = new McpServer({ name: 'stdio-server-2026', version: '1.0.0' });
    server.registerTool('ask', { description: 'Asks for a name' }, (async (ctx: {
      mcpReq: { inputResponses?: Record<string, unknown> };
    }) => {
      const answer = acceptedContent(ctx.mcpReq.inputResponses, 'name') as { name?: string } | undefined;
      if (!answer) {
        return inputRequired({
          inputRequests: {
            name: inputRequired.elicit({
              message: 'Who are you?',
              requestedSchema: {
                type: 'object',
                properties: { name: { type: 'string' } },
                required: ['name'],
              },
            }),
          },
          requestState: 'stdio-state',
        });
      }
      return { content: [{ type: 'text', text: `hello ${answer.name} over stdio` }] };
    }) as never);
    return server;
  },
  { legacy: 'reject' },
);

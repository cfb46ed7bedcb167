// A plain SDK 2.4 server on stdio that serves only 2026-07-28 (`serveStdio`, `legacy: 'reject'`): one form tool.
import { inputRequired, McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { answerResult } from './servers.js';

serveStdio(
  () => {
    const server = new McpServer({ name: 'modern-stdio-server', version: '1.0.0' });
    server.registerTool('ask', { description: 'Asks for a name' }, (async (ctx: {
      mcpReq: { inputResponses?: Record<string, unknown> };
    }) => {
      const answer = ctx.mcpReq.inputResponses?.name;
      if (answer) return answerResult(answer);
      return inputRequired({
        inputRequests: {
          name: inputRequired.elicit({
            message: 'Who are you?',
            requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
          }),
        },
      });
    }) as never);
    return server;
  },
  { legacy: 'reject' },
);

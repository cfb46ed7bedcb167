// A raw-SDK MCP server on stdio for `elicit … -- <command>`: one form tool, and a hostile line on stderr.
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { answerResult, elicit } from './servers.js';

const server = new McpServer({ name: 'stdio-server', version: '0.0.1' });
server.registerTool('ask', { description: 'Asks for a name' }, async (ctx) => {
  process.stderr.write('starting \u001b]0;OWNED\u0007form\n');
  return answerResult(
    await elicit(ctx, {
      mode: 'form',
      message: 'Who are you?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    }),
  );
});
await server.connect(new StdioServerTransport());

// An elicitkit server (v2 SDK + @elicitkit/server) on stdio, started as a child process with the
// `@elicitkit/source` condition: one form tool built with the typed builders, answering with what it got.
import { boolean, choice, elicitForm, enableElicitation, integer, text } from '@elicitkit/server';
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

const server = enableElicitation(
  new McpServer({ name: 'elicitkit-stdio', title: 'Elicitkit Stdio', version: '1.0.0' }),
);
server.registerTool('order', { description: 'Orders a coffee' }, async (ctx) => {
  const outcome = await elicitForm(ctx, {
    message: 'Your order?',
    schema: {
      name: text({ minLength: 1 }).title('Name'),
      size: choice({ s: 'Small', l: 'Large' }).title('Size'),
      shots: integer({ minimum: 1, maximum: 3 }).title('Shots').default(1),
      oat: boolean().title('Oat milk').default(false),
    },
  });
  return { content: [{ type: 'text', text: JSON.stringify(outcome) }] };
});
await server.connect(new StdioServerTransport());

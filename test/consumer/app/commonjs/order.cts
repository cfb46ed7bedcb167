// A CommonJS server written in TypeScript (issue 41): compiled with "module": "nodenext" as a `.cts` file, so its
// imports become `require` calls of the ES-module packages, which Node 20.19 runs. The server README's `order` tool.
import { elicitForm, enableElicitation, text } from '@elicitkit/server';
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

serveStdio(() => {
  const server = enableElicitation(new McpServer({ name: 'shop', version: '1.0.0' }));
  server.registerTool('order', { description: 'Places an order' }, async (ctx) => {
    const outcome = await elicitForm(ctx, {
      message: 'Where should we ship it?',
      schema: { name: text().title('Name'), zip: text({ pattern: '^[0-9]{5}$' }).title('ZIP code') },
    });
    if (outcome.action !== 'accept')
      return { content: [{ type: 'text', text: `No order (${outcome.action}).` }] };
    return { content: [{ type: 'text', text: `Shipping to ${outcome.data.name}, ${outcome.data.zip}.` }] };
  });
  return server;
});

// A CommonJS server in a consumer app (issue 29): the server README's `order` tool, with `require`.
// Usage: node server.cjs v2-stdio | v2-http | v1-stdio
const { elicitForm, enableElicitation, text } = require('@elicitkit/server');

const mode = process.argv[2];
const v1 = mode === 'v1-stdio';
const { McpServer } = v1
  ? require('@modelcontextprotocol/sdk/server/mcp.js')
  : require('@modelcontextprotocol/server');

function createServer() {
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
}

if (mode === 'v2-stdio') {
  require('@modelcontextprotocol/server/stdio').serveStdio(createServer);
} else if (mode === 'v2-http') {
  require('@elicitkit/server/http')
    .serveMcpHttp(() => createServer(), { port: 0 })
    .then(({ url }) => console.log(`MCP endpoint: ${url}`));
} else if (v1) {
  const { StdioServerTransport } = require('@modelcontextprotocol/sdk/server/stdio.js');
  createServer().connect(new StdioServerTransport());
} else {
  throw new Error(`usage: server.cjs v2-stdio | v2-http | v1-stdio, got ${mode}`);
}

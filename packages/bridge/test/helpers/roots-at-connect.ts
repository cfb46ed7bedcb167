// A stdio upstream that asks for roots as soon as it is initialized, outside any call (as server-everything does),
// and tells what it heard through its `roots_outcome` tool.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

const server = new McpServer({ name: 'roots-at-connect', version: '1.0.0' });
let outcome: Promise<string> = Promise.resolve('never asked');
server.server.oninitialized = () => {
  outcome = server.server.listRoots().then(
    (result) => JSON.stringify(result),
    (error: Error) => `error: ${error.message}`,
  );
};
server.registerTool(
  'roots_outcome',
  { description: 'What the roots request at connection heard' },
  async () => ({
    content: [{ type: 'text', text: await outcome }],
  }),
);
await server.connect(new StdioServerTransport());

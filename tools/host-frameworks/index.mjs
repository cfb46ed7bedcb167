// What packages/client/test/recipes.test.ts takes from the host frameworks, resolved from this folder's own
// node_modules (installed on first use by test/support/tool-install.ts) with Node's ESM conditions, as an app
// importing them would. elicitkit itself is not here: the tests hand these clients the workspace's code.
export { createMCPClient, ElicitationRequestSchema } from '@ai-sdk/mcp';
export { MCPClient } from '@mastra/mcp';

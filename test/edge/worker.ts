import { enableElicitation } from '@elicitkit/server';
import { createMcpHandler, type McpHttpHandler, McpServer } from '@modelcontextprotocol/server';
import { registerEdgeTools } from './tools.js';

/**
 * A Cloudflare-Workers-style entry: bundled by bundleWorker (workerd.ts) and run in the real workerd runtime by
 * workerd.test.ts. 2026-07-28 only (no sessions on the edge); the state key comes from a text binding.
 */
interface Env {
  ELICITKIT_STATE_KEY: string;
}

let handler: McpHttpHandler | undefined;

export default {
  fetch(request: Request, env: Env): Promise<Response> {
    handler ??= createMcpHandler(
      () => {
        const server = enableElicitation(new McpServer({ name: 'edge', version: '1.0.0' }), {
          requestState: { key: env.ELICITKIT_STATE_KEY },
        });
        registerEdgeTools(server);
        return server;
      },
      { legacy: 'reject' },
    );
    return handler.fetch(request);
  },
};

// The upstream servers of bench/bridge/latency.ts, in a child process of their own (so that the bridge's heap holds
// only the bridge): a v1 SDK 1.32 server pushing its form on 2025-11-25, and an SDK v2 server asking it in
// 2026-07-28 rounds, and an elicitkit long-running tool asking in a task, each on Streamable HTTP. Prints
// `{ "v1": url, "v2": url, "tasks": url }` and runs until its stdin closes.

import { elicitForm, enableElicitation, longRunning } from '@elicitkit/server';
import { listen, serveMcpHttp } from '@elicitkit/server/http';
import { createTasks } from '@elicitkit/server/tasks';
import { McpServer as V1McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { acceptedContent, createMcpHandler, inputRequired, McpServer } from '@modelcontextprotocol/server';
import { serveV1Sessions } from '../../test/support/v1-http-sessions.js';
import { contactSchema } from '../server-form/contact.js';

const FORM = contactSchema(0);

const v1 = await serveV1Sessions(() => {
  const server = new V1McpServer({ name: 'upstream-2025', version: '1.0.0' });
  server.registerTool('ask', { description: 'asks one form' }, async (extra) => {
    const result = await extra.sendRequest(
      {
        method: 'elicitation/create',
        params: { mode: 'form', message: 'Your details', requestedSchema: FORM } as never,
      },
      ElicitResultSchema,
    );
    return { content: [{ type: 'text', text: JSON.stringify(result) }] };
  });
  return server;
});

const handler = createMcpHandler(
  () => {
    const server = new McpServer({ name: 'upstream-2026', version: '1.0.0' });
    server.registerTool('ask', { description: 'asks one form' }, (async (ctx: {
      mcpReq: { inputResponses?: Record<string, unknown> };
    }) => {
      const got = acceptedContent(ctx.mcpReq.inputResponses, 'details');
      if (!got) {
        return inputRequired({
          inputRequests: {
            details: inputRequired.elicit({ message: 'Your details', requestedSchema: FORM }),
          },
          requestState: 'opaque',
        });
      }
      return { content: [{ type: 'text', text: JSON.stringify(got) }] };
    }) as never);
    return server;
  },
  { legacy: 'reject' } as never,
);
const v2 = await listen((request) => handler.fetch(request), { hostname: '127.0.0.1', port: 0 });

// A long-running tool (Tasks extension) asking the same form in its task, polled as often as hosts allow (100 ms).
const tasks = createTasks({ pollIntervalMs: 100, maxTasksPerPrincipal: 10_000 });
const withTasks = await serveMcpHttp(() => {
  const server = enableElicitation(new McpServer({ name: 'upstream-tasks', version: '1.0.0' }), { tasks });
  server.registerTool(
    'ask',
    { description: 'asks one form in a task' },
    longRunning(async (ctx) => {
      const got = await elicitForm(ctx, { message: 'Your details', schema: FORM as never });
      return { content: [{ type: 'text' as const, text: JSON.stringify(got) }] };
    }),
  );
  return server;
});

console.log(JSON.stringify({ v1: v1.url.href, v2: new URL('/mcp', v2.url).href, tasks: withTasks.url.href }));
process.stdin.resume();
process.stdin.on('end', async () => {
  await v1.close();
  await v2.close();
  await withTasks.close();
  await tasks.close();
  process.exit(0);
});

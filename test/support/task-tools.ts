// The long-running tools every task test runs, in one copy: the server's own task tests (memory, SQLite, Redis, a
// killed instance), the client's hosts and the terminal's `elicit call`. Made like any app makes its server.
import { timerSleep } from '@elicitkit/core';
import {
  confirm,
  elicitForm,
  enableElicitation,
  integer,
  longRunning,
  reportStatus,
  step,
} from '@elicitkit/server';
import type { Tasks } from '@elicitkit/server/tasks';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

/** Side effects by step name, in this process: a replayed step must not run again. */
export const effects = new Map<string, number>();

/**
 * The tools the task tests run, made like any server: `hang` makes this instance stop mid-task after its first
 * step (to be killed there), as a crash would find it.
 */
export function taskTestServer(tasks: Tasks, instance: string, options: { hang?: boolean } = {}): McpServer {
  const server = enableElicitation(new McpServer({ name: `tasks-${instance}`, version: '1.0.0' }), { tasks });
  server.registerTool(
    'approve',
    { description: 'Asks for approval, then works.', inputSchema: z.object({ what: z.string() }) },
    longRunning(async ({ what }, ctx) => {
      await reportStatus(ctx, `Preparing ${what}`);
      const ok = await confirm(ctx, `Approve ${what}?`);
      if (!ok.confirmed) return { content: [{ type: 'text', text: `Not approved (${ok.action}).` }] };
      const part = await step(ctx, 'part-1', () => {
        effects.set('part-1', (effects.get('part-1') ?? 0) + 1);
        return { by: instance };
      });
      await reportStatus(ctx, `Part 1 done by ${part.by}`, { progress: 1, total: 2 });
      if (options.hang) await timerSleep(10 * 60 * 1000, ctx.mcpReq.signal);
      return {
        content: [{ type: 'text', text: `Approved ${what}: part 1 by ${part.by}, finished by ${instance}.` }],
      };
    }),
  );
  server.registerTool(
    'count',
    { description: 'Asks a number.' },
    longRunning(async (ctx) => {
      const n = await elicitForm(ctx, {
        message: 'How many?',
        schema: { n: integer({ minimum: 1, maximum: 9 }) },
      });
      return { content: [{ type: 'text', text: n.action === 'accept' ? `n=${n.data.n}` : n.action }] };
    }),
  );
  return server;
}

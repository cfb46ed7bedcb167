/**
 * The fixtures the official `tasks-*` scenarios call (Tasks extension, SEP-2663), written as any elicitkit author
 * would: plain tools wrapped in `longRunning`, asking with `elicitForm`. One task engine per process, shared by
 * the servers `serveMcpHttp` makes per request.
 */

import { timerSleep } from '@elicitkit/core';
import { boolean, elicitForm, longRunning, startTask, text } from '@elicitkit/server';
import { createTasks, type Tasks } from '@elicitkit/server/tasks';
import { type McpServer, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { z } from 'zod';

const reply = (text: string) => ({ content: [{ type: 'text' as const, text }] });

export const conformanceTasks: Tasks = createTasks({ pollIntervalMs: 200 });

export function registerTaskTools(server: McpServer): void {
  server.registerTool(
    'greet',
    { description: 'Says hello (never a task).', inputSchema: z.object({ name: z.string() }) },
    async ({ name }) => reply(`Hello, ${name}!`),
  );
  server.registerTool(
    'slow_compute',
    {
      description: 'Works `seconds` seconds, then answers; a task when the client declares the extension.',
      inputSchema: z.object({ seconds: z.number().min(0).max(120), label: z.string().optional() }),
    },
    longRunning(async ({ seconds, label }, ctx) => {
      await timerSleep(seconds * 1000, ctx.mcpReq.signal);
      return reply(`Computed ${label ?? 'result'} in ${seconds}s.`);
    }),
  );
  server.registerTool(
    'failing_job',
    { description: 'Always ends with a tool error; needs a task.' },
    longRunning(
      async (ctx) => {
        await timerSleep(100, ctx.mcpReq.signal);
        return { ...reply('The job failed: nothing to process.'), isError: true };
      },
      { required: true },
    ),
  );
  server.registerTool(
    'protocol_error_job',
    { description: 'Fails with a JSON-RPC error.' },
    longRunning(async () => {
      throw new ProtocolError(ProtocolErrorCode.InternalError, 'The job crashed.');
    }),
  );
  server.registerTool(
    'confirm_delete',
    { description: 'Asks before deleting a file.', inputSchema: z.object({ filename: z.string() }) },
    longRunning(async ({ filename }, ctx) => {
      const ok = await elicitForm(ctx, {
        message: `Delete ${filename}?`,
        schema: { confirm: boolean().title('Delete it') },
      });
      const deleted = ok.action === 'accept' && ok.data.confirm;
      return reply(deleted ? `Deleted ${filename}.` : `Kept ${filename}.`);
    }),
  );
  server.registerTool(
    'multi_input',
    { description: 'Asks two questions at once.' },
    longRunning(async (ctx) => {
      const schema = {
        name: text().title('Name').optional(),
        confirm: boolean().title('Confirm').optional(),
      };
      const [first, second] = await Promise.all([
        elicitForm(ctx, { message: 'First answer?', schema }),
        elicitForm(ctx, { message: 'Second answer?', schema }),
      ]);
      return reply(`Answers: ${JSON.stringify([first, second])}`);
    }),
  );
  server.registerTool(
    'test_tool_with_task',
    { description: 'Asks a name synchronously (multi round-trip), then continues as a task.' },
    longRunning(
      async (ctx) => {
        const who = await elicitForm(ctx, {
          key: 'user_name',
          message: 'What is your name?',
          schema: { name: text().title('Name') },
        });
        await startTask(ctx);
        return reply(who.action === 'accept' ? `Hello, ${who.data.name}!` : `No name (${who.action}).`);
      },
      { required: true, deferStart: true },
    ),
  );
}

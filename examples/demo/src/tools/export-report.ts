import {
  boolean,
  type Clock,
  elicitForm,
  longRunning,
  reportStatus,
  step,
  systemClock,
} from '@elicitkit/server';
import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { reply } from './reply.js';

/** How long each phase of the export works, in ms (a few seconds in all). */
export const EXPORT_PHASE_MS = 1500;

/**
 * A long-running tool: collects the month's bookings, asks whether to send the report (a `{ confirm }` form),
 * then renders it. With a host that declares the Tasks extension it runs as a task: the call answers at once with
 * a task handle, the question waits in the task for as long as it takes (hours, a host restart), and any instance
 * resumes it. With any other host it runs as any tool, holding the request. Same code either way; each phase is a
 * `step`, so a task replayed after the answer (or on another instance) does not redo finished work.
 */
export function registerExportReport(server: McpServer, clock: Clock = systemClock): void {
  const sleep = (ms: number, signal: AbortSignal) => (clock.sleep ?? systemClock.sleep)?.(ms, signal);
  server.registerTool(
    'export_report',
    {
      title: 'Export the monthly report',
      description:
        'Builds the monthly bookings report (a few seconds), asks before sending it, then sends it.',
      inputSchema: z.object({ month: z.string().max(20).optional().describe('Which month, e.g. "March"') }),
    },
    longRunning(async ({ month = 'this month' }, ctx) => {
      await reportStatus(ctx, `Collecting the bookings of ${month}`, { progress: 0, total: 3 });
      const rows = await step(ctx, 'collect', async () => {
        await sleep(EXPORT_PHASE_MS, ctx.mcpReq.signal);
        return { rows: 128 };
      });
      await reportStatus(ctx, `Collected ${rows.rows} bookings; waiting for your go-ahead`, {
        progress: 1,
        total: 3,
      });
      const answer = await elicitForm(ctx, {
        message: `The report for ${month} has ${rows.rows} bookings. Send it to finance?`,
        schema: { confirm: boolean().title('Send the report') },
      });
      if (answer.action !== 'accept' || !answer.data.confirm) {
        return reply(`Report for ${month} built (${rows.rows} bookings) and kept: not sent.`);
      }
      await reportStatus(ctx, 'Rendering and sending the report', { progress: 2, total: 3 });
      await step(ctx, 'send', async () => {
        await sleep(EXPORT_PHASE_MS, ctx.mcpReq.signal);
        return { sent: true };
      });
      return reply(`Report for ${month} sent to finance: ${rows.rows} bookings.`);
    }),
  );
}

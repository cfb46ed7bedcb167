import { elicitForm, type HandlerContext, integer, text } from '../../src/index.js';
import { describeError } from './harness.js';

/** Something a tool handler saw, reported to the test (directly, or as a stderr line from a child process). */
export interface ToolEvent {
  tool: string;
  outcome: unknown;
}

/**
 * The tools the transport tests call, the same on every transport:
 * `contact` asks a fixed form, `changing` a new schema on every call, `patient` waits `timeoutMs` at most,
 * `watched` reports how its elicitation ended (for cancellation and disconnection).
 */
export function transportTools(
  report: (event: ToolEvent) => void,
  timeoutMs: number,
): Record<string, (ctx: HandlerContext) => Promise<unknown>> {
  let round = 0;
  const watched = (tool: string, run: () => Promise<unknown>) => async () => {
    const outcome = await run().catch(describeError);
    report({ tool, outcome });
    return outcome;
  };
  return {
    contact: (ctx) =>
      elicitForm(ctx, {
        message: 'Who are you?',
        schema: { name: text().title('Name'), age: integer({ minimum: 0 }).optional() },
      }),
    changing: (ctx) => {
      const name = `answer${round++}`;
      return elicitForm(ctx, { message: `Round ${name}`, schema: { [name]: integer({ minimum: 0 }) } });
    },
    patient: (ctx) =>
      watched('patient', () =>
        elicitForm(ctx, { message: 'Take your time', schema: { x: text() }, timeoutMs }),
      )(),
    watched: (ctx) =>
      watched('watched', () => elicitForm(ctx, { message: 'Still there?', schema: { x: text() } }))(),
  };
}

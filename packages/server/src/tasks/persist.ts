import type { Round } from '../delivery/round.js';
import type { HandlerContext } from '../sdk/seam.js';
import { taskScopeOf } from './scope.js';

/**
 * In a task, a `step`'s result is written to the record as soon as it is known, so an instance that dies later
 * in the run does not make the step run again when another instance replays the handler (lease and replay).
 * Elsewhere it does nothing: a 2026-07-28 round seals its steps into `requestState` at the end of the round.
 */
export async function persistStep(ctx: HandlerContext, round: Round): Promise<void> {
  const running = taskScopeOf(ctx)?.running;
  if (!running) return;
  const state = JSON.parse(JSON.stringify(round.state)) as Round['state'];
  await running.write((record) => ({ ...record, state: { ...state, q: record.state.q } }));
}

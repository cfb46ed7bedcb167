import type { Round } from '../delivery/round.js';
import type { RunningTask } from './running.js';

/**
 * In a task, a `step`'s result is written to the record as soon as it is known, so an instance that dies later
 * in the run does not make the step run again when another instance replays the handler (lease and replay).
 * A 2026-07-28 round instead seals its steps into `requestState` at the end of the round.
 */
export async function persistStep(task: RunningTask, round: Round): Promise<void> {
  const state = JSON.parse(JSON.stringify(round.state)) as Round['state'];
  await task.write((record) => ({ ...record, state: { ...state, q: record.state.q } }));
}

import type { Result, ServerContext } from '@modelcontextprotocol/server';
import type { Round } from './round.js';
import type { RoundHandler, RoundRequest } from './round-engine.js';

/**
 * A delivery that rides on a handler's runs instead of owning them: the Tasks extension (`tasks/delivery.ts`), which
 * `enableElicitation` plugs into the round runner. The runner tells it when each run of a handler begins and how it
 * ended, on both eras, and knows nothing else about it.
 */
export interface RunExtension {
  /** Each handler the runner wraps, once, at install (a task replays the server's `tools/call` handler). */
  capture(method: string, handler: RoundHandler): void;
  /** A run begins, its request scope recorded; returns what to do once the run has settled. */
  enter(ctx: ServerContext): RunExit;
}

/**
 * After a run that asked nothing more (`round`: the 2026-07-28 round; none on a 2025 session): throws to fail the
 * request, or gives the result to answer with instead of the handler's (`undefined` at once when it has none, so a
 * run that ends as usual waits for nothing).
 */
export type RunExit = (
  method: string,
  request: RoundRequest,
  ctx: ServerContext,
  round: Round | undefined,
) => Promise<Result> | undefined;

/** Runs the exits of one run in turn; the first that answers instead wins. */
export function settleRun(
  exits: readonly RunExit[],
  ...args: Parameters<RunExit>
): Promise<Result> | undefined {
  for (const exit of exits) {
    const instead = exit(...args);
    if (instead) return instead;
  }
  return undefined;
}

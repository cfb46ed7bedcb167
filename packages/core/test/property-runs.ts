/**
 * fast-check settings for core's property tests. Each property's `numRuns` is sized so that a property file
 * runs in a few seconds on a loaded 2-core CI machine. Two knobs, for people:
 *
 * - `FC_RUNS_FACTOR=10 npx vitest run packages/core` runs every property ten times as long (before a
 *   release, or after changing what a property guards);
 * - `FC_SEED=<seed>` replays a run: a failure prints its seed (and path), and the same seed with the same
 *   factor finds the same counterexample again.
 */
const factor = Number(process.env.FC_RUNS_FACTOR ?? 1);
const seed = process.env.FC_SEED === undefined ? undefined : Number(process.env.FC_SEED);

/** fast-check parameters for a property sized to `numRuns` cases in CI. */
export function runs(numRuns: number): { numRuns: number; seed?: number } {
  return {
    numRuns: Math.max(1, Math.round(numRuns * factor)),
    ...(seed !== undefined && Number.isSafeInteger(seed) && { seed }),
  };
}

import { integerOption, UsageError } from '@elicitkit/core';
import { ClientErrorCode } from '../errors.js';

/** The caps and pacing of one 2026-07-28 call's rounds (M-08, M-11). */
export interface RoundLimits {
  /** Rounds that ask the person something, before a `PeerError` `round-limit`. Default 10. */
  maxPromptRounds: number;
  /**
   * Rounds the server holds or sheds (requestState only, or a consented URL flow listed again) before a
   * `PeerError` `wait-limit`. Default 60.
   */
  maxWaitRounds: number;
  /** Pause before each such retry, doubling from `initialMs` to `maxMs` (M-11). Default 250 → 5000. */
  waitPacing: { initialMs: number; maxMs: number };
}

/** Default `maxPromptRounds`: rounds that ask the user something (2026-07-28). */
export const DEFAULT_MAX_PROMPT_ROUNDS = 10;
/** Default `maxWaitRounds`: retries held or shed while a URL flow runs (2026-07-28). */
export const DEFAULT_MAX_WAIT_ROUNDS = 60;
const DEFAULT_WAIT_PACING = Object.freeze({ initialMs: 250, maxMs: 5_000 });

/** `limits` over `base` (the host's, or the defaults), each value checked; a bad one is a `UsageError` naming it. */
export function resolveRoundLimits(limits: Partial<RoundLimits> = {}, base?: RoundLimits): RoundLimits {
  const resolved: RoundLimits = {
    maxPromptRounds: limits.maxPromptRounds ?? base?.maxPromptRounds ?? DEFAULT_MAX_PROMPT_ROUNDS,
    maxWaitRounds: limits.maxWaitRounds ?? base?.maxWaitRounds ?? DEFAULT_MAX_WAIT_ROUNDS,
    waitPacing: limits.waitPacing ?? base?.waitPacing ?? DEFAULT_WAIT_PACING,
  };
  checkInteger(resolved.maxPromptRounds, 'maxPromptRounds', 1);
  checkInteger(resolved.maxWaitRounds, 'maxWaitRounds', 0);
  const { initialMs, maxMs } = resolved.waitPacing ?? {};
  if (!(Number.isFinite(initialMs) && initialMs >= 0 && Number.isFinite(maxMs) && maxMs >= initialMs)) {
    throw new UsageError(
      ClientErrorCode.InvalidOption,
      `waitPacing must be { initialMs, maxMs } with 0 <= initialMs <= maxMs, got ${JSON.stringify(resolved.waitPacing)}`,
      { details: { option: 'waitPacing' } },
    );
  }
  return resolved;
}

function checkInteger(value: number, option: string, min: number): void {
  integerOption(option, value, { min });
}

import { integerOption } from '@elicitkit/core';

/** What one person can make the relay hold or do; each bounded (the limits table in the client README). */
export interface RelayLimits {
  /** Questions pending for one principal at once; one more is answered `cancel` at once. Default 32. */
  maxPendingPerPrincipal: number;
  /** Open event streams (tabs, devices) of one principal; one more is refused (429). Default 8. */
  maxStreamsPerPrincipal: number;
  /** Largest answer body, in bytes (413 above). Default 64 KiB. */
  maxAnswerBytes: number;
  /** Answers one principal may send per minute, valid or not (429 above). Default 60. */
  maxAnswersPerMinute: number;
  /** How long a question waits for its person before it is withdrawn, in ms. Default 30 minutes. */
  questionTtlMs: number;
  /** A comment line on each idle event stream this often, in ms, so proxies keep it open. Default 15 s. */
  heartbeatMs: number;
}

/** The relay's limits when `createRelay` is given none. */
export const DEFAULT_RELAY_LIMITS: Readonly<RelayLimits> = Object.freeze({
  maxPendingPerPrincipal: 32,
  maxStreamsPerPrincipal: 8,
  maxAnswerBytes: 64 * 1024,
  maxAnswersPerMinute: 60,
  questionTtlMs: 30 * 60 * 1000,
  heartbeatMs: 15_000,
});

/** `limits` over the defaults, each checked. */
export function relayLimits(given: Partial<RelayLimits> = {}): RelayLimits {
  const limits = { ...DEFAULT_RELAY_LIMITS, ...given };
  const at = { where: 'createRelay limits' };
  return {
    maxPendingPerPrincipal: integerOption(
      'maxPendingPerPrincipal',
      limits.maxPendingPerPrincipal,
      { min: 1 },
      at,
    ),
    maxStreamsPerPrincipal: integerOption(
      'maxStreamsPerPrincipal',
      limits.maxStreamsPerPrincipal,
      { min: 1 },
      at,
    ),
    maxAnswerBytes: integerOption('maxAnswerBytes', limits.maxAnswerBytes, { min: 1024 }, at),
    maxAnswersPerMinute: integerOption('maxAnswersPerMinute', limits.maxAnswersPerMinute, { min: 1 }, at),
    questionTtlMs: integerOption('questionTtlMs', limits.questionTtlMs, { min: 1000, max: 2 ** 31 - 1 }, at),
    heartbeatMs: integerOption('heartbeatMs', limits.heartbeatMs, { min: 1000 }, at),
  };
}

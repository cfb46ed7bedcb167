import type { Clock } from '@elicitkit/core';
import { integerOption, UsageError } from '@elicitkit/core';
import { ClientErrorCode } from '../errors.js';

/**
 * How many `elicitation/create` requests one server may make (E-43). Requests the person's own calls bring
 * are not spam and are counted apart: a token bucket aims at unsolicited ones (`burst` at once, then one
 * more every `refillMs`), a count at runaway ones (`perCall` during the person's calls). Over either, the
 * person is asked whether to allow more (`ElicitationUI.rateLimited`); without that, the requests are
 * answered `cancel` without a prompt.
 */
export interface RateLimitOptions {
  /** Unsolicited requests (no call of this host in flight) allowed back to back. Default 3. */
  burst?: number;
  /** Milliseconds to earn one more unsolicited request. Default 10 000. */
  refillMs?: number;
  /**
   * Requests during the person's own calls (2025-11-25 requests while a `tools/call` of this host is in
   * flight), counted from when the first call started until none is left. Default 10. (2026-07-28 input
   * requests are bounded by the round cap, `maxPromptRounds`, instead.)
   */
  perCall?: number;
}

/** The per-server request budget used when `rateLimit` is not given. */
export const DEFAULT_RATE_LIMIT: Readonly<Required<RateLimitOptions>> = Object.freeze({
  burst: 3,
  refillMs: 10_000,
  perCall: 10,
});

/** A token bucket: `burst` at once, then one more every `refillMs`, on the host's clock. */
export class RateLimiter {
  readonly #burst: number;
  readonly #refillMs: number;
  readonly #clock: Clock;
  #tokens: number;
  #updatedAt: number;

  constructor(options: Pick<RateLimitOptions, 'burst' | 'refillMs'>, clock: Clock) {
    const burst = options.burst ?? DEFAULT_RATE_LIMIT.burst;
    const refillMs = options.refillMs ?? DEFAULT_RATE_LIMIT.refillMs;
    checkCount(burst, 'rateLimit.burst');
    if (!Number.isFinite(refillMs) || refillMs <= 0) {
      throw new UsageError(ClientErrorCode.InvalidOption, `rateLimit.refillMs must be > 0, got ${refillMs}`, {
        details: { option: 'rateLimit.refillMs' },
      });
    }
    this.#burst = burst;
    this.#refillMs = refillMs;
    this.#clock = clock;
    this.#tokens = burst;
    this.#updatedAt = clock.now();
  }

  /** Takes one request's worth of budget; false when the server is over its limit. */
  tryTake(): boolean {
    const now = this.#clock.now();
    const earned = (now - this.#updatedAt) / this.#refillMs;
    this.#tokens = Math.min(this.#burst, this.#tokens + Math.max(0, earned));
    this.#updatedAt = now;
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }

  /** A full bucket again: the person allowed more. */
  refill(): void {
    this.#tokens = this.#burst;
    this.#updatedAt = this.#clock.now();
  }
}

/** Which budget a request ran out of. */
export type OverBudget = 'unsolicited' | 'runaway';

/**
 * One server's budget (E-43): unsolicited requests draw on a token bucket, requests during the person's own
 * calls on a count that starts again once no call is left in flight. The host tells it when calls start
 * and end (`beginCall`).
 */
export class RequestBudget {
  readonly #unsolicited: RateLimiter;
  readonly #burst: number;
  readonly #perCall: number;
  #callsInFlight = 0;
  #duringCalls = 0;

  constructor(options: RateLimitOptions, clock: Clock) {
    this.#unsolicited = new RateLimiter(options, clock);
    this.#burst = options.burst ?? DEFAULT_RATE_LIMIT.burst;
    this.#perCall = options.perCall ?? DEFAULT_RATE_LIMIT.perCall;
    checkCount(this.#perCall, 'rateLimit.perCall');
  }

  /** A call of this host started (a `tools/call` it sent); returns the function that says it ended. */
  beginCall(): () => void {
    this.#callsInFlight += 1;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.#callsInFlight -= 1;
      if (this.#callsInFlight === 0) this.#duringCalls = 0;
    };
  }

  /** Takes one request's worth: `ok`, or which budget it ran out of. */
  take(): 'ok' | OverBudget {
    if (this.#callsInFlight > 0) {
      if (this.#duringCalls >= this.#perCall) return 'runaway';
      this.#duringCalls += 1;
      return 'ok';
    }
    return this.#unsolicited.tryTake() ? 'ok' : 'unsolicited';
  }

  /** The person allowed more: a fresh budget of the kind that ran out. */
  refill(kind: OverBudget): void {
    if (kind === 'runaway') this.#duringCalls = 0;
    else this.#unsolicited.refill();
  }

  /** What `kind` allows, for the words the person reads. */
  limitOf(kind: OverBudget): number {
    return kind === 'runaway' ? this.#perCall : this.#burst;
  }
}

function checkCount(value: number, option: string): void {
  integerOption(option, value, { min: 1 });
}

import type { Clock } from '@elicitkit/core';
import { UsageError } from '@elicitkit/core';
import { ClientErrorCode } from '../errors.js';

/**
 * How many `elicitation/create` requests one server may make (E-43). A token bucket: `burst` requests at
 * once, then one more every `refillMs`. Requests over the limit are answered `cancel` without a prompt.
 */
export interface RateLimitOptions {
  /** Requests allowed back to back. Default 3. */
  burst?: number;
  /** Milliseconds to earn one more request. Default 10 000. */
  refillMs?: number;
}

/** The per-server request budget used when `rateLimit` is not given. */
export const DEFAULT_RATE_LIMIT: Readonly<Required<RateLimitOptions>> = Object.freeze({
  burst: 3,
  refillMs: 10_000,
});

export class RateLimiter {
  readonly #burst: number;
  readonly #refillMs: number;
  readonly #clock: Clock;
  #tokens: number;
  #updatedAt: number;

  constructor(options: RateLimitOptions, clock: Clock) {
    const burst = options.burst ?? DEFAULT_RATE_LIMIT.burst;
    const refillMs = options.refillMs ?? DEFAULT_RATE_LIMIT.refillMs;
    if (!Number.isInteger(burst) || burst < 1) {
      throw new UsageError(
        ClientErrorCode.InvalidOption,
        `rateLimit.burst must be an integer >= 1, got ${burst}`,
        {
          details: { option: 'rateLimit.burst' },
        },
      );
    }
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
}

/** Time source for the rate limiter, injectable so that tests control time instead of sleeping. */
export interface Clock {
  /** Milliseconds, monotonic enough for rate limiting. */
  now(): number;
}

export const systemClock: Clock = { now: () => performance.now() };

import { describe, expect, it } from 'vitest';
import { ClientErrorCode } from '../../src/errors.js';
import { DEFAULT_RATE_LIMIT, RateLimiter } from '../../src/policy/rate-limiter.js';

function manualClock(start = 0) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('RateLimiter', () => {
  it('[E-43] allows a burst of 3, then one request per 10 s by default', () => {
    expect(DEFAULT_RATE_LIMIT).toEqual({ burst: 3, refillMs: 10_000 });
    const clock = manualClock();
    const limiter = new RateLimiter({}, clock);
    expect([limiter.tryTake(), limiter.tryTake(), limiter.tryTake(), limiter.tryTake()]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    clock.advance(9_999);
    expect(limiter.tryTake()).toBe(false);
    clock.advance(1);
    expect(limiter.tryTake()).toBe(true);
    expect(limiter.tryTake()).toBe(false);
  });

  it('[E-43] refills up to the burst size, never beyond', () => {
    const clock = manualClock();
    const limiter = new RateLimiter({ burst: 2, refillMs: 100 }, clock);
    limiter.tryTake();
    limiter.tryTake();
    clock.advance(1_000_000);
    expect([limiter.tryTake(), limiter.tryTake(), limiter.tryTake()]).toEqual([true, true, false]);
  });

  it('refuses nonsensical settings with a typed error naming the option', () => {
    const clock = manualClock();
    expect(() => new RateLimiter({ burst: 0 }, clock)).toThrow(/rateLimit\.burst/);
    expect(() => new RateLimiter({ refillMs: -1 }, clock)).toThrow(
      expect.objectContaining({
        code: ClientErrorCode.InvalidOption,
        details: { option: 'rateLimit.refillMs' },
      }),
    );
  });
});

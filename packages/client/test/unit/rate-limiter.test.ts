import { describe, expect, it } from 'vitest';
import { ClientErrorCode } from '../../src/errors.js';
import { DEFAULT_RATE_LIMIT, RateLimiter, RequestBudget } from '../../src/policy/rate-limiter.js';

function manualClock(start = 0) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('RateLimiter', () => {
  it('[E-43] allows a burst of 3, then one request per 10 s by default', () => {
    expect(DEFAULT_RATE_LIMIT).toEqual({ burst: 3, refillMs: 10_000, perCall: 10 });
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
    expect(() => new RequestBudget({ perCall: 1.5 }, clock)).toThrow(/rateLimit\.perCall/);
    expect(() => new RateLimiter({ refillMs: -1 }, clock)).toThrow(
      expect.objectContaining({
        code: ClientErrorCode.InvalidOption,
        details: { option: 'rateLimit.refillMs' },
      }),
    );
  });
});

describe('RequestBudget', () => {
  it("[E-43] does not count requests during the person's own calls against the unsolicited burst", () => {
    const budget = new RequestBudget({}, manualClock());
    const end = budget.beginCall();
    // Twelve quick book_table forms would be four times the burst; during calls they draw on perCall (10).
    const during = Array.from({ length: 11 }, () => budget.take());
    expect(during.slice(0, 10)).toEqual(Array(10).fill('ok'));
    expect(during[10]).toBe('runaway');
    end();
    // The unsolicited bucket is untouched: a full burst is still there.
    expect([budget.take(), budget.take(), budget.take(), budget.take()]).toEqual([
      'ok',
      'ok',
      'ok',
      'unsolicited',
    ]);
  });

  it('[E-43] counts requests during calls from when the first call starts until none is left', () => {
    const budget = new RequestBudget({ perCall: 2 }, manualClock());
    const first = budget.beginCall();
    const second = budget.beginCall();
    expect([budget.take(), budget.take(), budget.take()]).toEqual(['ok', 'ok', 'runaway']);
    first();
    first(); // ending twice counts once
    expect(budget.take()).toBe('runaway');
    second();
    const next = budget.beginCall();
    expect(budget.take()).toBe('ok');
    next();
  });

  it('[E-43] gives a fresh budget of the kind that ran out when the person allows more', () => {
    const budget = new RequestBudget({ burst: 1, perCall: 1 }, manualClock());
    expect([budget.take(), budget.take()]).toEqual(['ok', 'unsolicited']);
    budget.refill('unsolicited');
    expect(budget.take()).toBe('ok');
    const end = budget.beginCall();
    expect([budget.take(), budget.take()]).toEqual(['ok', 'runaway']);
    budget.refill('runaway');
    expect(budget.take()).toBe('ok');
    end();
  });
});

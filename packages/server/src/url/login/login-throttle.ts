import { type Clock, systemClock } from '@elicitkit/core';

/**
 * Password guessing at the login form, slowed per account and per client address. The policy: each key (the
 * username as typed, and the address) may fail `freeFailures` times; from then on every further failure makes
 * it wait `baseDelayMs` doubled per failure beyond the free ones, up to `maxDelayMs`, and attempts in that wait
 * are answered 429 with `Retry-After` without checking the password. A success clears the account's count (not
 * the address's: one's own account must not reset a guessing address); failures are forgotten after
 * `forgetAfterMs` without one. Unknown usernames are counted like known ones, so a 429 says nothing about
 * whether an account exists.
 */

export interface LoginThrottlePolicy {
  /** Failures per account before the back-off starts. Default 10. */
  accountFreeFailures?: number;
  /** Failures per client address before the back-off starts (an address may be many users). Default 20. */
  addressFreeFailures?: number;
  /** The first wait; it doubles with each further failure. Default 1 second. */
  baseDelayMs?: number;
  /** The longest wait. Default 15 minutes. */
  maxDelayMs?: number;
  /** A key with no failure for this long starts afresh. Default 1 hour. */
  forgetAfterMs?: number;
  /** Keys remembered per kind; the least recently failed are dropped first. Default 10,000. */
  maxTrackedKeys?: number;
  /** Time source, for tests. Default the system clock. */
  clock?: Clock;
}

/** The policy used for every {@link LoginThrottlePolicy} field left out. */
export const DEFAULT_LOGIN_THROTTLE = Object.freeze({
  accountFreeFailures: 10,
  addressFreeFailures: 20,
  baseDelayMs: 1_000,
  maxDelayMs: 15 * 60 * 1000,
  forgetAfterMs: 60 * 60 * 1000,
  maxTrackedKeys: 10_000,
});

interface Failures {
  count: number;
  last: number;
}

/** Failure counts for one kind of key, oldest failure first (Map order), never more than `max` keys. */
class FailureTable {
  readonly #entries = new Map<string, Failures>();
  constructor(
    private readonly free: number,
    private readonly policy: Required<Omit<LoginThrottlePolicy, 'clock'>>,
  ) {}

  /** Milliseconds `key` must still wait at `now`; 0 when it may try. */
  waitMs(key: string, now: number): number {
    const entry = this.#current(key, now);
    if (!entry || entry.count < this.free) return 0;
    const doublings = Math.min(entry.count - this.free, 40);
    const delay = Math.min(this.policy.baseDelayMs * 2 ** doublings, this.policy.maxDelayMs);
    return Math.max(0, entry.last + delay - now);
  }

  fail(key: string, now: number): void {
    const count = (this.#current(key, now)?.count ?? 0) + 1;
    this.#entries.delete(key);
    this.#entries.set(key, { count, last: now });
    if (this.#entries.size > this.policy.maxTrackedKeys) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
  }

  clear(key: string): void {
    this.#entries.delete(key);
  }

  #current(key: string, now: number): Failures | undefined {
    const entry = this.#entries.get(key);
    if (entry && now - entry.last >= this.policy.forgetAfterMs) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }
}

/** One instance per login form (per process: instances behind a load balancer each count their own). */
export class LoginThrottle {
  readonly #accounts: FailureTable;
  readonly #addresses: FailureTable;
  readonly #clock: Clock;

  constructor(policy: LoginThrottlePolicy = {}) {
    const { clock, ...given } = policy;
    const resolved = { ...DEFAULT_LOGIN_THROTTLE, ...definedOnly(given) };
    for (const [name, value] of Object.entries(resolved)) {
      if (!(value > 0))
        throw new RangeError(`LoginThrottle: ${name} must be a positive number, got ${value}`);
    }
    this.#accounts = new FailureTable(resolved.accountFreeFailures, resolved);
    this.#addresses = new FailureTable(resolved.addressFreeFailures, resolved);
    this.#clock = clock ?? systemClock;
  }

  /** Milliseconds to wait before this account may be tried from this address; 0 when it may be tried now. */
  waitMs(username: string, address: string | undefined): number {
    const now = this.#clock.now();
    const byAddress = address === undefined ? 0 : this.#addresses.waitMs(address, now);
    return Math.max(this.#accounts.waitMs(accountKey(username), now), byAddress);
  }

  /** Counts a failed login against the account and the address. */
  failed(username: string, address: string | undefined): void {
    const now = this.#clock.now();
    this.#accounts.fail(accountKey(username), now);
    if (address !== undefined) this.#addresses.fail(address, now);
  }

  /** Clears the account's failures (not the address's). */
  succeeded(username: string): void {
    this.#accounts.clear(accountKey(username));
  }
}

/** `Alice` and `alice` are one account to the throttle, whatever the directory thinks. */
function accountKey(username: string): string {
  return username.normalize('NFKC').toLowerCase();
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

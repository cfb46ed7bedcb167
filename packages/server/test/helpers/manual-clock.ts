import type { Clock } from '@elicitkit/core';

/**
 * A clock the test moves by hand: `sleep` waits until `advance` passes its deadline, so timers (the elicitation
 * timeout, progress while waiting) fire in the order of their deadlines and only when the test says so.
 */
export class ManualClock implements Clock {
  #now: number;
  readonly #timers = new Set<{ at: number; fire: () => void }>();
  readonly #waiters: Array<{ count: number; resolve: () => void }> = [];
  readonly #sleepWaiters: Array<{ ms: number; resolve: () => void }> = [];

  constructor(start = 1_000_000) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  sleep(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const timer = {
        at: this.#now + ms,
        fire: () => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        this.#timers.delete(timer);
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.#timers.add(timer);
      this.#notify();
      for (let i = this.#sleepWaiters.length - 1; i >= 0; i--) {
        if (this.#sleepWaiters[i]!.ms === ms) this.#sleepWaiters.splice(i, 1)[0]!.resolve();
      }
    });
  }

  /** Timers waiting now. */
  get pending(): number {
    return this.#timers.size;
  }

  /** Resolves once at least `count` timers are waiting (so the test knows the code under test is asleep). */
  whenPending(count: number): Promise<void> {
    if (this.#timers.size >= count) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push({ count, resolve }));
  }

  /** Resolves once something sleeps for exactly `ms` (so the test knows which wait the code under test is in). */
  whenSleeping(ms: number): Promise<void> {
    return new Promise((resolve) => this.#sleepWaiters.push({ ms, resolve }));
  }

  /** Moves time forward by `ms`, firing every timer due on the way, earliest first. */
  advance(ms: number): void {
    const target = this.#now + ms;
    for (;;) {
      let next: { at: number; fire: () => void } | undefined;
      for (const timer of this.#timers) if (timer.at <= target && (!next || timer.at < next.at)) next = timer;
      if (!next) break;
      this.#timers.delete(next);
      this.#now = next.at;
      next.fire();
    }
    this.#now = target;
  }

  #notify(): void {
    for (let i = this.#waiters.length - 1; i >= 0; i--) {
      const waiter = this.#waiters[i]!;
      if (this.#timers.size >= waiter.count) {
        this.#waiters.splice(i, 1);
        waiter.resolve();
      }
    }
  }
}

/**
 * Time, injectable everywhere elicitkit reads or waits on it, so that tests move time instead of sleeping. One
 * interface for every package: options that take time are named `clock`.
 */
export interface Clock {
  /** Milliseconds since the epoch (`Date.now()` by default); expiry times in stores and sealed state use it. */
  now(): number;
  /**
   * Resolves after `ms`; rejects with the signal's reason when it aborts. Optional: without it, callers wait with
   * `setTimeout` ({@link timerSleep}).
   */
  sleep?(ms: number, signal: AbortSignal): Promise<void>;
}

/** The real clock: `Date.now()` and `setTimeout`. */
export const systemClock: Clock = { now: Date.now, sleep: timerSleep };

/** Waits `ms` on a timer; rejects with the signal's reason as soon as it aborts (the timer is cleared). */
export function timerSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

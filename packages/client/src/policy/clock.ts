/** Time source for the rate limiter and retry pacing, injectable so that tests control time instead of sleeping. */
export interface Clock {
  /** Milliseconds, monotonic enough for rate limiting. */
  now(): number;
  /**
   * Resolves after `ms` (2026 retry pacing, M-11); rejects with the signal's reason when it aborts. Without
   * it, the host uses `setTimeout`.
   */
  sleep?(ms: number, signal: AbortSignal): Promise<void>;
}

export const systemClock: Clock = { now: () => performance.now(), sleep: timerSleep };

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

import { type Clock, timerSleep } from '@elicitkit/core';

/**
 * Progress while a person is being waited for. Hosts time tool calls out (the v1 SDK client after 60 s by
 * default); those that reset their timeout on progress (`resetTimeoutOnProgress`) keep a call that reports
 * progress. When the call carries a `progressToken`, a `notifications/progress` goes out every `intervalMs` while
 * a form or a URL page is waiting for its person, and none once the wait ends: at most `timeoutMs / intervalMs`
 * per wait. `progress` counts up across the call (the spec wants it to increase); no `total`, since nobody
 * knows how long a person takes.
 */

/** Default interval of progress notifications while waiting for a person: 15 s, a quarter of the v1 client's 60 s timeout. */
export const DEFAULT_PROGRESS_INTERVAL_MS = 15_000;

/** What the notifications say while waiting. */
export const WAITING_MESSAGE = 'Waiting for the user to answer';

/** Sends one progress notification per `intervalMs` until `until` aborts. Never throws; a lost notice is no reason to stop. */
export function tickWhileWaiting(
  clock: Clock,
  intervalMs: number,
  until: AbortSignal,
  send: () => Promise<void>,
): void {
  void (async () => {
    for (;;) {
      try {
        await sleepOn(clock, intervalMs, until);
      } catch {
        return;
      }
      if (until.aborted) return;
      await send().catch(() => {});
    }
  })();
}

/** Waits on `clock` (called as its method: a clock may be a class instance), or on a timer when it has no `sleep`. */
export function sleepOn(clock: Clock, ms: number, signal: AbortSignal): Promise<void> {
  return clock.sleep ? clock.sleep(ms, signal) : timerSleep(ms, signal);
}

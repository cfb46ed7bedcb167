/**
 * The URL elicitations this host consented to and has not yet seen complete. Only these can complete:
 * a `notifications/elicitation/complete` for any other id, or for one that already completed, is ignored
 * (E-20), so a server cannot fake progress on flows the user never started.
 */
export class CompletionTracker {
  readonly #pending = new Map<string, Set<() => void>>();
  readonly #onComplete: (elicitationId: string) => void;

  constructor(onComplete: (elicitationId: string) => void) {
    this.#onComplete = onComplete;
  }

  /** Records the user's consent: from now on a completion for `elicitationId` counts. */
  consented(elicitationId: string): void {
    if (!this.#pending.has(elicitationId)) this.#pending.set(elicitationId, new Set());
  }

  isPending(elicitationId: string): boolean {
    return this.#pending.has(elicitationId);
  }

  /** Handles a completion notification. Returns whether it counted. */
  complete(elicitationId: string): boolean {
    const waiters = this.#pending.get(elicitationId);
    // E-20: unknown or already completed ids are ignored
    if (!waiters) return false;
    this.#pending.delete(elicitationId);
    for (const wake of waiters) wake();
    this.#onComplete(elicitationId);
    return true;
  }

  /**
   * Resolves when `elicitationId` completes; at once if it is not pending (it completed already, or was
   * never consented to, in which case nothing will ever come). Rejects with the signal's reason on abort.
   */
  waitFor(elicitationId: string, signal?: AbortSignal): Promise<void> {
    const waiters = this.#pending.get(elicitationId);
    if (!waiters) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        waiters.delete(wake);
        reject(signal?.reason);
      };
      const wake = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      if (signal?.aborted) return reject(signal.reason);
      waiters.add(wake);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }
}

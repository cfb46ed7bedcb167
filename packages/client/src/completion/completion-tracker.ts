/** Early notices, and completed ids, remembered at most (a server sending unknown ids spends no more). */
const MAX_REMEMBERED = 32;

function remember(ids: Set<string>, id: string): void {
  ids.add(id);
  if (ids.size > MAX_REMEMBERED) ids.delete(ids.values().next().value as string);
}

/**
 * The URL elicitations this host consented to and has not yet seen complete. Only these can complete:
 * a `notifications/elicitation/complete` for any other id, or for one that already completed, is ignored
 * (E-20), so a server cannot fake progress on flows the user never started.
 */
export class CompletionTracker {
  readonly #pending = new Map<string, Set<() => void>>();
  /**
   * Notices that came before the consent they complete: a page can open (and its server say "done") before the host
   * hears the person's consent, when the page is opened elsewhere (a relay's page opens the link itself). Counted once
   * that consent comes, never before; the most recent few only.
   */
  readonly #early = new Set<string>();
  /** Ids that completed: a notice for one again is never kept as early. */
  readonly #done = new Set<string>();
  readonly #onComplete: (elicitationId: string) => void;

  constructor(onComplete: (elicitationId: string) => void) {
    this.#onComplete = onComplete;
  }

  /** Records the user's consent: from now on a completion for `elicitationId` counts (one that came early, at once). */
  consented(elicitationId: string): void {
    if (this.#early.delete(elicitationId)) {
      remember(this.#done, elicitationId);
      this.#onComplete(elicitationId);
      return;
    }
    if (!this.#pending.has(elicitationId)) this.#pending.set(elicitationId, new Set());
  }

  isPending(elicitationId: string): boolean {
    return this.#pending.has(elicitationId);
  }

  /** Handles a completion notification. Returns whether it counted. */
  complete(elicitationId: string): boolean {
    const waiters = this.#pending.get(elicitationId);
    // E-20: unknown or already completed ids are ignored (kept a moment, in case the consent is on its way)
    if (!waiters) {
      if (!this.#done.has(elicitationId)) remember(this.#early, elicitationId);
      return false;
    }
    remember(this.#done, elicitationId);
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

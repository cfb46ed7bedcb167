import type { HostState } from '../host/host-state.js';
import type { CompletionWait } from '../ui.js';

export type ManualChoice = 'retry' | 'cancel';

/**
 * The UI's "retry now" / "cancel" controls while a consented URL flow runs in the browser (E-22, M-17).
 * `next()` shows them (once: the same answer promise until the person picks), `close()` withdraws them.
 * A UI without controls, or one that fails, never answers: the wait simply goes on.
 */
export class ManualControls {
  readonly #host: HostState;
  #pending: CompletionWait['pending'];
  #shown: { choice: Promise<ManualChoice>; done: AbortController } | undefined;

  constructor(host: HostState, pending: CompletionWait['pending']) {
    this.#host = host;
    this.#pending = pending;
  }

  /** Updates the flows listed the next time the controls are shown. */
  setPending(pending: CompletionWait['pending']): void {
    this.#pending = pending;
  }

  get pending(): CompletionWait['pending'] {
    return this.#pending;
  }

  next(): Promise<ManualChoice> {
    if (this.#shown) return this.#shown.choice;
    const done = new AbortController();
    const host = this.#host;
    const requester = host.requester();
    const wait = host.ui.waitForCompletion?.bind(host.ui);
    const choice: Promise<ManualChoice> = wait
      ? Promise.resolve()
          .then(() => wait({ requester, pending: [...this.#pending], signal: done.signal }))
          .catch((error: unknown) => {
            // A broken control panel must not end the wait: the server can still finish.
            host.events.emit('error', { requester, during: 'ui', error });
            return never();
          })
      : never();
    const shown = { choice, done };
    this.#shown = shown;
    // Once picked, the controls are gone from the screen; the next wait shows them afresh.
    void choice.then(() => {
      if (this.#shown === shown) this.#shown = undefined;
    });
    return choice;
  }

  close(): void {
    this.#shown?.done.abort();
    this.#shown = undefined;
  }
}

function never(): Promise<never> {
  return new Promise<never>(() => {});
}

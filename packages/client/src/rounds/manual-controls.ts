import type { PromptSurface } from '../host/surface.js';
import type { CompletionWait } from '../ui.js';

export type ManualChoice = 'retry' | 'cancel';

/**
 * The UI's "retry now" / "cancel" controls while a consented URL flow runs in the browser (E-22, M-17).
 * `next()` shows them (once: the same answer promise until the person picks), `close()` withdraws them.
 * A UI without controls, or one that fails, never answers: the wait simply goes on.
 */
export class ManualControls {
  readonly #surface: PromptSurface;
  #pending: CompletionWait['pending'];
  #shown: { choice: Promise<ManualChoice>; done: AbortController } | undefined;

  constructor(surface: PromptSurface, pending: CompletionWait['pending']) {
    this.#surface = surface;
    this.#pending = pending;
  }

  /** Updates the flows listed the next time the controls are shown. */
  setPending(pending: CompletionWait['pending']): void {
    this.#pending = pending;
  }

  /** Shows the controls (or keeps them up); resolves with the person's pick. */
  next(): Promise<ManualChoice> {
    if (this.#shown) return this.#shown.choice;
    const done = new AbortController();
    const surface = this.#surface;
    const requester = surface.requester();
    const wait = surface.ui.waitForCompletion?.bind(surface.ui);
    const choice: Promise<ManualChoice> = wait
      ? Promise.resolve()
          .then(() => wait({ requester, pending: [...this.#pending], signal: done.signal }))
          .catch((error: unknown) => {
            // A broken control panel must not end the wait: the server can still finish.
            surface.events.emit('error', { requester, during: 'ui', error });
            return never();
          })
      : never();
    const shown = { choice, done };
    this.#shown = shown;
    // Once picked, the controls are gone from the screen (their signal says so); the next wait shows them afresh.
    void choice.then(() => {
      done.abort();
      if (this.#shown === shown) this.#shown = undefined;
    });
    return choice;
  }

  /** Withdraws the controls. */
  close(): void {
    this.#shown?.done.abort();
    this.#shown = undefined;
  }
}

function never(): Promise<never> {
  return new Promise<never>(() => {});
}

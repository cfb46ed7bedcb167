import type { CompletionEvent, CompletionListener } from './types.js';

/** In-process fan-out of completion events, shared by the memory and SQLite stores. */
export class CompletionHub {
  readonly #listeners = new Set<CompletionListener>();

  add(listener: CompletionListener): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /** Delivers after the current task, so a listener never runs inside the store's transaction. */
  publish(event: CompletionEvent): void {
    for (const listener of this.#listeners) {
      queueMicrotask(() => {
        try {
          listener(structuredClone(event));
        } catch {
          // A failing listener must not stop the others; the listener owns its errors.
        }
      });
    }
  }

  clear(): void {
    this.#listeners.clear();
  }
}

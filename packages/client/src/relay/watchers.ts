import type { QuestionEvent } from './store.js';

/** Each principal's listeners of a store: what `RelayStore.watch` hands out, and how the store tells them. */
export class Watchers {
  readonly #byPrincipal = new Map<string, Set<(event: QuestionEvent) => void>>();

  /** Tells `principal`'s listeners; one failing (a page gone mid-write) does not keep the event from the others. */
  emit(principal: string, event: QuestionEvent): void {
    for (const listener of this.#byPrincipal.get(principal) ?? []) {
      try {
        listener(event);
      } catch {}
    }
  }

  /** Adds a listener; returns what removes it. */
  watch(principal: string, listener: (event: QuestionEvent) => void): () => void {
    const set = this.#byPrincipal.get(principal) ?? new Set();
    this.#byPrincipal.set(principal, set);
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.#byPrincipal.delete(principal);
    };
  }

  clear(): void {
    this.#byPrincipal.clear();
  }
}

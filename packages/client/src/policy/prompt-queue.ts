/**
 * One prompt at a time per host: a person answers one question before the next appears. Tasks run in
 * arrival order; a task whose signal aborts while it waits is dropped without ever running, and a running
 * task whose signal aborts frees the slot at once (its UI was told to withdraw the prompt).
 */
export class PromptQueue {
  /** Settles when every task queued so far has finished or been dropped. Never rejects. */
  #tail: Promise<void> = Promise.resolve();
  readonly #concurrent: boolean;

  /** `concurrent`: no queue at all, for a UI that shows every prompt at once (`ElicitationUI.concurrent`). */
  constructor(options: { concurrent?: boolean } = {}) {
    this.#concurrent = options.concurrent ?? false;
  }

  /** Runs `task` once every task queued before it has finished; rejects with the signal's reason if it aborts first. */
  run<T>(signal: AbortSignal, task: () => Promise<T>): Promise<T> {
    if (this.#concurrent) {
      if (signal.aborted) return Promise.reject(signal.reason);
      const aborted = abortPromise(signal);
      return Promise.race([Promise.resolve().then(task), aborted.promise]).finally(aborted.dispose);
    }
    const previous = this.#tail;
    const aborted = abortPromise(signal);
    const result = Promise.race([previous, aborted.promise]).then(() => {
      signal.throwIfAborted();
      return Promise.race([task(), aborted.promise]);
    });
    const settled = result.then(ignore, ignore);
    settled.then(aborted.dispose);
    // A task dropped while queued settles early, but the next task still waits for the one before it.
    this.#tail = Promise.all([previous, settled]).then(ignore);
    return result;
  }
}

function ignore(): void {}

function abortPromise(signal: AbortSignal): { promise: Promise<never>; dispose: () => void } {
  let onAbort = ignore;
  const promise = new Promise<never>((_, reject) => {
    if (signal.aborted) return reject(signal.reason);
    onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  promise.catch(ignore);
  return { promise, dispose: () => signal.removeEventListener('abort', onAbort) };
}

/** The queue shared by every client that talks to the same UI adapter, so one UI never shows two prompts. */
const queuesByUi = new WeakMap<object, PromptQueue>();

export function queueForUi(ui: { concurrent?: boolean }): PromptQueue {
  let queue = queuesByUi.get(ui);
  if (!queue) {
    queue = new PromptQueue({ concurrent: ui.concurrent === true });
    queuesByUi.set(ui, queue);
  }
  return queue;
}

import type { Issue } from '@elicitkit/core';
import type { Requester, TaskStatusReport } from '../ui.js';

/** What an installed host reports, for logs, status bars and tests. Subscribe with `host.on(type, listener)`. */
export interface ElicitationHostEvents {
  /** A URL elicitation the user consented to completed (`notifications/elicitation/complete`, E-17). */
  complete: { elicitationId: string; requester: Requester };
  /**
   * A request was refused before reaching the user: answered -32602 (2025), or the call failed with a
   * `PeerError` (2026, `details.inputRequestKey` set). `message` names the offending spot.
   */
  rejected: { requester: Requester; message: string; issues?: readonly Issue[]; inputRequestKey?: string };
  /**
   * A form was shown without some of its schema defaults (interop): a default that fails its own field,
   * or one holding characters that cannot be shown as they are. Each entry names the field.
   */
  'default-dropped': { requester: Requester; fields: readonly { field: string; message: string }[] };
  /**
   * Requests are answered `cancel` because the server is over its budget (E-43) and the person did not allow
   * more: `unsolicited` (outside any call of this host) or `runaway` (too many during the person's calls).
   */
  'rate-limited': { requester: Requester; reason: 'unsolicited' | 'runaway' };
  /** A task this host follows was seen in a new state, or is polled again (Tasks extension). */
  task: TaskStatusReport;
  /** The UI adapter or the opener failed; the request was answered `cancel` (UI) or the URL shown (opener). */
  error: { requester: Requester; during: 'ui' | 'open'; error: unknown };
}

/** The name of an event `host.on` can subscribe to. */
export type ElicitationHostEventType = keyof ElicitationHostEvents;

type Listener<T extends ElicitationHostEventType> = (event: ElicitationHostEvents[T]) => void;

/** Delivers host events to their listeners; one per host. */
export class HostEventEmitter {
  readonly #listeners = new Map<ElicitationHostEventType, Set<Listener<never>>>();
  readonly #onListenerError: (error: unknown) => void;

  /** A listener that throws must not break the pipeline; its error goes to `onListenerError`. */
  constructor(onListenerError: (error: unknown) => void) {
    this.#onListenerError = onListenerError;
  }

  on<T extends ElicitationHostEventType>(type: T, listener: Listener<T>): () => void {
    let set = this.#listeners.get(type);
    if (!set) {
      set = new Set();
      this.#listeners.set(type, set);
    }
    set.add(listener as Listener<never>);
    return () => set.delete(listener as Listener<never>);
  }

  emit<T extends ElicitationHostEventType>(type: T, event: ElicitationHostEvents[T]): void {
    for (const listener of this.#listeners.get(type) ?? []) {
      try {
        (listener as Listener<T>)(event);
      } catch (error) {
        this.#onListenerError(error);
      }
    }
  }
}

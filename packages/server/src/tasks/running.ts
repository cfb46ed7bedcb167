import type { StoredTask, TaskRecord } from './record.js';
import { isTerminal } from './record.js';
import type { TaskStore } from './store.js';

/**
 * A task whose handler runs on this instance now. It holds the lease (renewed while the handler runs, so another
 * instance takes the task over only when this one stops renewing: it died or lost the store) and serializes this
 * instance's writes to the record. A write that loses the compare-and-set re-reads the record: if the task was
 * cancelled, finished or taken over meanwhile, the run is aborted and nothing is overwritten.
 */
export class RunningTask {
  readonly id: string;
  readonly #store: TaskStore;
  readonly #owner: string;
  readonly #abort = new AbortController();
  #record: TaskRecord;
  #version: number;
  #queue: Promise<unknown> = Promise.resolve();
  #heartbeat: ReturnType<typeof setInterval> | undefined;

  constructor(stored: StoredTask, store: TaskStore, owner: string) {
    this.id = stored.record.id;
    this.#record = stored.record;
    this.#version = stored.version;
    this.#store = store;
    this.#owner = owner;
  }

  /** The record as this instance last wrote or read it. */
  get record(): TaskRecord {
    return this.#record;
  }

  /** Aborts when the task is cancelled, taken over, or the engine closes. */
  get signal(): AbortSignal {
    return this.#abort.signal;
  }

  abort(reason: string): void {
    this.#abort.abort(new Error(reason));
  }

  /** Renews the lease every `everyMs` until {@link stop}; a lost lease aborts the run. */
  keepLease(everyMs: number, leaseUntil: () => number): void {
    this.#heartbeat = setInterval(() => {
      const renew = (r: TaskRecord) =>
        r.status === 'working' ? { ...r, lease: { owner: this.#owner, until: leaseUntil() } } : r;
      void this.write(renew).catch(() => {
        // The store is away: keep trying on the next beat; the lease lapses if it stays away.
      });
    }, everyMs);
    this.#heartbeat.unref?.();
  }

  stop(): void {
    clearInterval(this.#heartbeat);
    this.#heartbeat = undefined;
  }

  /**
   * Applies `change` to the current record and stores it (compare-and-set). Resolves false, and aborts the run,
   * when the task is no longer this instance's to write: terminal, or leased to another instance.
   */
  write(change: (record: TaskRecord) => TaskRecord): Promise<boolean> {
    const next = this.#queue.then(() => this.#write(change));
    this.#queue = next.catch(() => undefined);
    return next;
  }

  async #write(change: (record: TaskRecord) => TaskRecord): Promise<boolean> {
    for (let attempt = 0; attempt < 8; attempt++) {
      if (this.#abort.signal.aborted) return false;
      const next = change(this.#record);
      if (next === this.#record) return true;
      if (await this.#store.replace(this.id, this.#version, next)) {
        this.#record = next;
        this.#version++;
        return true;
      }
      const fresh = await this.#store.get(this.id);
      if (!fresh || isTerminal(fresh.record.status) || fresh.record.lease?.owner !== this.#owner) {
        this.abort(
          fresh
            ? `task ${fresh.record.status === 'working' ? 'taken over' : fresh.record.status}`
            : 'task gone',
        );
        return false;
      }
      this.#record = fresh.record;
      this.#version = fresh.version;
    }
    return false;
  }
}

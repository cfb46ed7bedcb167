import type { StoredTask, TaskRecord } from './record.js';

/**
 * Where task records live: process memory (tests, one process), SQLite (`@elicitkit/server/sqlite`, the embedded
 * default, survives a restart) or Redis (`@elicitkit/server/redis`, several instances). Every write is a
 * compare-and-set on the record's version, so instances that share a store never overwrite each other: the engine
 * re-reads and decides again when a write loses.
 */
export interface TaskStore {
  /**
   * Inserts a new record (version 1), unless its principal already holds `maxPerPrincipal` tasks that have not
   * expired at `now`: then nothing is written and the answer is `'limit'`. Durable once it resolves (T-07).
   */
  create(record: TaskRecord, limits: { maxPerPrincipal: number; now: number }): Promise<'created' | 'limit'>;
  /** The record and its version, or undefined when there is none (never written, expired and dropped). */
  get(id: string): Promise<StoredTask | undefined>;
  /** Replaces the record when its version is still `version` (it becomes `version + 1`); false when it was not. */
  replace(id: string, version: number, record: TaskRecord): Promise<boolean>;
  /** Drops records that expired before `before`; returns how many. */
  purge(before: number): Promise<number>;
  /** Releases what the store opened (connections, files). */
  close?(): Promise<void>;
}

/** Bytes of a record's JSON as stored, for the size bound. */
export function recordBytes(json: string): number {
  return new TextEncoder().encode(json).byteLength;
}

interface Entry {
  json: string;
  version: number;
  principal: string;
  expiresAt: number;
}

/**
 * Task records in process memory: for tests and a single process. Nothing survives a restart. Records are kept
 * as their JSON text (one string per task), so a caller never holds a live reference into the store.
 */
export class MemoryTaskStore implements TaskStore {
  readonly #entries = new Map<string, Entry>();
  readonly #byPrincipal = new Map<string, Set<string>>();

  async create(
    record: TaskRecord,
    limits: { maxPerPrincipal: number; now: number },
  ): Promise<'created' | 'limit'> {
    const ids = this.#byPrincipal.get(record.principal) ?? new Set<string>();
    for (const id of ids) {
      const entry = this.#entries.get(id);
      if (!entry || entry.expiresAt <= limits.now) this.#drop(id);
    }
    if (ids.size >= limits.maxPerPrincipal) return 'limit';
    this.#entries.set(record.id, {
      json: JSON.stringify(record),
      version: 1,
      principal: record.principal,
      expiresAt: record.expiresAt,
    });
    ids.add(record.id);
    this.#byPrincipal.set(record.principal, ids);
    return 'created';
  }

  async get(id: string): Promise<StoredTask | undefined> {
    const entry = this.#entries.get(id);
    return entry && { record: JSON.parse(entry.json) as TaskRecord, version: entry.version };
  }

  async replace(id: string, version: number, record: TaskRecord): Promise<boolean> {
    const entry = this.#entries.get(id);
    if (!entry || entry.version !== version) return false;
    entry.json = JSON.stringify(record);
    entry.version = version + 1;
    entry.expiresAt = record.expiresAt;
    return true;
  }

  async purge(before: number): Promise<number> {
    let count = 0;
    for (const [id, entry] of this.#entries) {
      if (entry.expiresAt < before) {
        this.#drop(id);
        count++;
      }
    }
    return count;
  }

  #drop(id: string): void {
    const entry = this.#entries.get(id);
    this.#entries.delete(id);
    const ids = entry && this.#byPrincipal.get(entry.principal);
    ids?.delete(id);
    if (ids?.size === 0 && entry) this.#byPrincipal.delete(entry.principal);
  }
}

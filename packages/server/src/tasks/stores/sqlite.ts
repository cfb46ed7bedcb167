import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { StoredTask, TaskRecord } from '../record.js';
import type { TaskStore } from '../store.js';

/** Options of {@link SqliteTaskStore}. */
export interface SqliteTaskStoreOptions {
  /**
   * The database file (created with mode 0600, its directory 0700: records hold people's answers). May be the
   * file of a `SqliteElicitationStore`: the tables do not overlap.
   */
  file: string;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS tasks (
  id TEXT PRIMARY KEY,
  principal TEXT NOT NULL,
  version INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  record TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS tasks_principal ON tasks (principal, expires_at);
CREATE INDEX IF NOT EXISTS tasks_expires_at ON tasks (expires_at);
`;

/**
 * Task records in one SQLite file (better-sqlite3, WAL): the embedded default, for one server instance. Tasks
 * survive a restart: a task that was running is taken over by the restarted process once its lease lapses, and a
 * task waiting for an answer simply goes on waiting. Several processes may share the file on one machine.
 */
export class SqliteTaskStore implements TaskStore {
  readonly file: string;
  readonly #db: Database.Database;
  readonly #create: Database.Transaction<(record: TaskRecord, max: number, now: number) => boolean>;

  constructor(options: SqliteTaskStoreOptions) {
    this.file = options.file;
    if (options.file !== ':memory:') {
      mkdirSync(dirname(options.file), { recursive: true, mode: 0o700 });
      closeSync(openSync(options.file, 'a', 0o600));
      chmodSync(options.file, 0o600);
    }
    this.#db = new Database(options.file);
    this.#db.pragma('journal_mode = WAL');
    this.#db.pragma('synchronous = NORMAL');
    this.#db.pragma('busy_timeout = 5000');
    this.#db.pragma('secure_delete = ON');
    this.#db.exec(SCHEMA);
    const count = this.#db.prepare('SELECT COUNT(*) AS n FROM tasks WHERE principal = ? AND expires_at > ?');
    const insert = this.#db.prepare(
      'INSERT INTO tasks (id, principal, version, expires_at, record) VALUES (?, ?, 1, ?, ?)',
    );
    // One transaction: the count and the insert see the same rows, whatever other processes do.
    this.#create = this.#db.transaction((record: TaskRecord, max: number, now: number) => {
      if ((count.get(record.principal, now) as { n: number }).n >= max) return false;
      insert.run(record.id, record.principal, record.expiresAt, JSON.stringify(record));
      return true;
    });
  }

  async create(
    record: TaskRecord,
    limits: { maxPerPrincipal: number; now: number },
  ): Promise<'created' | 'limit'> {
    return this.#create.immediate(record, limits.maxPerPrincipal, limits.now) ? 'created' : 'limit';
  }

  async get(id: string): Promise<StoredTask | undefined> {
    const row = this.#db.prepare('SELECT version, record FROM tasks WHERE id = ?').get(id) as
      | { version: number; record: string }
      | undefined;
    return row && { record: JSON.parse(row.record) as TaskRecord, version: row.version };
  }

  async replace(id: string, version: number, record: TaskRecord): Promise<boolean> {
    const result = this.#db
      .prepare(
        'UPDATE tasks SET version = version + 1, expires_at = ?, record = ? WHERE id = ? AND version = ?',
      )
      .run(record.expiresAt, JSON.stringify(record), id, version);
    return result.changes === 1;
  }

  async purge(before: number): Promise<number> {
    return this.#db.prepare('DELETE FROM tasks WHERE expires_at < ?').run(before).changes;
  }

  async close(): Promise<void> {
    if (this.#db.open) this.#db.close();
  }
}

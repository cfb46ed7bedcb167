import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { PeerError, UsageError } from '@elicitkit/core';
import Database from 'better-sqlite3';
import { UrlErrorCode } from '../url/errors.js';
import { CompletionHub } from '../url/store/completion-hub.js';
import type {
  CompleteOutcome,
  CompletionListener,
  ElicitationRecord,
  ElicitationStatus,
  ElicitationStore,
  VaultRecord,
} from '../url/store/types.js';

const SCHEMA_VERSION = 1;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS elicitations (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  message TEXT NOT NULL,
  params TEXT NOT NULL,
  user TEXT NOT NULL,
  connection_id TEXT NOT NULL,
  client_id TEXT NOT NULL,
  client_name TEXT,
  status TEXT NOT NULL CHECK (status IN ('pending', 'completed', 'expired')),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  completed_at INTEGER,
  noticed INTEGER NOT NULL DEFAULT 0
) STRICT;
CREATE INDEX IF NOT EXISTS elicitations_expires_at ON elicitations (expires_at);
CREATE TABLE IF NOT EXISTS vault (
  user TEXT NOT NULL,
  name TEXT NOT NULL,
  key_id TEXT NOT NULL,
  iv BLOB NOT NULL,
  ciphertext BLOB NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (user, name)
) STRICT;
CREATE TABLE IF NOT EXISTS vault_leases (
  user TEXT NOT NULL,
  name TEXT NOT NULL,
  holder TEXT NOT NULL,
  until INTEGER NOT NULL,
  PRIMARY KEY (user, name)
) STRICT;
`;

interface ElicitationRow {
  id: string;
  kind: string;
  message: string;
  params: string;
  user: string;
  connection_id: string;
  client_id: string;
  client_name: string | null;
  status: ElicitationStatus;
  created_at: number;
  expires_at: number;
  completed_at: number | null;
}

interface VaultRow {
  user: string;
  name: string;
  key_id: string;
  iv: Buffer;
  ciphertext: Buffer;
  updated_at: number;
}

function toRecord(row: ElicitationRow): ElicitationRecord {
  return {
    id: row.id,
    kind: row.kind,
    message: row.message,
    params: JSON.parse(row.params) as Record<string, string>,
    user: row.user,
    client: {
      connectionId: row.connection_id,
      clientId: row.client_id,
      ...(row.client_name === null ? {} : { clientName: row.client_name }),
    },
    status: row.status,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    ...(row.completed_at === null ? {} : { completedAt: row.completed_at }),
  };
}

/** E-30: the file and its directory are private to the server's OS user before SQLite writes a byte. */
function createPrivateFile(file: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  closeSync(openSync(file, 'a', 0o600));
  chmodSync(file, 0o600);
}

/** Options of {@link SqliteElicitationStore}. */
export interface SqliteElicitationStoreOptions {
  /** The database file; created with mode 0600 (its WAL and SHM files inherit that mode from SQLite). */
  file: string;
}

/**
 * The embedded default store: one SQLite file in WAL mode (better-sqlite3). Survives restarts; completion events
 * reach subscribers of this process only (several processes on one file need a networked store).
 */
export class SqliteElicitationStore implements ElicitationStore {
  readonly file: string;
  readonly #db: Database.Database;
  readonly #hub = new CompletionHub();

  constructor(options: SqliteElicitationStoreOptions) {
    this.file = options.file;
    if (options.file !== ':memory:') createPrivateFile(options.file);
    this.#db = new Database(options.file);
    this.#db.pragma('journal_mode = WAL');
    this.#db.pragma('synchronous = NORMAL');
    this.#db.pragma('busy_timeout = 5000');
    this.#db.pragma('secure_delete = ON');
    const version = this.#db.pragma('user_version', { simple: true }) as number;
    if (version > SCHEMA_VERSION) {
      throw new UsageError(
        UrlErrorCode.InvalidConfig,
        `SqliteElicitationStore: schema version ${version} is newer than this code`,
      );
    }
    this.#db.exec(SCHEMA);
    this.#db.pragma(`user_version = ${SCHEMA_VERSION}`);
  }

  async create(record: ElicitationRecord): Promise<void> {
    try {
      this.#db
        .prepare(
          `INSERT INTO elicitations (id, kind, message, params, user, connection_id, client_id, client_name, status,
             created_at, expires_at, completed_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          record.id,
          record.kind,
          record.message,
          JSON.stringify(record.params),
          record.user,
          record.client.connectionId,
          record.client.clientId,
          record.client.clientName ?? null,
          record.status,
          record.createdAt,
          record.expiresAt,
          record.completedAt ?? null,
        );
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
        throw new PeerError(UrlErrorCode.StoreConflict, 'an elicitation with this id already exists');
      }
      throw error;
    }
  }

  async get(id: string): Promise<ElicitationRecord | undefined> {
    const row = this.#db.prepare('SELECT * FROM elicitations WHERE id = ?').get(id) as
      | ElicitationRow
      | undefined;
    return row && toRecord(row);
  }

  async complete(id: string, now: number): Promise<CompleteOutcome> {
    // One UPDATE guarded by status and expiry: SQLite serializes writers, so only one caller sees a change.
    const changed = this.#db
      .prepare(
        `UPDATE elicitations SET status = 'completed', completed_at = ?
         WHERE id = ? AND status = 'pending' AND expires_at > ?`,
      )
      .run(now, id, now).changes;
    const record = await this.get(id);
    if (!record) return { ok: false, reason: 'unknown' };
    if (changed === 1) {
      this.#hub.publish({ record });
      return { ok: true, record };
    }
    return { ok: false, reason: record.status === 'completed' ? 'already-completed' : 'expired' };
  }

  async expire(id: string): Promise<boolean> {
    return (
      this.#db
        .prepare(`UPDATE elicitations SET status = 'expired' WHERE id = ? AND status = 'pending'`)
        .run(id).changes === 1
    );
  }

  async purge(before: number): Promise<number> {
    return this.#db.prepare('DELETE FROM elicitations WHERE expires_at < ?').run(before).changes;
  }

  async claimNotice(id: string): Promise<boolean> {
    return (
      this.#db
        .prepare(`UPDATE elicitations SET noticed = 1 WHERE id = ? AND status = 'completed' AND noticed = 0`)
        .run(id).changes === 1
    );
  }

  async subscribe(listener: CompletionListener): Promise<() => void> {
    return this.#hub.add(listener);
  }

  async putVaultRecord(record: VaultRecord): Promise<void> {
    this.#db
      .prepare(
        `INSERT INTO vault (user, name, key_id, iv, ciphertext, updated_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (user, name) DO UPDATE SET key_id = excluded.key_id, iv = excluded.iv,
           ciphertext = excluded.ciphertext, updated_at = excluded.updated_at`,
      )
      .run(
        record.user,
        record.name,
        record.keyId,
        Buffer.from(record.iv),
        Buffer.from(record.ciphertext),
        record.updatedAt,
      );
  }

  async getVaultRecord(user: string, name: string): Promise<VaultRecord | undefined> {
    const row = this.#db.prepare('SELECT * FROM vault WHERE user = ? AND name = ?').get(user, name) as
      | VaultRow
      | undefined;
    if (!row) return undefined;
    return {
      user: row.user,
      name: row.name,
      keyId: row.key_id,
      iv: new Uint8Array(row.iv),
      ciphertext: new Uint8Array(row.ciphertext),
      updatedAt: row.updated_at,
    };
  }

  async deleteVaultRecord(user: string, name: string): Promise<boolean> {
    return this.#db.prepare('DELETE FROM vault WHERE user = ? AND name = ?').run(user, name).changes === 1;
  }

  async claimVaultLease(
    user: string,
    name: string,
    holder: string,
    until: number,
    now: number,
  ): Promise<boolean> {
    // One statement, so two processes on the file cannot both take it: the row is written only when it is new,
    // ours, or lapsed.
    const changed = this.#db
      .prepare(
        `INSERT INTO vault_leases (user, name, holder, until) VALUES (?, ?, ?, ?)
         ON CONFLICT (user, name) DO UPDATE SET holder = excluded.holder, until = excluded.until
         WHERE vault_leases.holder = excluded.holder OR vault_leases.until <= ?`,
      )
      .run(user, name, holder, until, now).changes;
    return changed === 1;
  }

  async releaseVaultLease(user: string, name: string, holder: string): Promise<void> {
    this.#db
      .prepare('DELETE FROM vault_leases WHERE user = ? AND name = ? AND holder = ?')
      .run(user, name, holder);
  }

  async close(): Promise<void> {
    this.#hub.clear();
    if (this.#db.open) this.#db.close();
  }
}

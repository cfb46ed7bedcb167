import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import { UsageError } from '@elicitkit/core';
import Database from 'better-sqlite3';
import { ClientErrorCode } from '../../errors.js';
import type { Question, QuestionAnswer, QuestionStatus } from '../question.js';
import type { RelayCall, RelayStore } from '../store.js';
import { Watchers } from '../watchers.js';

const SCHEMA_VERSION = 1;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS relay_questions (
  id TEXT PRIMARY KEY,
  principal TEXT NOT NULL,
  call_id TEXT,
  resume_key TEXT,
  question TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'answered', 'withdrawn')),
  answer TEXT,
  retired INTEGER NOT NULL DEFAULT 0,
  holder TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  settled_at INTEGER
) STRICT;
CREATE INDEX IF NOT EXISTS relay_questions_open ON relay_questions (principal, status);
CREATE INDEX IF NOT EXISTS relay_questions_resume ON relay_questions (principal, resume_key);
CREATE INDEX IF NOT EXISTS relay_questions_call ON relay_questions (call_id);
CREATE TABLE IF NOT EXISTS relay_calls (
  id TEXT PRIMARY KEY,
  principal TEXT NOT NULL,
  record TEXT NOT NULL,
  holder TEXT NOT NULL
) STRICT;
`;

/** Settled questions are kept this long (a late second answer hears "already answered"), then deleted. */
const SETTLED_KEPT_MS = 24 * 60 * 60 * 1000;

interface QuestionRow {
  question: string;
  status: QuestionStatus;
  answer: string | null;
  retired: number;
}

/** Options of {@link sqliteRelayStore}. */
export interface SqliteRelayStoreOptions {
  /** The database file; created with mode 0600. Its own file: the store holds it exclusively while open. */
  file: string;
  /** The store's clock, ms since the epoch (tests inject one). */
  now?: () => number;
}

/** The SQLite relay store: a {@link RelayStore} that holds its file until closed. */
export interface SqliteRelayStore extends RelayStore {
  /** Closes the file (a graceful shutdown): the next life opens it and takes over what is left. */
  close(): void;
}

/**
 * A {@link RelayStore} in one SQLite file: questions and calls survive a restart of the agent (its next life takes
 * them over with `relay.recover()`). One process at a time holds the file (a second gets a `UsageError`
 * `relay-store-in-use`): events reach this process's pages only, so several instances need Redis. Close it with
 * `close()` on shutdown.
 */
export function sqliteRelayStore(options: SqliteRelayStoreOptions): SqliteRelayStore {
  const now = options.now ?? Date.now;
  const db = open(options.file);
  // Rows this process wrote; anything else is a previous life's, for takeOver().
  const holder = crypto.randomUUID();
  const watchers = new Watchers();
  const emit = watchers.emit.bind(watchers);

  const sql = {
    insert: db.prepare(
      `INSERT INTO relay_questions (id, principal, call_id, resume_key, question, status, holder, expires_at)
       VALUES (?, ?, ?, ?, ?, 'pending', ?, ?)`,
    ),
    countPending: db.prepare(
      `SELECT count(*) AS n FROM relay_questions WHERE principal = ? AND status = 'pending'`,
    ),
    pending: db.prepare(
      `SELECT question FROM relay_questions WHERE principal = ? AND status = 'pending' ORDER BY rowid`,
    ),
    expired: db.prepare(
      `SELECT id, principal FROM relay_questions WHERE principal = ? AND status = 'pending' AND expires_at <= ?`,
    ),
    open: db.prepare(
      `SELECT question, status, answer, retired FROM relay_questions
       WHERE principal = ? AND resume_key = ? AND retired = 0
         AND (status = 'pending' OR (status = 'answered' AND answer IS NOT NULL))
       ORDER BY rowid LIMIT 1`,
    ),
    get: db.prepare(`SELECT question, status, answer, retired FROM relay_questions WHERE id = ?`),
    settle: db.prepare(
      `UPDATE relay_questions SET status = ?, answer = ?, settled_at = ? WHERE id = ? AND status = 'pending'
       RETURNING principal`,
    ),
    prune: db.prepare(`DELETE FROM relay_questions WHERE status != 'pending' AND settled_at < ?`),
    saveCall: db.prepare(
      `INSERT INTO relay_calls (id, principal, record, holder) VALUES (?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET record = excluded.record, holder = excluded.holder`,
    ),
    retire: db.prepare(`UPDATE relay_questions SET retired = 1 WHERE call_id = ? AND status != 'pending'`),
    endCall: db.prepare(`DELETE FROM relay_calls WHERE id = ?`),
    otherCalls: db.prepare(`SELECT record FROM relay_calls WHERE holder != ?`),
    otherQuestions: db.prepare(
      `SELECT question FROM relay_questions WHERE holder != ? AND status = 'pending' ORDER BY rowid`,
    ),
    adoptCalls: db.prepare(`UPDATE relay_calls SET holder = ? WHERE holder != ?`),
    adoptQuestions: db.prepare(`UPDATE relay_questions SET holder = ? WHERE holder != ?`),
  };

  const settle = (id: string, status: 'answered' | 'withdrawn', answer?: QuestionAnswer): boolean => {
    const row = sql.settle.get(status, answer ? JSON.stringify(answer) : null, now(), id) as
      | { principal: string }
      | undefined;
    if (!row) return false;
    emit(row.principal, { type: 'settled', id, status, ...(answer && { answer }) });
    return true;
  };
  const withdrawExpired = (principal: string) => {
    for (const row of sql.expired.all(principal, now()) as { id: string }[]) settle(row.id, 'withdrawn');
  };
  let settles = 0;
  const pruneNow = () => {
    if (++settles % 256 === 0) sql.prune.run(now() - SETTLED_KEPT_MS);
  };

  const add = db.transaction((question: Question, maxPending: number) => {
    if (question.resumeKey !== undefined) {
      const open = sql.open.get(question.principal, question.resumeKey) as QuestionRow | undefined;
      if (open) {
        return {
          added: false as const,
          existing: JSON.parse(open.question) as Question,
          ...(open.answer !== null && { answer: JSON.parse(open.answer) as QuestionAnswer }),
        };
      }
    }
    withdrawExpired(question.principal);
    if ((sql.countPending.get(question.principal) as { n: number }).n >= maxPending)
      return { added: false as const };
    sql.insert.run(
      question.id,
      question.principal,
      question.call ?? null,
      question.resumeKey ?? null,
      JSON.stringify(question),
      holder,
      question.expiresAt,
    );
    return { added: true as const };
  });
  const takeOver = db.transaction(() => {
    const calls = (sql.otherCalls.all(holder) as { record: string }[]).map(
      (r) => JSON.parse(r.record) as RelayCall,
    );
    const questions = (sql.otherQuestions.all(holder) as { question: string }[]).map(
      (r) => JSON.parse(r.question) as Question,
    );
    sql.adoptCalls.run(holder, holder);
    sql.adoptQuestions.run(holder, holder);
    return { calls, questions };
  });

  return {
    async add(question, maxPending) {
      const result = add(question, maxPending);
      if (result.added) emit(question.principal, { type: 'asked', question });
      return result;
    },
    async pending(principal) {
      withdrawExpired(principal);
      return (sql.pending.all(principal) as { question: string }[]).map(
        (r) => JSON.parse(r.question) as Question,
      );
    },
    async get(id) {
      let row = sql.get.get(id) as QuestionRow | undefined;
      if (!row) return undefined;
      const question = JSON.parse(row.question) as Question;
      if (row.status === 'pending' && question.expiresAt <= now()) {
        settle(id, 'withdrawn');
        row = sql.get.get(id) as QuestionRow;
      }
      return {
        question,
        status: row.status,
        ...(row.answer !== null && { answer: JSON.parse(row.answer) as QuestionAnswer }),
      };
    },
    async settle(id, status, answer) {
      const won = settle(id, status, answer);
      if (won) pruneNow();
      return won;
    },
    watch: (principal, listener) => watchers.watch(principal, listener),
    async saveCall(call) {
      sql.saveCall.run(call.id, call.principal, JSON.stringify(call), holder);
    },
    async retire(callId) {
      sql.retire.run(callId);
    },
    async endCall(callId) {
      sql.endCall.run(callId);
      sql.retire.run(callId);
    },
    async takeOver() {
      return takeOver();
    },
    close() {
      watchers.clear();
      db.close();
    },
  };
}

/** Opens `file` for this process alone: a second process gets a clear error rather than questions it cannot see. */
function open(file: string): Database.Database {
  if (file !== ':memory:') {
    // The file and its directory are private to the agent's OS user: questions and answers are the person's.
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    closeSync(openSync(file, 'a', 0o600));
    chmodSync(file, 0o600);
  }
  // No waiting for the lock: another process holding it holds it for its whole life.
  const db = new Database(file, { timeout: 100 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version > SCHEMA_VERSION) {
      throw new UsageError(
        ClientErrorCode.InvalidOption,
        `sqliteRelayStore: ${file} has schema version ${version}, newer than this code's ${SCHEMA_VERSION}`,
        { details: { option: 'file' } },
      );
    }
    // The first write takes the exclusive lock, held until close (the OS drops it if the process dies).
    db.exec(SCHEMA);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  } catch (error) {
    db.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') {
      throw new UsageError(
        ClientErrorCode.RelayStoreInUse,
        `sqliteRelayStore: ${file} is open in another process; SQLite serves one agent process at a time (use Redis for several)`,
        { cause: error, details: { file } },
      );
    }
    throw error;
  }
  return db;
}

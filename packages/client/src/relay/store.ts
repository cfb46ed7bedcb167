import type { CallCheckpoint } from '../calls.js';
import type { Question, QuestionAnswer, QuestionStatus } from './question.js';

/** What happens to one principal's questions, as pages and waiting prompts hear it. */
export type QuestionEvent =
  | { type: 'asked'; question: Question }
  | { type: 'settled'; id: string; status: Exclude<QuestionStatus, 'pending'>; answer?: QuestionAnswer };

/**
 * A `tools/call` the relay's agent made for a person (`relay.call`), kept while it runs so that another life of the
 * agent can pick it up: its params and, on 2026-07-28, where it stands.
 */
export interface RelayCall {
  /** Random; the `call` of every question the call asks. */
  id: string;
  principal: string;
  conversation?: string;
  /** The `tools/call` params as the agent sent them. */
  params: { name: string; arguments?: Record<string, unknown> };
  /** Where the call stands (2026 rounds and tasks); absent while it has none, and always on 2025 (not resumable). */
  checkpoint?: CallCheckpoint;
  /** When it started, ms since the epoch. */
  startedAt: number;
}

/** What {@link RelayStore.add} did. */
export type AddResult =
  | { added: true }
  /** The principal has `maxPending` pending questions already: nothing added. */
  | { added: false }
  /** The same question of the same call is open already (asked before a restart): it stands, answered or not. */
  | { added: false; existing: Question; answer?: QuestionAnswer };

/** What a previous life of the relay left behind (records of a store holder that is gone). */
export interface Interrupted {
  calls: RelayCall[];
  /** Questions still pending. */
  questions: Question[];
}

/**
 * Where the relay keeps questions: what is pending per principal, each settled exactly once (compare-and-set), a
 * feed of changes per principal, and the calls in flight. The memory store serves one process; a durable store
 * (SQLite, Redis) keeps questions through a restart, and a shared one (Redis) lets a question raised on one instance
 * be answered through another.
 */
export interface RelayStore {
  /**
   * Adds a pending question. Not added when its principal has `maxPending` pending already, or when the question has
   * a `resumeKey` and an open question of the same principal has it too (pending, or answered and not retired): that
   * one is returned, with its answer if it has one.
   */
  add(question: Question, maxPending: number): Promise<AddResult>;
  /** The principal's pending questions, oldest first (expired ones are withdrawn first). */
  pending(principal: string): Promise<Question[]>;
  /** A question, where it stands and its answer; undefined when unknown (or long settled). */
  get(
    id: string,
  ): Promise<{ question: Question; status: QuestionStatus; answer?: QuestionAnswer } | undefined>;
  /**
   * Settles a pending question: answered (with the answer) or withdrawn. Exactly one settle wins; the others get
   * false. Watchers of its principal hear the winner.
   */
  settle(id: string, status: 'answered' | 'withdrawn', answer?: QuestionAnswer): Promise<boolean>;
  /**
   * For a store whose feed can miss a change (a connection to a shared store dropped for a moment): how often, in ms,
   * the relay reads a waiting question again. Absent: the feed misses nothing.
   */
  readonly recheckMs?: number;
  /** Hears the changes to `principal`'s questions from now on; returns what stops it. */
  watch(principal: string, listener: (event: QuestionEvent) => void): () => void;
  /** Keeps a call (inserted, or replaced with its new checkpoint). */
  saveCall(call: RelayCall): Promise<void>;
  /** The call moved past its answered questions (a new round): a resumed call does not take their answers again. */
  retire(callId: string): Promise<void>;
  /** Forgets a call that ended, and retires its questions. */
  endCall(callId: string): Promise<void>;
  /**
   * Takes over what a previous life left: its calls and pending questions, now this store's. A store used by one
   * process at a time (memory, SQLite) hands over everything it did not write itself.
   */
  takeOver(): Promise<Interrupted>;
}

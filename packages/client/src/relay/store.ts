import type { Question, QuestionAnswer, QuestionStatus } from './question.js';

/** What happens to one principal's questions, as pages and waiting prompts hear it. */
export type QuestionEvent =
  | { type: 'asked'; question: Question }
  | { type: 'settled'; id: string; status: Exclude<QuestionStatus, 'pending'>; answer?: QuestionAnswer };

/**
 * Where the relay keeps questions: what is pending per principal, each settled exactly once (compare-and-set), and a
 * feed of changes per principal. The memory store serves one process; a shared store (SQLite, Redis) lets a question
 * raised on one instance be answered through another.
 */
export interface RelayStore {
  /** Adds a pending question; false (nothing added) when its principal has `maxPending` pending already. */
  add(question: Question, maxPending: number): Promise<boolean>;
  /** The principal's pending questions, oldest first (expired ones are withdrawn first). */
  pending(principal: string): Promise<Question[]>;
  /** A question and where it stands; undefined when unknown (or long settled). */
  get(id: string): Promise<{ question: Question; status: QuestionStatus } | undefined>;
  /**
   * Settles a pending question: answered (with the answer) or withdrawn. Exactly one settle wins; the others get
   * false. Watchers of its principal hear the winner.
   */
  settle(id: string, status: 'answered' | 'withdrawn', answer?: QuestionAnswer): Promise<boolean>;
  /** Hears the changes to `principal`'s questions from now on; returns what stops it. */
  watch(principal: string, listener: (event: QuestionEvent) => void): () => void;
}

interface Entry {
  question: Question;
  status: QuestionStatus;
}

/** Settled questions remembered (so a late second answer hears "already answered", not "unknown"), at most. */
const MAX_SETTLED_REMEMBERED = 1_000;

/** A {@link RelayStore} in this process's memory: for one instance; questions do not survive a restart. */
export function memoryRelayStore(options: { now?: () => number } = {}): RelayStore {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const settled: string[] = [];
  const watchers = new Map<string, Set<(event: QuestionEvent) => void>>();

  const emit = (principal: string, event: QuestionEvent) => {
    for (const listener of watchers.get(principal) ?? []) {
      // One listener failing (a page gone mid-write) must not keep the event from the others.
      try {
        listener(event);
      } catch {}
    }
  };
  const close = (entry: Entry, status: 'answered' | 'withdrawn', answer?: QuestionAnswer) => {
    entry.status = status;
    settled.push(entry.question.id);
    if (settled.length > MAX_SETTLED_REMEMBERED) entries.delete(settled.shift()!);
    emit(entry.question.principal, {
      type: 'settled',
      id: entry.question.id,
      status,
      ...(answer && { answer }),
    });
  };
  const pendingOf = (principal: string) => {
    const t = now();
    const found: Question[] = [];
    for (const entry of entries.values()) {
      if (entry.status !== 'pending' || entry.question.principal !== principal) continue;
      if (entry.question.expiresAt <= t) close(entry, 'withdrawn');
      else found.push(entry.question);
    }
    return found;
  };

  return {
    async add(question, maxPending) {
      if (pendingOf(question.principal).length >= maxPending) return false;
      entries.set(question.id, { question, status: 'pending' });
      emit(question.principal, { type: 'asked', question });
      return true;
    },
    async pending(principal) {
      return pendingOf(principal);
    },
    async get(id) {
      const entry = entries.get(id);
      if (entry?.status === 'pending' && entry.question.expiresAt <= now()) close(entry, 'withdrawn');
      return entry && { question: entry.question, status: entry.status };
    },
    async settle(id, status, answer) {
      const entry = entries.get(id);
      if (entry?.status !== 'pending') return false;
      close(entry, status, answer);
      return true;
    },
    watch(principal, listener) {
      const set = watchers.get(principal) ?? new Set();
      watchers.set(principal, set);
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) watchers.delete(principal);
      };
    },
  };
}

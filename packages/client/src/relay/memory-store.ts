import type { Question, QuestionAnswer, QuestionStatus } from './question.js';
import type { RelayCall, RelayStore } from './store.js';
import { Watchers } from './watchers.js';

interface Entry {
  question: Question;
  status: QuestionStatus;
  answer?: QuestionAnswer;
  /** Its call went on past it: not handed to the call again. */
  retired: boolean;
}

/** Settled questions remembered (so a late second answer hears "already answered", not "unknown"), at most. */
export const MAX_SETTLED_REMEMBERED = 1_000;

/** A {@link RelayStore} in this process's memory: for one instance; questions and calls do not survive a restart. */
export function memoryRelayStore(options: { now?: () => number } = {}): RelayStore {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const settled: string[] = [];
  const calls = new Map<string, RelayCall>();
  const watchers = new Watchers();

  const emit = watchers.emit.bind(watchers);
  const close = (entry: Entry, status: 'answered' | 'withdrawn', answer?: QuestionAnswer) => {
    entry.status = status;
    if (answer) entry.answer = answer;
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
  const openWithKey = (question: Question) => {
    if (question.resumeKey === undefined) return undefined;
    for (const entry of entries.values()) {
      const q = entry.question;
      if (q.principal !== question.principal || q.resumeKey !== question.resumeKey || entry.retired) continue;
      if (entry.status === 'pending' || (entry.status === 'answered' && entry.answer)) return entry;
    }
    return undefined;
  };
  const retire = (callId: string) => {
    for (const entry of entries.values()) if (entry.question.call === callId) entry.retired = true;
  };

  return {
    async add(question, maxPending) {
      const open = openWithKey(question);
      if (open) return { added: false, existing: open.question, ...(open.answer && { answer: open.answer }) };
      if (pendingOf(question.principal).length >= maxPending) return { added: false };
      entries.set(question.id, { question, status: 'pending', retired: false });
      emit(question.principal, { type: 'asked', question });
      return { added: true };
    },
    async pending(principal) {
      return pendingOf(principal);
    },
    async get(id) {
      const entry = entries.get(id);
      if (entry?.status === 'pending' && entry.question.expiresAt <= now()) close(entry, 'withdrawn');
      return (
        entry && {
          question: entry.question,
          status: entry.status,
          ...(entry.answer && { answer: entry.answer }),
        }
      );
    },
    async settle(id, status, answer) {
      const entry = entries.get(id);
      if (entry?.status !== 'pending') return false;
      close(entry, status, answer);
      return true;
    },
    watch: (principal, listener) => watchers.watch(principal, listener),
    async saveCall(call) {
      calls.set(call.id, structuredClone(call));
    },
    async retire(callId) {
      retire(callId);
    },
    async endCall(callId) {
      calls.delete(callId);
      retire(callId);
    },
    // Everything here was written by this process: a previous life left nothing in memory.
    async takeOver() {
      return { calls: [], questions: [] };
    },
  };
}

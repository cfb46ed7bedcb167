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
  // Indexes, so that no step walks every question: pending ones per principal, open ones by resume key.
  const pendingBy = new Map<string, Map<string, Entry>>();
  const byResumeKey = new Map<string, Entry>();
  const settled: string[] = [];
  const calls = new Map<string, RelayCall>();
  const watchers = new Watchers();

  const emit = watchers.emit.bind(watchers);
  const resumeKeyOf = (question: Question) =>
    question.resumeKey === undefined ? undefined : `${question.principal}\u0000${question.resumeKey}`;
  const close = (entry: Entry, status: 'answered' | 'withdrawn', answer?: QuestionAnswer) => {
    const { question } = entry;
    entry.status = status;
    if (answer) entry.answer = answer;
    const pending = pendingBy.get(question.principal);
    pending?.delete(question.id);
    if (pending?.size === 0) pendingBy.delete(question.principal);
    const key = resumeKeyOf(question);
    if (key !== undefined && status === 'withdrawn' && byResumeKey.get(key) === entry)
      byResumeKey.delete(key);
    settled.push(question.id);
    if (settled.length > MAX_SETTLED_REMEMBERED) forget(settled.shift()!);
    emit(question.principal, { type: 'settled', id: question.id, status, ...(answer && { answer }) });
  };
  const forget = (id: string) => {
    const entry = entries.get(id);
    entries.delete(id);
    const key = entry && resumeKeyOf(entry.question);
    if (key !== undefined && byResumeKey.get(key) === entry) byResumeKey.delete(key);
  };
  const pendingOf = (principal: string) => {
    const t = now();
    const found: Question[] = [];
    for (const entry of [...(pendingBy.get(principal)?.values() ?? [])]) {
      if (entry.question.expiresAt <= t) close(entry, 'withdrawn');
      else found.push(entry.question);
    }
    return found;
  };
  const openWithKey = (question: Question) => {
    const key = resumeKeyOf(question);
    const entry = key === undefined ? undefined : byResumeKey.get(key);
    if (!entry || entry.retired) return undefined;
    return entry.status === 'pending' || (entry.status === 'answered' && entry.answer) ? entry : undefined;
  };
  const retire = (callId: string) => {
    for (const entry of byResumeKey.values()) if (entry.question.call === callId) entry.retired = true;
  };

  return {
    async add(question, maxPending) {
      const open = openWithKey(question);
      if (open) return { added: false, existing: open.question, ...(open.answer && { answer: open.answer }) };
      // Expired questions are withdrawn only when they would count against the limit.
      const count = () => pendingBy.get(question.principal)?.size ?? 0;
      if (count() >= maxPending && pendingOf(question.principal).length >= maxPending)
        return { added: false };
      const entry: Entry = { question, status: 'pending', retired: false };
      entries.set(question.id, entry);
      const pending = pendingBy.get(question.principal) ?? new Map<string, Entry>();
      pendingBy.set(question.principal, pending.set(question.id, entry));
      const key = resumeKeyOf(question);
      if (key !== undefined) byResumeKey.set(key, entry);
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

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryRelayStore, type Question, type QuestionEvent, type RelayStore } from '../src/relay/index.js';
import { sqliteRelayStore } from '../src/relay/sqlite/index.js';

/**
 * Issue 27: what every relay store promises (memory; SQLite for one process through restarts), on the real stores:
 * pending per person and bounded, settled exactly once, heard by watchers, and a resumed call's questions found again.
 */

const dirs: string[] = [];
const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function sqliteFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'relay-store-'));
  dirs.push(dir);
  return join(dir, 'relay.db');
}

let clock = 1_000_000;
const now = () => clock;

const stores: [string, () => RelayStore][] = [
  ['memory', () => memoryRelayStore({ now })],
  [
    'sqlite',
    () => {
      const store = sqliteRelayStore({ file: sqliteFile(), now });
      closers.push(() => store.close());
      return store;
    },
  ],
];

let seq = 0;
function question(principal: string, extra: Partial<Question> = {}): Question {
  seq += 1;
  return {
    id: `q-${seq}`,
    kind: 'form',
    principal,
    requester: { name: 'bistro' },
    message: `Question ${seq}`,
    fields: [],
    initial: {},
    requestedSchema: { type: 'object', properties: {} },
    askedAt: clock,
    expiresAt: clock + 60_000,
    ...extra,
  } as Question;
}

describe.each(stores)('the %s relay store', (_name, makeStore) => {
  it('keeps each person their own pending questions, oldest first, and bounds them', async () => {
    const store = makeStore();
    const [a1, a2, b1] = [question('alice'), question('alice'), question('bob')];
    expect(await store.add(a1, 2)).toEqual({ added: true });
    expect(await store.add(a2, 2)).toEqual({ added: true });
    expect(await store.add(b1, 2)).toEqual({ added: true });
    expect(await store.add(question('alice'), 2)).toEqual({ added: false });
    expect((await store.pending('alice')).map((q) => q.id)).toEqual([a1.id, a2.id]);
    expect((await store.pending('bob')).map((q) => q.id)).toEqual([b1.id]);
  });

  it('settles a question exactly once, and its watchers hear the winner', async () => {
    const store = makeStore();
    const q = question('alice');
    const heard: QuestionEvent[] = [];
    const stop = store.watch('alice', (event) => heard.push(event));
    const bobHeard: QuestionEvent[] = [];
    store.watch('bob', (event) => bobHeard.push(event));
    await store.add(q, 8);
    const answer = { action: 'submit' as const, content: { name: 'Ada' } };
    const results = await Promise.all([
      store.settle(q.id, 'answered', answer),
      store.settle(q.id, 'withdrawn'),
    ]);
    expect(results).toEqual([true, false]);
    expect(heard.map((e) => e.type)).toEqual(['asked', 'settled']);
    expect(heard[1]).toEqual({ type: 'settled', id: q.id, status: 'answered', answer });
    expect(bobHeard).toEqual([]);
    expect(await store.get(q.id)).toEqual({ question: q, status: 'answered', answer });
    expect(await store.pending('alice')).toEqual([]);
    stop();
  });

  it('withdraws a question once it expires', async () => {
    const store = makeStore();
    const q = question('alice', { expiresAt: clock + 10 });
    await store.add(q, 8);
    clock += 11;
    expect(await store.pending('alice')).toEqual([]);
    expect((await store.get(q.id))?.status).toBe('withdrawn');
  });

  it('a resumed call finds its question again, pending or answered, until the call moves past it', async () => {
    const store = makeStore();
    const first = question('alice', { call: 'call-1', resumeKey: 'k1' });
    await store.add(first, 8);
    // The same question asked again by the call's next life: the one that stands.
    const again = question('alice', { call: 'call-1', resumeKey: 'k1' });
    expect(await store.add(again, 8)).toEqual({ added: false, existing: first });
    // Another person's question with the same key is theirs alone.
    expect(await store.add(question('bob', { call: 'call-1', resumeKey: 'k1' }), 8)).toEqual({ added: true });
    const answer = { action: 'submit' as const, content: { name: 'Ada' } };
    await store.settle(first.id, 'answered', answer);
    expect(await store.add(question('alice', { call: 'call-1', resumeKey: 'k1' }), 8)).toEqual({
      added: false,
      existing: first,
      answer,
    });
    // The call went on to its next round: the answer is not handed to it again.
    await store.retire('call-1');
    expect(await store.add(question('alice', { call: 'call-1', resumeKey: 'k1' }), 8)).toEqual({
      added: true,
    });
  });
});

describe('the SQLite relay store', () => {
  it('keeps questions and calls through a restart; the next life takes them over', async () => {
    const file = sqliteFile();
    const before = sqliteRelayStore({ file, now });
    const waiting = question('alice', { call: 'call-1', resumeKey: 'k1' });
    const loose = question('alice');
    await before.add(waiting, 8);
    await before.add(loose, 8);
    const call = {
      id: 'call-1',
      principal: 'alice',
      params: { name: 'book' },
      checkpoint: { taskId: 't-1' },
      startedAt: clock,
    };
    await before.saveCall(call);
    // Nothing of this life is a previous life's.
    expect(await before.takeOver()).toEqual({ calls: [], questions: [] });
    before.close();

    const after = sqliteRelayStore({ file, now });
    closers.push(() => after.close());
    expect(await after.takeOver()).toEqual({ calls: [call], questions: [waiting, loose] });
    // Taken over once.
    expect(await after.takeOver()).toEqual({ calls: [], questions: [] });
    expect((await after.pending('alice')).map((q) => q.id)).toEqual([waiting.id, loose.id]);
  });

  it('one process at a time holds the file: a second open is refused by name', () => {
    const file = sqliteFile();
    const first = sqliteRelayStore({ file, now });
    closers.push(() => first.close());
    expect(() => sqliteRelayStore({ file, now })).toThrow(
      expect.objectContaining({ code: 'relay-store-in-use', message: expect.stringContaining('Redis') }),
    );
  });
});

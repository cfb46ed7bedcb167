// @needs redis-server
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestRedis, type TestRedis } from '../../server/test/redis/redis-server.js';
import { memoryRelayStore, type Question, type QuestionEvent, type RelayStore } from '../src/relay/index.js';
import { redisRelayStore } from '../src/relay/redis/index.js';
import { sqliteRelayStore } from '../src/relay/sqlite/index.js';

/**
 * Issue 27: what every relay store promises (memory; SQLite for one process through restarts; Redis for several
 * instances, on a real redis-server), on the real stores:
 * pending per person and bounded, settled exactly once, heard by watchers, and a resumed call's questions found again.
 */

const dirs: string[] = [];
const closers: (() => unknown)[] = [];
let redis: TestRedis;
beforeAll(async () => {
  redis = await startTestRedis();
});
afterAll(async () => {
  await redis?.dispose();
});
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function sqliteFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'relay-store-'));
  dirs.push(dir);
  return join(dir, 'relay.db');
}

let clock = 1_000_000;
let prefixes = 0;
const now = () => clock;

const stores: [string, () => RelayStore][] = [
  ['memory', () => memoryRelayStore({ now })],
  [
    'redis',
    () => {
      const store = redisRelayStore({ redis: redis.url, keyPrefix: `t${++prefixes}:`, now });
      closers.push(() => store.close());
      return store;
    },
  ],
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
    let stop = () => {};
    const q = question('alice');
    const heard: QuestionEvent[] = [];
    // A shared store's watchers hear through Redis: the settle event comes when it comes.
    const settledHeard = new Promise<void>((resolve) => {
      stop = store.watch('alice', (event) => {
        heard.push(event);
        if (event.type === 'settled') resolve();
      });
    });
    const bobHeard: QuestionEvent[] = [];
    store.watch('bob', (event) => bobHeard.push(event));
    await store.add(q, 8);
    const answer = { action: 'submit' as const, content: { name: 'Ada' } };
    const results = await Promise.all([
      store.settle(q.id, 'answered', answer),
      store.settle(q.id, 'withdrawn'),
    ]);
    expect(results).toEqual([true, false]);
    await settledHeard;
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

describe('the Redis relay store', () => {
  it("takes over an instance's calls and questions once its lease lapses, and not before", async () => {
    const keyPrefix = `lease${++prefixes}:`;
    const clockA = 5_000_000;
    let clockB = clockA;
    const a = redisRelayStore({ redis: redis.url, keyPrefix, leaseMs: 1000, now: () => clockA });
    const b = redisRelayStore({ redis: redis.url, keyPrefix, leaseMs: 1000, now: () => clockB });
    closers.push(
      () => a.close(),
      () => b.close(),
    );
    const waiting = question('alice', {
      call: 'call-1',
      resumeKey: 'k1',
      askedAt: clockA,
      expiresAt: clockA + 60_000,
    });
    await a.add(waiting, 8);
    const call = {
      id: 'call-1',
      principal: 'alice',
      params: { name: 'book' },
      checkpoint: { taskId: 't' },
      startedAt: 1,
    };
    await a.saveCall(call);
    // A is alive: nothing to take.
    expect(await b.takeOver()).toEqual({ calls: [], questions: [] });
    // A's clock stands still, as a dead process's renewals would; B's time goes on past A's lease.
    clockB += 2_000;
    expect(await b.takeOver()).toEqual({ calls: [call], questions: [waiting] });
    expect(await b.takeOver()).toEqual({ calls: [], questions: [] });
  });

  it('an instance that closes gives its calls up at once', async () => {
    const keyPrefix = `close${++prefixes}:`;
    const a = redisRelayStore({ redis: redis.url, keyPrefix, now });
    const b = redisRelayStore({ redis: redis.url, keyPrefix, now });
    closers.push(() => b.close());
    const call = { id: 'call-2', principal: 'alice', params: { name: 'book' }, startedAt: 1 };
    await a.saveCall(call);
    await a.close();
    expect(await b.takeOver()).toEqual({ calls: [call], questions: [] });
  });

  it('a question added through one instance is heard and answered through another', async () => {
    const keyPrefix = `cross${++prefixes}:`;
    const a = redisRelayStore({ redis: redis.url, keyPrefix, now });
    const b = redisRelayStore({ redis: redis.url, keyPrefix, now });
    closers.push(
      () => a.close(),
      () => b.close(),
    );
    const heardByA: QuestionEvent[] = [];
    const settled = new Promise<void>((resolve) =>
      a.watch('alice', (event) => {
        heardByA.push(event);
        if (event.type === 'settled') resolve();
      }),
    );
    const q = question('alice');
    await a.add(q, 8);
    expect((await b.pending('alice')).map((p) => p.id)).toEqual([q.id]);
    expect(await b.settle(q.id, 'answered', { action: 'decline' })).toBe(true);
    expect(await a.settle(q.id, 'withdrawn')).toBe(false);
    await settled;
    expect(heardByA.map((e) => e.type)).toEqual(['asked', 'settled']);
  });
});

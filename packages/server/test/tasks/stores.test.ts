// @needs redis-server
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisTaskStore } from '../../src/redis/index.js';
import { SqliteTaskStore } from '../../src/sqlite/index.js';
import { MemoryTaskStore, type TaskRecord, type TaskStore } from '../../src/tasks/index.js';
import { startTestRedis, type TestRedis } from '../redis/redis-server.js';

const NOW = Date.now();

function record(id: string, principal = 'p', expiresAt = NOW + 60_000): TaskRecord {
  return {
    id,
    principal,
    status: 'working',
    createdAt: NOW,
    lastUpdatedAt: NOW,
    ttlMs: 60_000,
    pollIntervalMs: 1000,
    expiresAt,
    call: { name: 'tool' },
    envelope: {},
    state: { f: 'flow', n: 0, a: [], q: [], s: [], u: [] },
    issued: [],
  };
}

let redis: TestRedis;
const dir = mkdtempSync(join(tmpdir(), 'elicitkit-task-stores-'));
beforeAll(async () => {
  redis = await startTestRedis();
});
afterAll(async () => {
  await redis?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

const stores: [string, () => TaskStore][] = [
  ['memory', () => new MemoryTaskStore()],
  ['sqlite', () => new SqliteTaskStore({ file: join(dir, `${Math.random()}.db`) })],
  ['redis', () => new RedisTaskStore({ redis: redis.url, keyPrefix: `contract-${Math.random()}:` })],
];

describe.each(stores)('%s task store', (_name, make) => {
  it('[T-07] a created record reads back at once, version 1', async () => {
    const store = make();
    expect(await store.create(record('a'), { maxPerPrincipal: 10, now: NOW })).toBe('created');
    expect(await store.get('a')).toEqual({ record: record('a'), version: 1 });
    expect(await store.get('missing')).toBeUndefined();
    await store.close?.();
  });

  it('[T-19] writes are compare-and-set on the version: a stale writer loses', async () => {
    const store = make();
    await store.create(record('a'), { maxPerPrincipal: 10, now: NOW });
    const first = { ...record('a'), status: 'cancelled' as const };
    expect(await store.replace('a', 1, first)).toBe(true);
    expect(await store.replace('a', 1, { ...record('a'), status: 'completed' })).toBe(false);
    expect(await store.get('a')).toEqual({ record: first, version: 2 });
    expect(await store.replace('missing', 1, record('missing'))).toBe(false);
    await store.close?.();
  });

  it('bounds: a principal holds at most maxPerPrincipal unexpired tasks; expired ones do not count', async () => {
    const store = make();
    expect(await store.create(record('old', 'p', NOW - 1), { maxPerPrincipal: 2, now: NOW })).toBe('created');
    expect(await store.create(record('a'), { maxPerPrincipal: 2, now: NOW })).toBe('created');
    expect(await store.create(record('b'), { maxPerPrincipal: 2, now: NOW })).toBe('created');
    expect(await store.create(record('c'), { maxPerPrincipal: 2, now: NOW })).toBe('limit');
    expect(await store.create(record('d', 'q'), { maxPerPrincipal: 2, now: NOW })).toBe('created');
    expect(await store.get('c')).toBeUndefined();
    await store.close?.();
  });
});

// @needs redis-server
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisElicitationStore } from '../../src/redis/index.js';
import type { UrlElicitationLogger } from '../../src/url/index.js';
import type { CompletionEvent } from '../../src/url/store/index.js';
import { afterEarlierEvents, describeStoreContract, sampleRecord } from '../url/store-contract.js';
import { startTestRedis, type TestRedis } from './redis-server.js';

let redis: TestRedis;
let admin: Redis;
let tenants = 0;
const quiet: UrlElicitationLogger = { info() {}, warn() {} };

beforeAll(async () => {
  redis = await startTestRedis();
  admin = new Redis(redis.url);
});
afterAll(async () => {
  admin?.disconnect();
  await redis?.dispose();
});

/** Each store in its own prefix, so tests never see each other's keys. */
const newPrefix = () => `t${tenants++}:`;
const prefixes = new WeakMap<RedisElicitationStore, string>();

describeStoreContract('redis', {
  make: () => {
    const keyPrefix = newPrefix();
    const store = new RedisElicitationStore({ redis: redis.url, keyPrefix, logger: quiet });
    prefixes.set(store, keyPrefix);
    return store;
  },
  // A second instance on the same Redis and prefix: what another server process would open.
  reopen: async (store) => {
    const keyPrefix = prefixes.get(store as RedisElicitationStore) as string;
    await store.close();
    return new RedisElicitationStore({ redis: redis.url, keyPrefix, logger: quiet });
  },
});

describe('RedisElicitationStore', () => {
  it('keeps tenants apart: the same id under two prefixes are two records', async () => {
    const a = new RedisElicitationStore({ redis: redis.url, keyPrefix: newPrefix(), logger: quiet });
    const b = new RedisElicitationStore({ redis: redis.url, keyPrefix: newPrefix(), logger: quiet });
    const seenByB: CompletionEvent[] = [];
    await b.subscribe((e) => seenByB.push(e));
    const record = sampleRecord();
    await a.create(record);
    expect(await b.get(record.id)).toBeUndefined();
    await b.create({ ...record, user: 'bob' });
    expect((await a.complete(record.id, record.createdAt)).ok).toBe(true);
    expect((await b.get(record.id))?.status).toBe('pending');
    // Had A's completion landed in B's stream, it would come before B's own marker.
    const marker = await afterEarlierEvents(b);
    expect(seenByB.map((e) => e.record.id)).toEqual([marker]);
    await Promise.all([a.close(), b.close()]);
  });

  it('lets Redis delete a record only after its lifetime plus the retention window', async () => {
    const keyPrefix = newPrefix();
    const store = new RedisElicitationStore({
      redis: redis.url,
      keyPrefix,
      retainExpiredMs: 60_000,
      logger: quiet,
    });
    const record = sampleRecord({ expiresAt: sampleRecord().createdAt + 120_000 });
    await store.create(record);
    const ttl = await admin.pttl(`${keyPrefix}elicitation:${record.id}`);
    expect(ttl).toBeGreaterThan(170_000);
    expect(ttl).toBeLessThanOrEqual(180_000);
    await store.close();
  });

  it('shows a record past its expiry as expired, not as unknown, until Redis drops it', async () => {
    const keyPrefix = newPrefix();
    const store = new RedisElicitationStore({
      redis: redis.url,
      keyPrefix,
      retainExpiredMs: 300,
      logger: quiet,
    });
    const now = Date.now();
    const record = sampleRecord({ createdAt: now, expiresAt: now + 100 });
    await store.create(record);
    // Past its expiry by the clock complete() is given: no waiting for the wall clock.
    expect(await store.complete(record.id, record.expiresAt + 1)).toEqual({ ok: false, reason: 'expired' });
    expect(await store.get(record.id)).toMatchObject({ id: record.id, status: 'pending' });
    // Redis keeps it for its lifetime plus the retention window, then drops it (the DEL is that TTL firing).
    const key = `${keyPrefix}elicitation:${record.id}`;
    const ttl = await admin.pttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(100 + 300);
    await admin.del(key);
    expect(await store.get(record.id)).toBeUndefined();
    expect(await store.complete(record.id, Date.now())).toEqual({ ok: false, reason: 'unknown' });
    await store.close();
  });

  it('purges in batches, and drops index entries of records Redis already deleted', async () => {
    const keyPrefix = newPrefix();
    const store = new RedisElicitationStore({
      redis: redis.url,
      keyPrefix,
      retainExpiredMs: 60_000,
      logger: quiet,
    });
    const old = Array.from({ length: 1100 }, () => sampleRecord({ expiresAt: sampleRecord().createdAt - 1 }));
    await Promise.all(old.map((record) => store.create(record)));
    expect(await store.purge(sampleRecord().createdAt)).toBe(1100);
    expect(await admin.zcard(`${keyPrefix}expiry`)).toBe(0);
    // A record created long after another's expiry plus retention trims that one's index entry.
    const first = sampleRecord();
    await store.create(first);
    const later = first.expiresAt + 61_000;
    await store.create(sampleRecord({ createdAt: later, expiresAt: later + 60_000 }));
    expect(await admin.zscore(`${keyPrefix}expiry`, first.id)).toBeNull();
    await store.close();
  });

  it('holds vault entries as ciphertext only', async () => {
    const keyPrefix = newPrefix();
    const store = new RedisElicitationStore({ redis: redis.url, keyPrefix, logger: quiet });
    const ciphertext = new Uint8Array(Buffer.from('opaque-ciphertext-bytes'));
    await store.putVaultRecord({
      user: 'alice',
      name: 'api_key',
      keyId: 'k1',
      iv: new Uint8Array(12),
      ciphertext,
      updatedAt: 1,
    });
    const raw = await admin.hgetall(`${keyPrefix}vault:alice`);
    expect(Object.keys(raw)).toEqual(['api_key']);
    expect(JSON.parse(raw.api_key as string)).toEqual({
      keyId: 'k1',
      iv: Buffer.alloc(12).toString('base64'),
      ciphertext: Buffer.from(ciphertext).toString('base64'),
      updatedAt: 1,
    });
    await store.close();
  });

  it('delivers a completion made while its stream reader was disconnected', async () => {
    const keyPrefix = newPrefix();
    const waiting = new RedisElicitationStore({ redis: redis.url, keyPrefix, logger: quiet });
    const completing = new RedisElicitationStore({ redis: redis.url, keyPrefix, logger: quiet });
    const seen: string[] = [];
    let delivered = () => {};
    const arrived = new Promise<void>((resolve) => {
      delivered = resolve;
    });
    await waiting.subscribe((e) => {
      seen.push(e.record.id);
      delivered();
    });
    const record = sampleRecord();
    await completing.create(record);
    // Cut the reader's connection, complete while it reconnects: the stream keeps the event for it.
    const clients = (await admin.call('CLIENT', 'LIST')) as string;
    const reader = clients.split('\n').find((line) => line.includes(` name=${keyPrefix}completions `));
    const readerId = /\bid=(\d+)/.exec(reader ?? '')?.[1];
    expect(readerId).toBeDefined();
    await admin.call('CLIENT', 'KILL', 'ID', readerId as string);
    await completing.complete(record.id, record.createdAt);
    await arrived;
    expect(seen).toEqual([record.id]);
    await Promise.all([waiting.close(), completing.close()]);
  });

  it('refuses a record under its prefix that it did not write, naming the key', async () => {
    const keyPrefix = newPrefix();
    const store = new RedisElicitationStore({ redis: redis.url, keyPrefix, logger: quiet });
    await admin.hset(`${keyPrefix}elicitation:forged`, { status: 'done', id: 'forged' });
    await expect(store.get('forged')).rejects.toMatchObject({
      code: 'store-record-invalid',
      message: expect.stringContaining(`${keyPrefix}elicitation:forged.status`),
    });
    await store.close();
  });

  it('uses a client passed in as it is, and leaves it open on close', async () => {
    const client = new Redis(redis.url);
    const store = new RedisElicitationStore({ redis: client, keyPrefix: newPrefix(), logger: quiet });
    await store.subscribe(() => {});
    await store.create(sampleRecord());
    await store.close();
    expect(await client.ping()).toBe('PONG');
    client.disconnect();
  });

  it('accepts any prefix, spaces included', async () => {
    const store = new RedisElicitationStore({
      redis: redis.url,
      keyPrefix: 'my app: tenant 7/',
      logger: quiet,
    });
    const seen: string[] = [];
    await store.subscribe((e) => seen.push(e.record.id));
    const record = sampleRecord();
    await store.create(record);
    expect((await store.complete(record.id, record.createdAt)).ok).toBe(true);
    const marker = await afterEarlierEvents(store);
    expect(seen).toEqual([record.id, marker]);
    expect(await admin.exists(`my app: tenant 7/elicitation:${record.id}`)).toBe(1);
    await store.close();
  });

  it('refuses bad configuration with a clear error', () => {
    expect(() => new RedisElicitationStore({ redis: 'http://localhost:6379' })).toThrow(
      /redis:\/\/ or rediss:\/\//,
    );
    expect(() => new RedisElicitationStore({ redis: redis.url, keyPrefix: '' })).toThrow(/keyPrefix/);
    expect(() => new RedisElicitationStore({ redis: redis.url, retainExpiredMs: -1 })).toThrow(
      /retainExpiredMs/,
    );
  });

  it('fails with store-unavailable, naming the server, when Redis does not answer', async () => {
    const warnings: string[] = [];
    const store = new RedisElicitationStore({
      redis: 'redis://127.0.0.1:1',
      commandTimeoutMs: 300,
      logger: { info() {}, warn: (event) => warnings.push(event) },
    });
    await expect(store.get('x')).rejects.toMatchObject({
      code: 'store-unavailable',
      message: expect.stringContaining('Redis at 127.0.0.1:1 did not answer get'),
    });
    expect(warnings).toEqual(['redis.unavailable']);
    await store.close();
  });
});

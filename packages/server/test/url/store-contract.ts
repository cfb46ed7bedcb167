import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { CompletionEvent, ElicitationRecord, ElicitationStore } from '../../src/url/store/index.js';

/**
 * The executable contract of `ElicitationStore`. Every implementation runs it:
 * `describeStoreContract('redis', { make: () => new RedisElicitationStore(...), reopen: ... })`.
 * `reopen(store)` (optional) closes `store` and opens a new instance on the same backing data, as a server
 * restart or a second instance would; persistence and cross-instance tests run only when it is given.
 */
export interface StoreFactory {
  make(): Promise<ElicitationStore> | ElicitationStore;
  reopen?(store: ElicitationStore): Promise<ElicitationStore> | ElicitationStore;
}

const NOW = 1_700_000_000_000;

export function sampleRecord(overrides: Partial<ElicitationRecord> = {}): ElicitationRecord {
  return {
    id: randomBytes(32).toString('base64url'),
    kind: 'secret',
    message: 'Enter your API key',
    params: { name: 'api_key', label: 'Example API key' },
    user: 'alice',
    client: { connectionId: 'session-1', clientId: 'static:alice', clientName: 'test-client' },
    status: 'pending',
    createdAt: NOW,
    expiresAt: NOW + 60_000,
    ...overrides,
  };
}

/**
 * Completes a fresh marker record and resolves with its id once `store` has delivered the marker's event.
 * Completion events arrive in completion order, so by then every earlier completion has been delivered or,
 * if it made no event, never will: the proof behind "nothing else arrived", without a timer.
 */
export async function afterEarlierEvents(store: ElicitationStore): Promise<string> {
  const marker = sampleRecord();
  let delivered = () => {};
  const arrived = new Promise<void>((resolve) => {
    delivered = resolve;
  });
  const stop = await store.subscribe((event) => {
    if (event.record.id === marker.id) delivered();
  });
  await store.create(marker);
  await store.complete(marker.id, NOW);
  await arrived;
  stop();
  return marker.id;
}

export function describeStoreContract(name: string, factory: StoreFactory): void {
  describe(`ElicitationStore contract: ${name}`, () => {
    const open: ElicitationStore[] = [];
    const make = async () => {
      const store = await factory.make();
      open.push(store);
      return store;
    };
    afterEach(async () => {
      await Promise.allSettled(open.splice(0).map((s) => s.close()));
    });

    it('stores and returns a record, as a copy', async () => {
      const store = await make();
      const record = sampleRecord();
      await store.create(record);
      const got = await store.get(record.id);
      expect(got).toEqual(record);
      if (got) got.user = 'mallory';
      expect((await store.get(record.id))?.user).toBe('alice');
      expect(await store.get('no-such-id')).toBeUndefined();
    });

    it('keeps a record without clientName or completedAt as such', async () => {
      const store = await make();
      const record = sampleRecord({ client: { connectionId: 'local:1', clientId: 'local' } });
      await store.create(record);
      expect(await store.get(record.id)).toEqual(record);
    });

    it('refuses a second record with the same id (store-conflict)', async () => {
      const store = await make();
      const record = sampleRecord();
      await store.create(record);
      await expect(store.create({ ...record, user: 'bob' })).rejects.toMatchObject({
        code: 'store-conflict',
      });
      expect((await store.get(record.id))?.user).toBe('alice');
    });

    it('[E-17] completes once: the second completion is refused', async () => {
      const store = await make();
      const record = sampleRecord();
      await store.create(record);
      const first = await store.complete(record.id, NOW + 1);
      expect(first).toMatchObject({
        ok: true,
        record: { id: record.id, status: 'completed', completedAt: NOW + 1 },
      });
      expect(await store.complete(record.id, NOW + 2)).toEqual({ ok: false, reason: 'already-completed' });
      expect((await store.get(record.id))?.completedAt).toBe(NOW + 1);
    });

    it('completes atomically: of many concurrent completions exactly one wins', async () => {
      const store = await make();
      const record = sampleRecord();
      await store.create(record);
      const outcomes = await Promise.all(
        Array.from({ length: 20 }, () => store.complete(record.id, NOW + 1)),
      );
      expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    });

    it('refuses to complete an unknown id, an expired one, or a withdrawn one', async () => {
      const store = await make();
      expect(await store.complete('unknown', NOW)).toEqual({ ok: false, reason: 'unknown' });
      const late = sampleRecord();
      await store.create(late);
      expect(await store.complete(late.id, late.expiresAt)).toEqual({ ok: false, reason: 'expired' });
      expect((await store.get(late.id))?.status).toBe('pending');
      const withdrawn = sampleRecord();
      await store.create(withdrawn);
      expect(await store.expire(withdrawn.id)).toBe(true);
      expect(await store.expire(withdrawn.id)).toBe(false);
      expect(await store.complete(withdrawn.id, NOW)).toEqual({ ok: false, reason: 'expired' });
      expect((await store.get(withdrawn.id))?.status).toBe('expired');
    });

    it('does not withdraw a completed record', async () => {
      const store = await make();
      const record = sampleRecord();
      await store.create(record);
      await store.complete(record.id, NOW);
      expect(await store.expire(record.id)).toBe(false);
      expect((await store.get(record.id))?.status).toBe('completed');
    });

    it('publishes each completion once to every subscriber, until unsubscribed', async () => {
      const store = await make();
      const a: CompletionEvent[] = [];
      const b: CompletionEvent[] = [];
      const stopA = await store.subscribe((e) => a.push(e));
      await store.subscribe((e) => b.push(e));
      const record = sampleRecord();
      await store.create(record);
      await store.complete(record.id, NOW);
      await store.complete(record.id, NOW);
      const marker = await afterEarlierEvents(store);
      expect(a.map((e) => e.record.id)).toEqual([record.id, marker]);
      expect(b[0]?.record).toMatchObject({
        id: record.id,
        user: 'alice',
        status: 'completed',
        client: record.client,
      });
      stopA();
      const other = sampleRecord();
      await store.create(other);
      await store.complete(other.id, NOW);
      const second = await afterEarlierEvents(store);
      expect(a).toHaveLength(2);
      expect(b.map((e) => e.record.id)).toEqual([record.id, marker, other.id, second]);
    });

    it('a throwing subscriber does not stop the others', async () => {
      const store = await make();
      const seen: string[] = [];
      await store.subscribe(() => {
        throw new Error('listener bug');
      });
      await store.subscribe((e) => seen.push(e.record.id));
      const record = sampleRecord();
      await store.create(record);
      await store.complete(record.id, NOW);
      const marker = await afterEarlierEvents(store);
      expect(seen).toEqual([record.id, marker]);
    });

    it('lets exactly one caller claim the completion notice, and only after completion', async () => {
      const store = await make();
      const record = sampleRecord();
      await store.create(record);
      expect(await store.claimNotice(record.id)).toBe(false);
      await store.complete(record.id, NOW);
      const claims = await Promise.all(Array.from({ length: 10 }, () => store.claimNotice(record.id)));
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(await store.claimNotice('unknown')).toBe(false);
    });

    it('purges records that expired before a given time', async () => {
      const store = await make();
      const old = sampleRecord({ expiresAt: NOW - 1 });
      const fresh = sampleRecord({ expiresAt: NOW + 1 });
      await store.create(old);
      await store.create(fresh);
      expect(await store.purge(NOW)).toBe(1);
      expect(await store.get(old.id)).toBeUndefined();
      expect(await store.get(fresh.id)).toBeDefined();
    });

    it('keeps vault records per (user, name), with bytes intact', async () => {
      const store = await make();
      const iv = new Uint8Array(randomBytes(12));
      const ciphertext = new Uint8Array(randomBytes(40));
      await store.putVaultRecord({
        user: 'alice',
        name: 'api_key',
        keyId: 'k1',
        iv,
        ciphertext,
        updatedAt: NOW,
      });
      expect(await store.getVaultRecord('alice', 'api_key')).toEqual({
        user: 'alice',
        name: 'api_key',
        keyId: 'k1',
        iv,
        ciphertext,
        updatedAt: NOW,
      });
      expect(await store.getVaultRecord('bob', 'api_key')).toBeUndefined();
      const replaced = new Uint8Array(randomBytes(40));
      await store.putVaultRecord({
        user: 'alice',
        name: 'api_key',
        keyId: 'k2',
        iv,
        ciphertext: replaced,
        updatedAt: NOW + 1,
      });
      expect(await store.getVaultRecord('alice', 'api_key')).toMatchObject({
        keyId: 'k2',
        ciphertext: replaced,
      });
      expect(await store.deleteVaultRecord('alice', 'api_key')).toBe(true);
      expect(await store.deleteVaultRecord('alice', 'api_key')).toBe(false);
      expect(await store.getVaultRecord('alice', 'api_key')).toBeUndefined();
    });

    it('leases a vault entry to one holder at a time, per (user, name); only its holder releases it', async () => {
      const store = await make();
      const claim = (user: string, name: string, holder: string) =>
        store.claimVaultLease!(user, name, holder, NOW + 60_000, NOW);
      expect(await claim('alice', 'oauth.token:calendar', 'h1')).toBe(true);
      expect(await claim('alice', 'oauth.token:calendar', 'h1')).toBe(true); // its holder renews it
      expect(await claim('alice', 'oauth.token:calendar', 'h2')).toBe(false);
      expect(await claim('alice', 'oauth.token:mail', 'h2')).toBe(true);
      expect(await claim('bob', 'oauth.token:calendar', 'h2')).toBe(true);
      await store.releaseVaultLease!('alice', 'oauth.token:calendar', 'h2'); // not its holder: nothing changes
      expect(await claim('alice', 'oauth.token:calendar', 'h2')).toBe(false);
      await store.releaseVaultLease!('alice', 'oauth.token:calendar', 'h1');
      expect(await claim('alice', 'oauth.token:calendar', 'h2')).toBe(true);
      // Of many claims at once, exactly one holder wins.
      const wins = await Promise.all(
        Array.from({ length: 8 }, (_, i) => store.claimVaultLease!('carol', 'x', `c${i}`, NOW + 60_000, NOW)),
      );
      expect(wins.filter(Boolean)).toHaveLength(1);
    });

    if (factory.reopen) {
      const reopen = factory.reopen;
      it('loses nothing across a restart: records, completion state, vault', async () => {
        const store = await make();
        const pending = sampleRecord();
        const done = sampleRecord();
        await store.create(pending);
        await store.create(done);
        await store.complete(done.id, NOW);
        await store.putVaultRecord({
          user: 'alice',
          name: 'k',
          keyId: 'k1',
          iv: new Uint8Array(12),
          ciphertext: new Uint8Array(20),
          updatedAt: NOW,
        });
        const again = await reopen(store);
        open.push(again);
        expect(await again.get(pending.id)).toEqual(pending);
        expect(await again.complete(done.id, NOW)).toEqual({ ok: false, reason: 'already-completed' });
        expect(await again.complete(pending.id, NOW + 5)).toMatchObject({ ok: true });
        expect(await again.getVaultRecord('alice', 'k')).toBeDefined();
      });
    }
  });
}

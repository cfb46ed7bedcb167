import { PeerError } from '@elicitkit/core';
import { UrlErrorCode } from '../errors.js';
import { CompletionHub } from './completion-hub.js';
import type {
  CompleteOutcome,
  CompletionListener,
  ElicitationRecord,
  ElicitationStore,
  VaultRecord,
} from './types.js';

const vaultKey = (user: string, name: string) => JSON.stringify([user, name]);

/** A store in process memory: for tests and single-process development. Nothing survives a restart. */
export class MemoryElicitationStore implements ElicitationStore {
  readonly #records = new Map<string, ElicitationRecord>();
  readonly #noticed = new Set<string>();
  readonly #vault = new Map<string, VaultRecord>();
  readonly #leases = new Map<string, { holder: string; until: number }>();
  readonly #hub = new CompletionHub();

  async create(record: ElicitationRecord): Promise<void> {
    if (this.#records.has(record.id)) {
      throw new PeerError(UrlErrorCode.StoreConflict, 'an elicitation with this id already exists');
    }
    this.#records.set(record.id, structuredClone(record));
  }

  async get(id: string): Promise<ElicitationRecord | undefined> {
    const record = this.#records.get(id);
    return record && structuredClone(record);
  }

  async complete(id: string, now: number): Promise<CompleteOutcome> {
    const record = this.#records.get(id);
    if (!record) return { ok: false, reason: 'unknown' };
    if (record.status === 'completed') return { ok: false, reason: 'already-completed' };
    if (record.status === 'expired' || record.expiresAt <= now) return { ok: false, reason: 'expired' };
    record.status = 'completed';
    record.completedAt = now;
    const copy = structuredClone(record);
    this.#hub.publish({ record: copy });
    return { ok: true, record: copy };
  }

  async expire(id: string): Promise<boolean> {
    const record = this.#records.get(id);
    if (record?.status !== 'pending') return false;
    record.status = 'expired';
    return true;
  }

  async purge(before: number): Promise<number> {
    let count = 0;
    for (const [id, record] of this.#records) {
      if (record.expiresAt < before) {
        this.#records.delete(id);
        this.#noticed.delete(id);
        count++;
      }
    }
    return count;
  }

  async claimNotice(id: string): Promise<boolean> {
    if (this.#records.get(id)?.status !== 'completed' || this.#noticed.has(id)) return false;
    this.#noticed.add(id);
    return true;
  }

  async subscribe(listener: CompletionListener): Promise<() => void> {
    return this.#hub.add(listener);
  }

  async putVaultRecord(record: VaultRecord): Promise<void> {
    this.#vault.set(vaultKey(record.user, record.name), structuredClone(record));
  }

  async getVaultRecord(user: string, name: string): Promise<VaultRecord | undefined> {
    const record = this.#vault.get(vaultKey(user, name));
    return record && structuredClone(record);
  }

  async deleteVaultRecord(user: string, name: string): Promise<boolean> {
    return this.#vault.delete(vaultKey(user, name));
  }

  async claimVaultLease(
    user: string,
    name: string,
    holder: string,
    until: number,
    now: number,
  ): Promise<boolean> {
    const key = vaultKey(user, name);
    const held = this.#leases.get(key);
    if (held && held.holder !== holder && held.until > now) return false;
    this.#leases.set(key, { holder, until });
    return true;
  }

  async releaseVaultLease(user: string, name: string, holder: string): Promise<void> {
    const key = vaultKey(user, name);
    if (this.#leases.get(key)?.holder === holder) this.#leases.delete(key);
  }

  async close(): Promise<void> {
    this.#hub.clear();
  }
}

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { type Clock, PeerError, systemClock, UsageError } from '@elicitkit/core';
import { UrlErrorCode } from '../errors.js';
import { isValidUserId } from '../identity/user-id.js';
import type { ElicitationStore } from '../store/types.js';
import type { VaultKeyring } from './keys.js';

/** The part of an {@link ElicitationStore} a {@link Vault} uses: its encrypted records. */
export type VaultRecordStore = Pick<
  ElicitationStore,
  'putVaultRecord' | 'getVaultRecord' | 'deleteVaultRecord' | 'claimVaultLease' | 'releaseVaultLease'
>;

/** Options of {@link Vault}: where the encrypted records go, and the keys. */
export interface VaultOptions {
  store: VaultRecordStore;
  keys: VaultKeyring;
  /** Time source of `updatedAt`, for tests. Default the system clock. */
  clock?: Clock;
}

const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/;
const MAX_VALUE_BYTES = 64 * 1024;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Whether `name` is usable as a vault entry name (also checked where kinds accept one). */
export function isValidVaultName(name: unknown): name is string {
  return typeof name === 'string' && NAME_PATTERN.test(name);
}

/**
 * Binds a ciphertext to its owner, its entry and its key: a record copied to another user or name fails to
 * decrypt instead of leaking across users (E-36: secrets stay bound to the user).
 */
function additionalData(user: string, name: string, keyId: string): Buffer {
  return Buffer.from(JSON.stringify(['elicitkit.vault.v1', user, name, keyId]), 'utf8');
}

function checkEntry(user: string, name: string): void {
  if (!isValidUserId(user))
    throw new UsageError(UrlErrorCode.VaultInputInvalid, 'vault: user is not a valid user id');
  if (!isValidVaultName(name)) {
    throw new UsageError(
      UrlErrorCode.VaultInputInvalid,
      'vault: name must be 1-128 characters of A-Z a-z 0-9 _ . : -',
    );
  }
}

/**
 * Secrets at rest, AES-256-GCM, one random IV per write, bound to (user, name). Values go in from the
 * browser page and out to tool code (`get`), never into MCP messages (E-37).
 */
export class Vault {
  readonly #store: VaultRecordStore;
  readonly #keys: VaultKeyring;
  readonly #clock: Clock;

  constructor(options: VaultOptions) {
    this.#store = options.store;
    this.#keys = options.keys;
    this.#clock = options.clock ?? systemClock;
  }

  /**
   * Claims (user, name) for one rewriter across every instance sharing the store, for `ttlMs`: resolves with the
   * function that ends the claim, or `undefined` while another holder has it. On a store without leases it always
   * claims (work is then single-flight per process only).
   */
  async claim(user: string, name: string, ttlMs: number): Promise<(() => Promise<void>) | undefined> {
    checkEntry(user, name);
    const store = this.#store;
    if (!store.claimVaultLease) return async () => {};
    const holder = randomBytes(12).toString('base64url');
    const now = this.#clock.now();
    if (!(await store.claimVaultLease(user, name, holder, now + ttlMs, now))) return undefined;
    return async () => {
      await store.releaseVaultLease?.(user, name, holder);
    };
  }

  /** Encrypts and stores a value for (user, name), replacing any previous one. */
  async put(user: string, name: string, value: string): Promise<void> {
    checkEntry(user, name);
    const plaintext = Buffer.from(value, 'utf8');
    if (plaintext.length === 0 || plaintext.length > MAX_VALUE_BYTES) {
      throw new UsageError(
        UrlErrorCode.VaultInputInvalid,
        `vault: value must be 1 to ${MAX_VALUE_BYTES} bytes`,
      );
    }
    const { id: keyId, key } = this.#keys.current;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(additionalData(user, name, keyId));
    const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
    plaintext.fill(0);
    await this.#store.putVaultRecord({ user, name, keyId, iv, ciphertext, updatedAt: this.#clock.now() });
  }

  /** The stored value for tool code, or undefined. Throws `vault-record-invalid` when a record was tampered with. */
  async get(user: string, name: string): Promise<string | undefined> {
    checkEntry(user, name);
    const record = await this.#store.getVaultRecord(user, name);
    if (!record) return undefined;
    const key = this.#keys.find(record.keyId);
    if (!key)
      throw new UsageError(
        UrlErrorCode.VaultKeyInvalid,
        `vault: record ${name} was written with key ${record.keyId}, which is not configured`,
      );
    const sealed = Buffer.from(record.ciphertext);
    if (record.iv.length !== IV_BYTES || sealed.length <= TAG_BYTES) {
      throw new PeerError(UrlErrorCode.VaultRecordInvalid, `vault: record ${name} is malformed`);
    }
    try {
      const decipher = createDecipheriv('aes-256-gcm', key.key, record.iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(additionalData(user, name, record.keyId));
      decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
      return Buffer.concat([
        decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch (error) {
      throw new PeerError(UrlErrorCode.VaultRecordInvalid, `vault: record ${name} failed authentication`, {
        cause: error,
      });
    }
  }

  /** Whether (user, name) holds a value, without decrypting it. */
  async has(user: string, name: string): Promise<boolean> {
    checkEntry(user, name);
    return (await this.#store.getVaultRecord(user, name)) !== undefined;
  }

  /** Deletes the value of (user, name); true when there was one. */
  async delete(user: string, name: string): Promise<boolean> {
    checkEntry(user, name);
    return this.#store.deleteVaultRecord(user, name);
  }
}

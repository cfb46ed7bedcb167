import { createHash, randomBytes } from 'node:crypto';
import { UsageError } from '@elicitkit/core';
import { loadOrCreateSecretFile } from '../../files/secret-file.js';
import { UrlErrorCode } from '../errors.js';

/** One AES-256 vault key and its fingerprint. */
export interface VaultKey {
  /** A fingerprint of the key (not the key), stored with every record so old records stay readable after rotation. */
  id: string;
  key: Uint8Array;
}

/** The key new records are written with, plus older keys still accepted for reading. */
export interface VaultKeyring {
  current: VaultKey;
  /** The key with this fingerprint, current or previous; undefined when it was retired. */
  find(id: string): VaultKey | undefined;
}

/** The environment variable {@link vaultKeyringFromEnv} reads the current vault key from. */
export const VAULT_KEY_ENV = 'ELICITKIT_VAULT_KEY';
/** The environment variable for vault keys from before a rotation, comma-separated, still accepted for reading. */
export const VAULT_PREVIOUS_KEYS_ENV = 'ELICITKIT_VAULT_PREVIOUS_KEYS';
export const VAULT_KEY_FILE = 'vault.key';

/** A 32-byte AES-256 key from base64 (standard or url alphabet). */
export function parseVaultKey(encoded: string): VaultKey {
  const text = encoded.trim();
  const key = Buffer.from(text, text.includes('-') || text.includes('_') ? 'base64url' : 'base64');
  if (key.length !== 32 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) {
    throw new UsageError(
      UrlErrorCode.VaultKeyInvalid,
      'vault key: expected 32 bytes, base64-encoded (44 characters)',
    );
  }
  const id = `k${createHash('sha256').update('elicitkit.vault.key-id').update(key).digest('base64url').slice(0, 11)}`;
  return { id, key: new Uint8Array(key) };
}

/** A keyring that writes with `current` and still reads records written with `previous` keys. */
export function createVaultKeyring(current: VaultKey, previous: VaultKey[] = []): VaultKeyring {
  const byId = new Map([...previous, current].map((k) => [k.id, k]));
  return { current, find: (id) => byId.get(id) };
}

/** `ELICITKIT_VAULT_KEY` (required) and `ELICITKIT_VAULT_PREVIOUS_KEYS` (comma-separated, for rotation). */
export function vaultKeyringFromEnv(env: Record<string, string | undefined> = process.env): VaultKeyring {
  const current = env[VAULT_KEY_ENV];
  if (!current) throw new UsageError(UrlErrorCode.VaultKeyInvalid, `${VAULT_KEY_ENV} is not set`);
  const previous = (env[VAULT_PREVIOUS_KEYS_ENV] ?? '')
    .split(',')
    .filter((s) => s.trim())
    .map(parseVaultKey);
  return createVaultKeyring(parseVaultKey(current), previous);
}

/** A new random key, base64-encoded, for configuration. */
export function generateVaultKey(): string {
  return randomBytes(32).toString('base64');
}

/**
 * For development and the demo: reads `<dir>/vault.key`, creating it (mode 0600, directory 0700) with a fresh
 * key when missing. Production should pass the key through configuration instead (E-30).
 */
export async function loadOrCreateVaultKeyFile(dir: string): Promise<VaultKeyring> {
  return createVaultKeyring(parseVaultKey(await loadOrCreateSecretFile(dir, VAULT_KEY_FILE)));
}

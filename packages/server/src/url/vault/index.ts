/**
 * @elicitkit/server/vault: secrets at rest for URL mode. `Vault` encrypts each value (AES-256-GCM) bound to its user
 * and name and keeps it in an `ElicitationStore`; tool code reads it, the `secret` kind and OAuth write it. Its keys:
 * from the environment (`vaultKeyringFromEnv`), made (`generateVaultKey`), rotated (`createVaultKeyring` with
 * previous keys), or kept in a file for development (`loadOrCreateVaultKeyFile`, Node only). See README "Vault".
 *
 * @module @elicitkit/server/vault
 */
export {
  createVaultKeyring,
  generateVaultKey,
  loadOrCreateVaultKeyFile,
  parseVaultKey,
  VAULT_KEY_ENV,
  VAULT_PREVIOUS_KEYS_ENV,
  type VaultKey,
  type VaultKeyring,
  vaultKeyringFromEnv,
} from './keys.js';
export { Vault, type VaultOptions, type VaultRecordStore } from './vault.js';

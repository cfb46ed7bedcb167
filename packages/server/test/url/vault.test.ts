import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteElicitationStore } from '../../src/sqlite/index.js';
import { MemoryElicitationStore } from '../../src/url/store/index.js';
import {
  createVaultKeyring,
  generateVaultKey,
  loadOrCreateVaultKeyFile,
  parseVaultKey,
  Vault,
  vaultKeyringFromEnv,
} from '../../src/url/vault/index.js';

const dir = mkdtempSync(join(tmpdir(), 'elicitkit-vault-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const keys = () => createVaultKeyring(parseVaultKey(generateVaultKey()));
const SECRET = 'sk-live-THIS-MUST-NEVER-BE-STORED-IN-CLEAR-4242';

describe('Vault', () => {
  it('round-trips a value for (user, name) and keeps users apart', async () => {
    const vault = new Vault({ store: new MemoryElicitationStore(), keys: keys() });
    await vault.put('alice', 'api_key', SECRET);
    expect(await vault.get('alice', 'api_key')).toBe(SECRET);
    expect(await vault.get('bob', 'api_key')).toBeUndefined();
    expect(await vault.has('alice', 'api_key')).toBe(true);
    expect(await vault.delete('alice', 'api_key')).toBe(true);
    expect(await vault.get('alice', 'api_key')).toBeUndefined();
  });

  it('[E-36] refuses a record copied to another user or name (AAD binds user and name)', async () => {
    const store = new MemoryElicitationStore();
    const vault = new Vault({ store, keys: keys() });
    await vault.put('alice', 'api_key', SECRET);
    const record = await store.getVaultRecord('alice', 'api_key');
    if (!record) throw new Error('missing record');
    await store.putVaultRecord({ ...record, user: 'bob' });
    await store.putVaultRecord({ ...record, name: 'other' });
    await expect(vault.get('bob', 'api_key')).rejects.toMatchObject({
      name: 'PeerError',
      code: 'vault-record-invalid',
    });
    await expect(vault.get('alice', 'other')).rejects.toMatchObject({ code: 'vault-record-invalid' });
  });

  it('refuses a tampered ciphertext', async () => {
    const store = new MemoryElicitationStore();
    const vault = new Vault({ store, keys: keys() });
    await vault.put('alice', 'api_key', SECRET);
    const record = await store.getVaultRecord('alice', 'api_key');
    if (!record) throw new Error('missing record');
    record.ciphertext[0] = (record.ciphertext[0] ?? 0) ^ 1;
    await store.putVaultRecord(record);
    await expect(vault.get('alice', 'api_key')).rejects.toMatchObject({ code: 'vault-record-invalid' });
  });

  it('reads records of a previous key after rotation, and writes with the new one', async () => {
    const store = new MemoryElicitationStore();
    const oldKey = parseVaultKey(generateVaultKey());
    const newKey = parseVaultKey(generateVaultKey());
    await new Vault({ store, keys: createVaultKeyring(oldKey) }).put('alice', 'a', 'one');
    const rotated = new Vault({ store, keys: createVaultKeyring(newKey, [oldKey]) });
    expect(await rotated.get('alice', 'a')).toBe('one');
    await rotated.put('alice', 'b', 'two');
    expect((await store.getVaultRecord('alice', 'b'))?.keyId).toBe(newKey.id);
    const withoutOld = new Vault({ store, keys: createVaultKeyring(newKey) });
    await expect(withoutOld.get('alice', 'a')).rejects.toMatchObject({ code: 'vault-key-invalid' });
  });

  it('checks names, users, sizes and keys', async () => {
    const vault = new Vault({ store: new MemoryElicitationStore(), keys: keys() });
    await expect(vault.put('alice', '../etc', 'x')).rejects.toMatchObject({
      name: 'UsageError',
      code: 'vault-input-invalid',
    });
    await expect(vault.put('', 'a', 'x')).rejects.toMatchObject({ code: 'vault-input-invalid' });
    await expect(vault.put('alice', 'a', '')).rejects.toMatchObject({ code: 'vault-input-invalid' });
    expect(() => parseVaultKey('c2hvcnQ=')).toThrow(/32 bytes/);
    expect(() => vaultKeyringFromEnv({})).toThrow(/ELICITKIT_VAULT_KEY/);
    const fromEnv = vaultKeyringFromEnv({ ELICITKIT_VAULT_KEY: generateVaultKey() });
    expect(fromEnv.current.key).toHaveLength(32);
  });

  it('[E-30] creates a key file with mode 0600 once, and reuses it', async () => {
    const data = join(dir, 'data');
    const first = await loadOrCreateVaultKeyFile(data);
    const second = await loadOrCreateVaultKeyFile(data);
    expect(second.current.id).toBe(first.current.id);
    expect(statSync(join(data, 'vault.key')).mode & 0o777).toBe(0o600);
    expect(statSync(data).mode & 0o777).toBe(0o700);
  });

  it('[E-37] never writes a stored secret in clear into the SQLite files', async () => {
    const file = join(dir, 'plain', 'state.db');
    const store = new SqliteElicitationStore({ file });
    const vault = new Vault({ store, keys: keys() });
    await vault.put('alice', 'api_key', SECRET);
    await vault.put('alice', 'api_key', `${SECRET}-v2`);
    expect(await vault.get('alice', 'api_key')).toBe(`${SECRET}-v2`);
    const scan = () => {
      for (const name of readdirSync(join(dir, 'plain'))) {
        const bytes = readFileSync(join(dir, 'plain', name));
        expect(bytes.includes(Buffer.from('THIS-MUST-NEVER')), name).toBe(false);
      }
    };
    scan(); // database, WAL and SHM while open
    await store.close();
    scan(); // after the checkpoint on close
  });
});

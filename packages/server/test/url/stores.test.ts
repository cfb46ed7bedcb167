import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteElicitationStore } from '../../src/sqlite/index.js';
import { MemoryElicitationStore } from '../../src/url/store/index.js';
import { describeStoreContract, sampleRecord } from './store-contract.js';

const dir = mkdtempSync(join(tmpdir(), 'elicitkit-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

describeStoreContract('memory', { make: () => new MemoryElicitationStore() });

describeStoreContract('sqlite', {
  make: () => new SqliteElicitationStore({ file: join(dir, `contract-${files++}.db`) }),
  reopen: async (store) => {
    await store.close();
    return new SqliteElicitationStore({ file: (store as SqliteElicitationStore).file });
  },
});

describe('SqliteElicitationStore', () => {
  it('[E-30] creates its database and WAL files readable by the owner only', async () => {
    const file = join(dir, 'private', 'state.db');
    const store = new SqliteElicitationStore({ file });
    await store.create(sampleRecord());
    for (const path of [file, `${file}-wal`, `${file}-shm`]) {
      expect(statSync(path).mode & 0o777, path).toBe(0o600);
    }
    expect(statSync(join(dir, 'private')).mode & 0o777).toBe(0o700);
    await store.close();
  });
});

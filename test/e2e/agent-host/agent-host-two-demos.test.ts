import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { startDemo } from '../../../examples/demo/src/demo-server.js';
import { DEFAULT_USERS } from '../../../examples/demo/src/users.js';

// `npm start` beside `npm run demo:server` on the default data directory: the second demo cannot hold the agent host's
// relay.db (SQLite serves one process), so it starts with its questions in memory and says why, rather than failing.
it('a second demo on the same data starts, its agent host in memory, and says so', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'elicitkit-two-demos-'));
  const warnings: string[] = [];
  const logger = { info() {}, warn: (event: string) => void warnings.push(event) };
  const first = await startDemo({ port: 0, dataDir, users: DEFAULT_USERS, logger });
  try {
    const second = await startDemo({ port: 0, dataDir, users: DEFAULT_USERS, logger });
    await second.close();
    expect(warnings).toEqual(['relay-store-in-use']);
  } finally {
    await first.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});

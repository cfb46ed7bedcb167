import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProtocolError } from '@modelcontextprotocol/client';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { SqliteElicitationStore } from '../../src/sqlite/index.js';
import { MemoryElicitationStore } from '../../src/url/store/index.js';
import { TestBrowser } from './browser.js';
import { connectClient, startTestServer, type TestClient, type TestServer, until } from './harness.js';

const dir = mkdtempSync(join(tmpdir(), 'elicitkit-restart-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step().catch(() => undefined);
});

async function neededElicitation(client: TestClient) {
  const error = (await client.client
    .callTool({ name: 'use_api', arguments: {} })
    .catch((e: unknown) => e)) as ProtocolError & {
    data: { elicitations: { elicitationId: string; url: string }[] };
  };
  expect(error).toBeInstanceOf(ProtocolError);
  const [needed] = error.data.elicitations;
  if (!needed) throw new Error('no elicitation listed');
  return needed;
}

describe('restart and expiry', () => {
  it('[E-30] restart with SQLite mid-flow: the flow completes on the new instance and the reconnected client is told', async () => {
    const file = join(dir, 'state.db');
    let store = new SqliteElicitationStore({ file });
    let server: TestServer = await startTestServer({ store });
    const port = Number(server.base.port);
    const before = await connectClient(server.mcpUrl, { token: 'demo-alice', name: 'desk-client' });
    const needed = await neededElicitation(before);
    // The process goes away: sessions, connections, in-memory state, all gone. Only the file stays.
    await before.close().catch(() => undefined);
    await server.close();
    await store.close();

    store = new SqliteElicitationStore({ file });
    server = await startTestServer({ store, port });
    // The HTTP client may still hold a pooled socket to the old process (a loaded machine notices its close late):
    // a request on it fails and drops it, so knock until one reaches the new process.
    const base = server.base;
    await until(() =>
      fetch(base).then(
        () => true,
        () => false,
      ),
    );
    cleanup.push(
      () => store.close(),
      () => server.close(),
    );
    const after = await connectClient(server.mcpUrl, { token: 'demo-alice', name: 'desk-client' });
    cleanup.push(() => after.close());
    const otherApp = await connectClient(server.mcpUrl, { token: 'demo-alice', name: 'other-app' });
    cleanup.push(() => otherApp.close());

    const browser = new TestBrowser();
    await browser.login(server.base, 'alice', 'alice-pass');
    const notice = after.nextNotice();
    expect((await browser.submitSecret(needed.url, 'key-after-restart')).status).toBe(200);
    // Same user, same OAuth client id, same clientInfo.name: the reconnected initiator gets the notice.
    expect(await notice).toBe(needed.elicitationId);
    expect(otherApp.notices).toEqual([]);
    const retried = await after.client.callTool({ name: 'use_api', arguments: {} });
    expect(retried).toMatchObject({ content: [{ text: 'Example API call succeeded.' }] });
  });

  it('expiry: past the TTL the page says so, and the elicitation cannot complete', async () => {
    let now = Date.now();
    const store = new MemoryElicitationStore();
    const server = await startTestServer({ store, clock: { now: () => now }, ttlMs: 60_000 });
    cleanup.push(
      () => store.close(),
      () => server.close(),
    );
    const alice = await connectClient(server.mcpUrl, { token: 'demo-alice' });
    cleanup.push(() => alice.close());
    const needed = await neededElicitation(alice);
    const browser = new TestBrowser();
    await browser.login(server.base, 'alice', 'alice-pass');
    const page = await (await browser.request(needed.url)).text();
    const { csrfOf } = await import('./browser.js');
    now += 60_001;
    const expired = await browser.request(needed.url);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain('expired');
    const late = await browser.request(needed.url, { form: { csrf: csrfOf(page), value: 'too-late' } });
    expect(late.status).toBe(410);
    expect(await server.vault.get('alice', 'api_key')).toBeUndefined();
    expect(await server.elicitations.complete(needed.elicitationId)).toEqual({
      ok: false,
      reason: 'expired',
    });
    await expect(server.elicitations.waitForCompletion(needed.elicitationId)).rejects.toMatchObject({
      code: 'elicitation-expired',
    });
  });

  it('defaults to a 15-minute lifetime', async () => {
    const store = new MemoryElicitationStore();
    const server = await startTestServer({ store });
    cleanup.push(
      () => store.close(),
      () => server.close(),
    );
    const alice = await connectClient(server.mcpUrl, { token: 'demo-alice' });
    cleanup.push(() => alice.close());
    const needed = await neededElicitation(alice);
    const record = await store.get(needed.elicitationId);
    expect((record?.expiresAt ?? 0) - (record?.createdAt ?? 0)).toBe(15 * 60 * 1000);
  });
});

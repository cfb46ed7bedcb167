import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ElicitationRecord, MemoryElicitationStore } from '../../src/url/store/index.js';
import { TestBrowser } from './browser.js';
import { connectClient, startTestServer, type TestClient, type TestServer, until } from './harness.js';

/** A memory store that tells who reads a record: after consent, the waiting tool is the first reader. */
class WatchedStore extends MemoryElicitationStore {
  readonly reads: string[] = [];
  override async get(id: string): Promise<ElicitationRecord | undefined> {
    this.reads.push(id);
    return super.get(id);
  }
}

const FROM_THE_PAGE = 'sk-typed-on-the-page-4b1d';
const FROM_THE_CLIENT = 'sk-smuggled-in-the-accept-9e2c';

let store: WatchedStore;
let server: TestServer;
let alice: TestClient | undefined;

beforeEach(async () => {
  store = new WatchedStore();
  server = await startTestServer({ store });
});
afterEach(async () => {
  await alice?.close();
  await server.close();
  await store.close();
});

describe('[E-16] URL-mode accept is consent, never completion or data (server side)', () => {
  it('[E-16] ignores content sent with a URL accept; the flow stays pending until the page completes it', async () => {
    alice = await connectClient(server.mcpUrl, {
      token: 'demo-alice',
      content: { value: FROM_THE_CLIENT, api_key: FROM_THE_CLIENT },
    });
    let settled = false;
    const call = alice.client.callTool({ name: 'set_api_key', arguments: {} }).finally(() => {
      settled = true;
    });
    await until(() => alice?.elicitRequests.length === 1);
    const id = alice.elicitRequests[0]?.elicitationId ?? '';
    // The accept (with its content) reached the server: the tool now waits on the store for completion.
    await until(() => store.reads.includes(id));
    const answer = alice.wire.find((m) => 'result' in m && (m.result as { action?: string }).action);
    expect(answer && 'result' in answer ? answer.result : undefined).toMatchObject({
      action: 'accept',
      content: { value: FROM_THE_CLIENT },
    });
    expect((await store.get(id))?.status).toBe('pending');
    expect(await server.vault.get('alice', 'api_key')).toBeUndefined();
    expect(settled).toBe(false);

    const browser = new TestBrowser();
    await browser.login(server.base, 'alice', 'alice-pass');
    expect((await browser.submitSecret(alice.elicitRequests[0]?.url ?? '', FROM_THE_PAGE)).status).toBe(200);
    expect(await call).toMatchObject({ content: [{ type: 'text', text: 'API key saved.' }] });
    expect((await store.get(id))?.status).toBe('completed');
    expect(await server.vault.get('alice', 'api_key')).toBe(FROM_THE_PAGE);
    // The smuggled value went nowhere: not in the record, not in a log line.
    expect(JSON.stringify(await store.get(id))).not.toContain(FROM_THE_CLIENT);
    expect(JSON.stringify(server.logs)).not.toContain(FROM_THE_CLIENT);
  });
});

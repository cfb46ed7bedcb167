import type { ProtocolError } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryElicitationStore } from '../../src/url/store/index.js';
import { TestBrowser } from './browser.js';
import { connectClient, startTestServer, type TestClient, type TestServer } from './harness.js';

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step().catch(() => undefined);
});

async function twoInstances() {
  const store = new MemoryElicitationStore(); // stands in for a shared store (Redis)
  const a = await startTestServer({ store });
  const b = await startTestServer({ store });
  cleanup.push(
    () => store.close(),
    () => a.close(),
    () => b.close(),
  );
  return { a, b, store };
}

async function connect(server: TestServer, name: string): Promise<TestClient> {
  const client = await connectClient(server.mcpUrl, { token: 'demo-alice', name });
  cleanup.push(() => client.close());
  return client;
}

async function requireKey(client: TestClient) {
  const error = (await client.client
    .callTool({ name: 'use_api', arguments: {} })
    .catch((e: unknown) => e)) as ProtocolError & {
    data: { elicitations: { elicitationId: string }[] };
  };
  const id = error.data.elicitations[0]?.elicitationId;
  if (!id) throw new Error('no elicitation');
  return id;
}

describe('several instances sharing one store', () => {
  it('[E-18] a completion on instance B reaches the initiating client on instance A, once', async () => {
    const { a, b, store } = await twoInstances();
    const initiator = await connect(a, 'desk');
    const sameIdentityOnB = await connect(b, 'desk');
    const id = await requireKey(initiator);
    const browser = new TestBrowser();
    await browser.login(b.base, 'alice', 'alice-pass');
    const notice = initiator.nextNotice();
    expect((await browser.submitSecret(`${b.base.href}elicit/${id}`, 'key-via-b')).status).toBe(200);
    expect(await notice).toBe(id);
    // The one claim to announce it is spent on the initiator: B (holding a same-identity client) can never send it.
    expect(await store.claimNotice(id)).toBe(false);
    expect(initiator.notices).toEqual([id]);
    expect(sameIdentityOnB.notices).toEqual([]);
  });

  it('the reconnected client on another instance gets it when the initiating connection is gone', async () => {
    const { a, b, store } = await twoInstances();
    const initiator = await connect(a, 'desk');
    const id = await requireKey(initiator);
    await initiator.terminate(); // the session ends on A (a client that just vanishes keeps it open until it times out)
    const reconnected = await connect(b, 'desk');
    const otherApp = await connect(b, 'other-app');
    const notice = reconnected.nextNotice();
    const browser = new TestBrowser();
    await browser.login(b.base, 'alice', 'alice-pass');
    await browser.submitSecret(`${b.base.href}elicit/${id}`, 'key-after-move');
    expect(await notice).toBe(id);
    expect(await store.claimNotice(id)).toBe(false);
    expect(reconnected.notices).toEqual([id]);
    expect(otherApp.notices).toEqual([]);
  });
});

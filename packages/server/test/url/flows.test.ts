import { ProtocolError } from '@modelcontextprotocol/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryElicitationStore } from '../../src/url/store/index.js';
import { TestBrowser } from './browser.js';
import { connectClient, startTestServer, type TestClient, type TestServer, until } from './harness.js';

const SECRET = 'sk-example-7f3a9c-NEVER-ON-THE-WIRE';

let server: TestServer;
let store: MemoryElicitationStore;
const clients: TestClient[] = [];
const connect = async (...args: Parameters<typeof connectClient>) => {
  const client = await connectClient(...args);
  clients.push(client);
  return client;
};

beforeEach(async () => {
  store = new MemoryElicitationStore();
  server = await startTestServer({ store });
});
afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((c) => c.close()));
  await server.close();
  await store.close();
});

/** Calls `use_api` and returns the -32042 error's elicitations. */
async function requireKey(client: TestClient) {
  const error = await client.client.callTool({ name: 'use_api', arguments: {} }).then(
    () => {
      throw new Error('expected -32042');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProtocolError);
  expect((error as ProtocolError).code).toBe(-32042);
  return (
    error as ProtocolError & {
      data: { elicitations: { mode: string; elicitationId: string; url: string; message: string }[] };
    }
  ).data.elicitations;
}

const wireText = (client: TestClient) => JSON.stringify(client.wire);

describe('URL mode over Streamable HTTP, with real pages', () => {
  it('[E-14] [E-16] [E-17] [E-19] set_api_key: consent, the page stores the key, the tool continues after completion', async () => {
    const alice = await connect(server.mcpUrl, { token: 'demo-alice' });
    const browser = new TestBrowser();
    expect((await browser.login(server.base, 'alice', 'alice-pass')).status).toBe(303);
    const call = alice.client.callTool({ name: 'set_api_key', arguments: {} });
    await until(() => alice.elicitRequests.length === 1);
    const request = alice.elicitRequests[0];
    expect(request).toMatchObject({ mode: 'url', message: 'Enter your Example API key.' });
    expect(request?.elicitationId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(request?.url).toBe(`${server.base.href}elicit/${request?.elicitationId}`);
    const notice = alice.nextNotice();
    const saved = await browser.submitSecret(request?.url ?? '', SECRET);
    expect(saved.status).toBe(200);
    expect(await saved.text()).not.toContain(SECRET);
    expect(await notice).toBe(request?.elicitationId);
    expect(await call).toMatchObject({ content: [{ type: 'text', text: 'API key saved.' }] });
    expect(await server.vault.get('alice', 'api_key')).toBe(SECRET);
    // E-16: the client's accept carried no content; it was consent only.
    const answer = alice.wire.find(
      (m) => 'result' in m && (m.result as { action?: string }).action === 'accept',
    );
    expect(answer && 'result' in answer ? answer.result : undefined).toEqual({ action: 'accept' });
  });

  it('[E-23] [E-25] [E-26] [E-38] use_api: -32042 lists a URL elicitation; the retry succeeds once it completed', async () => {
    const alice = await connect(server.mcpUrl, { token: 'demo-alice' });
    const elicitations = await requireKey(alice);
    expect(elicitations).toHaveLength(1);
    const [needed] = elicitations;
    expect(needed).toMatchObject({ mode: 'url', message: 'The Example API needs your API key.' });
    expect(needed?.url).toBe(`${server.base.href}elicit/${needed?.elicitationId}`);
    const browser = new TestBrowser();
    await browser.login(server.base, 'alice', 'alice-pass');
    const notice = alice.nextNotice();
    expect((await browser.submitSecret(needed?.url ?? '', SECRET)).status).toBe(200);
    expect(await notice).toBe(needed?.elicitationId);
    const retried = await alice.client.callTool({ name: 'use_api', arguments: {} });
    expect(retried).toMatchObject({ content: [{ type: 'text', text: 'Example API call succeeded.' }] });
  });

  it('[E-33] [E-37] [E-45] [E-46] no secret and no user data crosses the MCP wire, in either flow', async () => {
    const alice = await connect(server.mcpUrl, { token: 'demo-alice' });
    const browser = new TestBrowser();
    await browser.login(server.base, 'alice', 'alice-pass');
    const [needed] = await requireKey(alice);
    await browser.submitSecret(needed?.url ?? '', SECRET);
    await alice.client.callTool({ name: 'use_api', arguments: {} });
    const call = alice.client.callTool({ name: 'set_api_key', arguments: {} });
    await until(() => alice.elicitRequests.length === 1);
    await browser.submitSecret(alice.elicitRequests[0]?.url ?? '', `${SECRET}-2`);
    await call;
    expect(alice.wire.length).toBeGreaterThan(8);
    expect(wireText(alice)).not.toContain('NEVER-ON-THE-WIRE');
    // E-45, E-46: the URLs carry the opaque id only, no user, no token, no session.
    for (const url of [needed?.url, alice.elicitRequests[0]?.url]) {
      expect(url).not.toMatch(/alice|demo-|session|token|\?/i);
    }
  });

  it("[E-61] [E-62] [E-63] Bob's browser opening Alice's URL gets 403, changes nothing, and is logged", async () => {
    const alice = await connect(server.mcpUrl, { token: 'demo-alice' });
    const [needed] = await requireKey(alice);
    const bob = new TestBrowser();
    await bob.login(server.base, 'bob', 'bob-pass');
    const opened = await bob.request(needed?.url ?? '');
    expect(opened.status).toBe(403);
    const page = await opened.text();
    expect(page).toContain('another account');
    expect(page).not.toContain('name="csrf"');
    // A forged POST (any token) is refused the same way, before the kind sees it.
    const posted = await bob.request(needed?.url ?? '', {
      form: { csrf: 'x'.repeat(43), value: 'bobs-key' },
    });
    expect(posted.status).toBe(403);
    expect((await store.get(needed?.elicitationId ?? ''))?.status).toBe('pending');
    expect(await server.vault.get('alice', 'api_key')).toBeUndefined();
    expect(await server.vault.get('bob', 'api_key')).toBeUndefined();
    expect(server.logs.filter((l) => l.event === 'elicitation.wrong-user')).toHaveLength(2);
    expect(server.logs.find((l) => l.event === 'elicitation.wrong-user')?.fields).toMatchObject({
      boundUser: 'alice',
      browserUser: 'bob',
    });
    expect(alice.notices).toEqual([]);
  });

  it('[E-63] a tampered id, extra parameters or an extra path gain nothing', async () => {
    const alice = await connect(server.mcpUrl, { token: 'demo-alice' });
    const [needed] = await requireKey(alice);
    const url = needed?.url ?? '';
    const browser = new TestBrowser();
    await browser.login(server.base, 'alice', 'alice-pass');
    const last = url.at(-1) === 'A' ? 'B' : 'A';
    expect((await browser.request(`${url.slice(0, -1)}${last}`)).status).toBe(404);
    expect((await browser.request(`${url}x`)).status).toBe(404);
    expect((await browser.request(`${url}/../${'A'.repeat(43)}`)).status).toBe(404);
    const withParams = await browser.request(`${url}?user=bob&elicitationId=other`);
    expect(withParams.status).toBe(200);
    expect(await withParams.text()).toContain('Signed in as alice');
    const bob = new TestBrowser();
    await bob.login(server.base, 'bob', 'bob-pass');
    expect((await bob.request(`${url}?user=bob`)).status).toBe(403);
  });

  it('a browser that is not logged in is sent to login, then back to the same page', async () => {
    const alice = await connect(server.mcpUrl, { token: 'demo-alice' });
    const [needed] = await requireKey(alice);
    const browser = new TestBrowser();
    const first = await browser.request(needed?.url ?? '');
    expect(first.status).toBe(303);
    const login = new URL(first.headers.get('location') ?? '', server.base);
    expect(login.pathname).toBe('/login');
    const next = login.searchParams.get('next') ?? '';
    expect(next).toBe(new URL(needed?.url ?? '').pathname);
    const page = await (await browser.request(login)).text();
    const { csrfOf } = await import('./browser.js');
    const loggedIn = await browser.request(new URL('login', server.base), {
      form: { csrf: csrfOf(page), next, username: 'alice', password: 'alice-pass' },
    });
    expect(loggedIn.headers.get('location')).toBe(next);
    expect((await browser.request(new URL(next, server.base))).status).toBe(200);
  });

  it('[E-17] a replayed completion is refused and stores nothing', async () => {
    const alice = await connect(server.mcpUrl, { token: 'demo-alice' });
    const [needed] = await requireKey(alice);
    const browser = new TestBrowser();
    await browser.login(server.base, 'alice', 'alice-pass');
    const url = needed?.url ?? '';
    const page = await (await browser.request(url)).text();
    const { csrfOf } = await import('./browser.js');
    const csrf = csrfOf(page);
    expect((await browser.request(url, { form: { csrf, value: SECRET } })).status).toBe(200);
    const replay = await browser.request(url, { form: { csrf, value: 'replayed-value' } });
    expect(replay.status).toBe(410);
    expect(await server.vault.get('alice', 'api_key')).toBe(SECRET);
    expect(await server.elicitations.complete(needed?.elicitationId ?? '')).toEqual({
      ok: false,
      reason: 'already-completed',
    });
    await until(() => alice.notices.length === 1);
    expect(alice.notices).toEqual([needed?.elicitationId]);
    // No second notice can ever follow: the one claim to announce this completion is spent.
    expect(await store.claimNotice(needed?.elicitationId ?? '')).toBe(false);
  });

  it('[E-18] [E-40] two clients of one user: only the initiating client is notified', async () => {
    const first = await connect(server.mcpUrl, { token: 'demo-alice', name: 'client-a' });
    const second = await connect(server.mcpUrl, { token: 'demo-alice', name: 'client-b' });
    const [needed] = await requireKey(first);
    const browser = new TestBrowser();
    await browser.login(server.base, 'alice', 'alice-pass');
    await browser.submitSecret(needed?.url ?? '', SECRET);
    await until(() => first.notices.length === 1);
    expect(first.notices).toEqual([needed?.elicitationId]);
    // The one claim to announce it went to the initiating client, so the other client can never get it.
    expect(await store.claimNotice(needed?.elicitationId ?? '')).toBe(false);
    expect(second.notices).toEqual([]);
    expect(wireText(second)).not.toContain(needed?.elicitationId ?? '');
  });

  it('[E-18] [E-28] two users: each completion reaches its own client only', async () => {
    const alice = await connect(server.mcpUrl, { token: 'demo-alice' });
    const bob = await connect(server.mcpUrl, { token: 'demo-bob' });
    const [forAlice] = await requireKey(alice);
    const [forBob] = await requireKey(bob);
    const bobBrowser = new TestBrowser();
    await bobBrowser.login(server.base, 'bob', 'bob-pass');
    expect((await bobBrowser.submitSecret(forBob?.url ?? '', 'bobs-own-key')).status).toBe(200);
    await until(() => bob.notices.length === 1);
    expect(bob.notices).toEqual([forBob?.elicitationId]);
    // Bob's one notice claim is spent on Bob, and Alice's flow never completed: nothing can reach Alice.
    expect(await store.claimNotice(forBob?.elicitationId ?? '')).toBe(false);
    expect(alice.notices).toEqual([]);
    expect((await store.get(forAlice?.elicitationId ?? ''))?.status).toBe('pending');
    expect(await server.vault.get('bob', 'api_key')).toBe('bobs-own-key');
    expect(await server.vault.get('alice', 'api_key')).toBeUndefined();
  });

  it('[E-24] [E-09] a client without url mode gets no -32042 and no elicitation: the server refuses', async () => {
    const formOnly = await connect(server.mcpUrl, { token: 'demo-alice', url: false });
    const result = await formOnly.client.callTool({ name: 'use_api', arguments: {} });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('this client cannot open one');
    expect(wireText(formOnly)).not.toContain('-32042');
    expect(formOnly.wire.some((m) => 'method' in m && m.method === 'elicitation/create')).toBe(false);
    const inBand = await formOnly.client.callTool({ name: 'set_api_key', arguments: {} });
    expect(inBand.isError).toBe(true);
  });

  it('declined consent withdraws the URL at once', async () => {
    const alice = await connect(server.mcpUrl, { token: 'demo-alice', answer: 'decline' });
    const result = await alice.client.callTool({ name: 'set_api_key', arguments: {} });
    expect(result).toMatchObject({ content: [{ text: 'Not set: decline' }] });
    const id = alice.elicitRequests[0]?.elicitationId ?? '';
    expect((await store.get(id))?.status).toBe('expired');
    const browser = new TestBrowser();
    await browser.login(server.base, 'alice', 'alice-pass');
    expect((await browser.request(alice.elicitRequests[0]?.url ?? '')).status).toBe(410);
  });
});

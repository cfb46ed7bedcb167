import { ProtocolError } from '@modelcontextprotocol/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryElicitationStore } from '../../src/url/store/index.js';
import { TestBrowser } from './browser.js';
import { connectClient, startTestServer, type TestClient, type TestServer } from './harness.js';

let store: MemoryElicitationStore;
let server: TestServer;
const clients: TestClient[] = [];

beforeEach(async () => {
  store = new MemoryElicitationStore();
  server = await startTestServer({ store });
});
afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((c) => c.close()));
  await server.close();
  await store.close();
});

/** Calls `use_api` with `meta` and returns the one elicitation its -32042 lists. */
async function requireKey(client: TestClient, meta?: Record<string, unknown>) {
  const error = await client.client
    .callTool({ name: 'use_api', arguments: {}, ...(meta && { _meta: meta }) })
    .then(
      () => undefined,
      (e: unknown) => e,
    );
  expect(error).toBeInstanceOf(ProtocolError);
  const data = (error as ProtocolError & { data: { elicitations: { elicitationId: string; url: string }[] } })
    .data;
  expect(data.elicitations).toHaveLength(1);
  return data.elicitations[0]!;
}

/** What a page must not show to anyone but its user: the form, its CSRF token, its label. */
function expectNothingRendered(page: string): void {
  expect(page).not.toContain('<form');
  expect(page).not.toContain('name="csrf"');
  expect(page).not.toContain('name="value"');
  expect(page).not.toContain('Example API key');
}

describe('[E-46] the elicitation URL is not pre-authenticated', () => {
  it('[E-46] opened with no cookies or as another user: login or 403, nothing rendered, state unchanged', async () => {
    const alice = await connectClient(server.mcpUrl, { token: 'demo-alice' });
    clients.push(alice);
    const needed = await requireKey(alice);
    const before = await store.get(needed.elicitationId);

    const anonymous = new TestBrowser();
    const opened = await anonymous.request(needed.url);
    expect(opened.status).toBe(303);
    expect(new URL(opened.headers.get('location') ?? '', server.base).pathname).toBe('/login');
    expectNothingRendered(await opened.text());
    const posted = await anonymous.request(needed.url, { form: { csrf: 'x'.repeat(43), value: 'anon-key' } });
    expect(posted.status).toBe(401); // a POST cannot be sent to login and back: it is refused, asking to log in
    expectNothingRendered(await posted.text());

    const bob = new TestBrowser();
    await bob.login(server.base, 'bob', 'bob-pass');
    const asBob = await bob.request(needed.url);
    expect(asBob.status).toBe(403);
    expectNothingRendered(await asBob.text());
    const postedByBob = await bob.request(needed.url, { form: { csrf: 'x'.repeat(43), value: 'bobs-key' } });
    expect(postedByBob.status).toBe(403);
    expectNothingRendered(await postedByBob.text());

    // State unchanged: the record as it was, no secret stored for anyone, no notice sent.
    expect(await store.get(needed.elicitationId)).toEqual(before);
    expect(await server.vault.get('alice', 'api_key')).toBeUndefined();
    expect(await server.vault.get('bob', 'api_key')).toBeUndefined();
    expect(alice.notices).toEqual([]);
    // The contrast: the page does render for its own user, who can still complete it.
    const own = new TestBrowser();
    await own.login(server.base, 'alice', 'alice-pass');
    const page = await (await own.request(needed.url)).text();
    expect(page).toContain('name="csrf"');
    expect(page).toContain('Example API key');
    expect((await own.submitSecret(needed.url, 'alices-key')).status).toBe(200);
  });
});

describe('[E-57] identity comes from the verified token, never from what the client claims', () => {
  it("[E-57] Bob's token with clientInfo.name 'alice', a _meta user claim and an X-User header: bound to bob", async () => {
    const claims = { 'X-User': 'alice', 'X-Forwarded-User': 'alice', 'X-Remote-User': 'alice' };
    const bob = await connectClient(server.mcpUrl, { token: 'demo-bob', name: 'alice', headers: claims });
    clients.push(bob);
    const needed = await requireKey(bob, { user: 'alice', sub: 'alice', 'io.example/user': 'alice' });
    expect((await store.get(needed.elicitationId))?.user).toBe('bob');
    // The bound user is who may open it: Alice's browser is refused, Bob's completes it for bob.
    const alicesBrowser = new TestBrowser();
    await alicesBrowser.login(server.base, 'alice', 'alice-pass');
    expect((await alicesBrowser.request(needed.url)).status).toBe(403);
    const bobsBrowser = new TestBrowser();
    await bobsBrowser.login(server.base, 'bob', 'bob-pass');
    expect((await bobsBrowser.submitSecret(needed.url, 'bobs-key')).status).toBe(200);
    expect(await server.vault.get('bob', 'api_key')).toBe('bobs-key');
    expect(await server.vault.get('alice', 'api_key')).toBeUndefined();
  });
});

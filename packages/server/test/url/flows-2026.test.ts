import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryElicitationStore } from '../../src/url/store/index.js';
import { TestBrowser } from './browser.js';
import { connectClient, startTestServer, type TestClient, type TestServer, until } from './harness.js';

/**
 * URL mode on 2026-07-28 (M-17), with the real pages: the same tools as the 2025 tests (`set_api_key` awaits
 * completion in-band, `use_api` requires the key), served on the same endpoint to a client pinned to 2026.
 */

const SECRET = 'sk-example-2026-NEVER-ON-THE-WIRE';

let server: TestServer;
let store: MemoryElicitationStore;
const clients: TestClient[] = [];

async function start(holdMs?: number) {
  store = new MemoryElicitationStore();
  server = await startTestServer({ store, ...(holdMs ? { holdMs } : {}) });
}
afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((c) => c.close()));
  await server.close();
  await store.close();
});

/** Alice's host: on consent, her browser signs in and enters the key while the retry is held. */
async function aliceWithBrowser(
  options: { answer?: 'accept' | 'decline' | 'cancel'; complete?: 'during-hold' | 'later' } = {},
) {
  const browser = new TestBrowser();
  await browser.login(server.base, 'alice', 'alice-pass');
  const client = await connectClient(server.mcpUrl, {
    token: 'demo-alice',
    era: '2026-07-28',
    ...(options.answer && { answer: options.answer }),
    onConsent: (url) => {
      // Not awaited: the host answers consent, then retries; the person works in the browser meanwhile.
      void (async () => {
        if (options.complete === 'later') {
          const seen = server.mcpPosts;
          await until(() => server.mcpPosts >= seen + 2); // the held retry gave up and the host retried again
        }
        await browser.submitSecret(url, SECRET);
      })();
    },
  });
  clients.push(client);
  return client;
}

const wireText = (client: TestClient) => JSON.stringify(client.wire);

describe('URL mode on 2026-07-28', () => {
  beforeEach(async () => {
    await start();
  });

  it('[M-17] set_api_key: consent in one round, the retry is held until the page completes, then the tool goes on', async () => {
    const alice = await aliceWithBrowser();
    const result = await alice.client.callTool({ name: 'set_api_key', arguments: {} });
    expect(result).toMatchObject({ content: [{ type: 'text', text: 'API key saved.' }] });
    expect(await server.vault.get('alice', 'api_key')).toBe(SECRET);
    const [request] = alice.elicitRequests;
    expect(request).toMatchObject({ mode: 'url', message: 'Enter your Example API key.' });
    expect(request?.url).toMatch(new RegExp(`^${server.base.href}elicit/[A-Za-z0-9_-]{43}$`));
    // M-17: no elicitationId, no completion notice, no -32042; and the key never crossed the MCP wire.
    expect(request).not.toHaveProperty('elicitationId');
    expect(wireText(alice)).not.toContain('notifications/elicitation/complete');
    expect(wireText(alice)).not.toContain('-32042');
    expect(wireText(alice)).not.toContain(SECRET);
  });

  it('[M-17] use_api: the URL goes out in an input-required round; once completed, the retried call succeeds', async () => {
    const alice = await aliceWithBrowser();
    const result = await alice.client.callTool({ name: 'use_api', arguments: {} });
    expect(result).toMatchObject({ content: [{ type: 'text', text: 'Example API call succeeded.' }] });
    expect(alice.elicitRequests).toHaveLength(1);
    expect(wireText(alice)).not.toContain(SECRET);
  });

  it('[M-17] [M-11] still pending after the hold: a requestState-only round, and the host retries until it completes', async () => {
    await server.close();
    await start(100);
    const alice = await aliceWithBrowser({ complete: 'later' });
    const result = await alice.client.callTool({ name: 'use_api', arguments: {} });
    expect(result).toMatchObject({ content: [{ type: 'text', text: 'Example API call succeeded.' }] });
    expect(alice.elicitRequests).toHaveLength(1); // the consent card was shown once, not per retry
    const stateOnly = alice.wire.filter(
      (m) =>
        'result' in m &&
        (m.result as { resultType?: string; inputRequests?: unknown }).resultType === 'input_required' &&
        !(m.result as { inputRequests?: unknown }).inputRequests,
    );
    expect(stateOnly.length).toBeGreaterThanOrEqual(1);
  });

  it('[M-17] decline: the tool sees decline and the URL stops working at once', async () => {
    const alice = await aliceWithBrowser({ answer: 'decline' });
    const result = await alice.client.callTool({ name: 'set_api_key', arguments: {} });
    expect(result).toMatchObject({ content: [{ type: 'text', text: 'Not set: decline' }] });
    const id = alice.elicitRequests[0]?.url?.split('/').at(-1) ?? '';
    expect((await store.get(id))?.status).toBe('expired');
  });

  it('[M-04] [M-19] a 2026 host that did not declare url mode is never sent a URL, and gets -32021', async () => {
    const bare = await connectClient(server.mcpUrl, { token: 'demo-alice', era: '2026-07-28', url: false });
    clients.push(bare);
    // The tool could not go on without url mode and did not fall back: -32021 names what was missing (M-19).
    const refused = await bare.client.callTool({ name: 'use_api', arguments: {} }).then(
      () => undefined,
      (error: { code?: number; data?: unknown }) => error,
    );
    expect(refused).toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { elicitation: { url: {} } } },
    });
    expect(bare.elicitRequests).toEqual([]);
  });
});

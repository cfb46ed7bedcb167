// @needs redis-server
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestRedis, type TestRedis } from '../../packages/server/test/redis/redis-server.js';
import { TestBrowser } from '../../packages/server/test/url/browser.js';
import { until } from '../../packages/server/test/url/harness.js';
import {
  connectScaleClient,
  onInstance,
  requiredElicitations,
  resultText,
  type ScaleClient,
} from './clients.js';
import { type Instance, type LogEntry, passwordOf, startInstance, tokenOf } from './instance.js';

/**
 * Three server instances in this process, each on its own loopback port, sharing one redis-server: a browser
 * request can land on any of them, as behind a load balancer.
 */
let redis: TestRedis;
let a: Instance;
let b: Instance;
let c: Instance;
const logs: LogEntry[] = [];
const clients: ScaleClient[] = [];

beforeAll(async () => {
  redis = await startTestRedis();
  [a, b, c] = (await Promise.all(
    ['A', 'B', 'C'].map((name) => startInstance({ name, redisUrl: redis.url, keyPrefix: 'cross:', logs })),
  )) as [Instance, Instance, Instance];
});
afterEach(async () => {
  await Promise.allSettled(clients.splice(0).map((client) => client.close()));
  // Each test starts with no key stored, whoever stored one before.
  await Promise.all(['alice', 'bob'].map((user) => a.store.deleteVaultRecord(user, 'api_key')));
  logs.length = 0;
});
afterAll(async () => {
  await Promise.allSettled([a, b, c].map((instance) => instance?.close()));
  await redis?.dispose();
});

const connect = async (instance: Instance, user: string, app: 'cli' | 'desktop' = 'cli') => {
  const client = await connectScaleClient(instance.mcpUrl, user, app);
  clients.push(client);
  return client;
};

const loggedIn = async (user: string, instance: Instance) => {
  const browser = new TestBrowser();
  expect((await browser.login(instance.base, user, passwordOf(user))).status).toBe(303);
  return browser;
};

/**
 * No further notice for `id` can ever be sent, by any instance: the one claim to announce it (atomic in Redis)
 * is spent. Replaces waiting "long enough for a stray notice to arrive".
 */
const noticeClaimSpent = async (id: string) => expect(await a.store.claimNotice(id)).toBe(false);

describe('completion routing across instances', () => {
  it('[E-18] notifies only the initiating client on A when the browser completes on B', async () => {
    const initiator = await connect(a, 'alice');
    const bystanders = [
      await connect(a, 'alice', 'desktop'),
      await connect(b, 'alice', 'desktop'),
      await connect(a, 'bob'),
      await connect(b, 'bob'),
      await connect(c, 'bob', 'desktop'),
    ];
    const call = initiator.client.callTool({ name: 'set_api_key', arguments: {} });
    const id = await initiator.nextElicitation();
    const notice = initiator.nextNotice();
    const browser = await loggedIn('alice', b);
    const url = `${a.base.href}elicit/${id}`;
    const page = await browser.submitSecret(onInstance(url, b.base), 'sk-alice-1');
    expect(page.status).toBe(200);
    // E-19: the notice carries the original id; the tool call on A continues.
    expect(await notice).toBe(id);
    expect(resultText(await call)).toBe(`API key saved (${id}) on A.`);
    await noticeClaimSpent(id);
    // B and C each decide once, when the completion reaches them through Redis; wait for both decisions.
    await until(() => logs.filter((l) => l.event === 'elicitation.notice-not-sent').length === 2);
    expect(initiator.notices.map((n) => n.id)).toEqual([id]);
    for (const bystander of bystanders) expect(bystander.notices).toEqual([]);
    // Every instance saw the completion; A announced it, B and C stayed silent.
    const sent = logs.filter((l) => l.event === 'elicitation.notice-sent');
    expect(sent.map((l) => l.instance)).toEqual(['A']);
    expect(
      logs
        .filter((l) => l.event === 'elicitation.notice-not-sent')
        .map((l) => l.instance)
        .sort(),
    ).toEqual(['B', 'C']);
  });

  it('[E-18] keeps two users flows apart when both complete on the instance the other is connected to', async () => {
    const alice = await connect(a, 'alice');
    const bob = await connect(b, 'bob');
    const aliceCall = alice.client.callTool({ name: 'set_api_key', arguments: {} });
    const bobCall = bob.client.callTool({ name: 'set_api_key', arguments: {} });
    const [aliceId, bobId] = await Promise.all([alice.nextElicitation(), bob.nextElicitation()]);
    const [aliceBrowser, bobBrowser] = await Promise.all([loggedIn('alice', c), loggedIn('bob', c)]);
    // A browser of the wrong user is refused on every instance and completes nothing (E-61, E-62).
    expect((await bobBrowser.request(onInstance(`${a.base}elicit/${aliceId}`, c.base))).status).toBe(403);
    expect(
      (await aliceBrowser.submitSecret(onInstance(`${a.base}elicit/${aliceId}`, b.base), 'a')).status,
    ).toBe(200);
    expect((await bobBrowser.submitSecret(onInstance(`${b.base}elicit/${bobId}`, a.base), 'b')).status).toBe(
      200,
    );
    expect(resultText(await aliceCall)).toBe(`API key saved (${aliceId}) on A.`);
    expect(resultText(await bobCall)).toBe(`API key saved (${bobId}) on B.`);
    // The notice goes out after the store's claim, so wait for it to arrive before proving no other can follow.
    await until(() => alice.notices.length > 0 && bob.notices.length > 0);
    await noticeClaimSpent(aliceId);
    await noticeClaimSpent(bobId);
    expect(alice.notices.map((n) => n.id)).toEqual([aliceId]);
    expect(bob.notices.map((n) => n.id)).toEqual([bobId]);
  });

  it('[E-21] a -32042 retry on another instance sees the state completed elsewhere', async () => {
    const onA = await connect(a, 'bob', 'desktop');
    const [required] = await requiredElicitations(onA.client.callTool({ name: 'use_api', arguments: {} }));
    expect(required?.url).toMatch(/\/elicit\//);
    const notice = onA.nextNotice();
    const browser = await loggedIn('bob', c);
    // A completed link opened again, on yet another instance, says so.
    expect((await browser.submitSecret(onInstance(required?.url ?? '', c.base), 'sk-bob')).status).toBe(200);
    expect(await notice).toBe(required?.elicitationId);
    expect((await browser.request(onInstance(required?.url ?? '', b.base))).status).toBe(410);
    // The retry lands on B: the vault entry written through C is there.
    const onB = await connect(b, 'bob', 'desktop');
    expect(resultText(await onB.client.callTool({ name: 'use_api', arguments: {} }))).toBe(
      'Example API call succeeded on B.',
    );
  });

  it('[E-17] completes once across instances: concurrent submissions on A, B and C, one notice', async () => {
    const initiator = await connect(b, 'alice');
    const call = initiator.client.callTool({ name: 'set_api_key', arguments: {} });
    const id = await initiator.nextElicitation();
    // The tool's waiter is released before the notice is claimed and sent: await the notice itself.
    const notice = initiator.nextNotice();
    const browser = await loggedIn('alice', a);
    const pages = await Promise.all(
      [a, b, c].map(async (instance) => {
        const url = onInstance(`${b.base}elicit/${id}`, instance.base);
        const form = await browser.request(url);
        return { url, csrf: /name="csrf" value="([^"]+)"/.exec(await form.text())?.[1] ?? '' };
      }),
    );
    const statuses = await Promise.all(
      pages.map(({ url, csrf }) =>
        browser.request(url, { form: { csrf, value: 'sk' } }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(resultText(await call)).toContain(id);
    expect(await notice).toBe(id);
    await noticeClaimSpent(id);
    expect(initiator.notices.map((n) => n.id)).toEqual([id]);
  });
});

describe('2026-07-28 URL flows across instances (M-17, M-18)', () => {
  /**
   * A 2026 host whose rounds go where `route()` says; on consent its user's browser completes the page on `pageOn`
   * while the retry is held elsewhere. Only Redis is shared, and the state key.
   */
  async function modernHost(user: string, route: () => Instance, pageOn: Instance) {
    const browser = await loggedIn(user, pageOn);
    const urls: string[] = [];
    const client = new Client(
      { name: 'scale-cli', version: '1.0.0' },
      {
        capabilities: { elicitation: { form: {}, url: {} } },
        versionNegotiation: { mode: { pin: '2026-07-28' } },
      },
    );
    client.setRequestHandler('elicitation/create', async (request) => {
      const url = (request.params as { url?: string }).url ?? '';
      urls.push(url);
      // Not awaited: the host answers consent and retries; the person works in the browser meanwhile.
      void browser.submitSecret(onInstance(url, pageOn.base), `sk-${user}-2026`);
      return { action: 'accept' };
    });
    await client.connect(
      new StreamableHTTPClientTransport(new URL('http://127.0.0.1/mcp'), {
        requestInit: { headers: { Authorization: `Bearer ${tokenOf(user)}` } },
        fetch: (_url, init) => fetch(route().mcpUrl, init),
      }),
    );
    return { client, urls };
  }

  it('[M-17] [M-18] use_api: round 1 on A, the page completed on C, the held retry answered on B', async () => {
    const order = [a, b, b, b];
    let n = 0;
    const host = await modernHost('alice', () => order[Math.min(n++, order.length - 1)] as Instance, c);
    const result = await host.client.callTool({ name: 'use_api', arguments: {} });
    expect(resultText(result)).toBe('Example API call succeeded on B.');
    expect(host.urls).toHaveLength(1);
    expect(await a.store.getVaultRecord('alice', 'api_key')).toBeDefined();
    // M-17: a 2026 flow is never announced by a notice, on any instance.
    expect(logs.filter((l) => l.event === 'elicitation.notice-sent')).toEqual([]);
    await host.client.close();
  });

  it('[M-17] [M-18] set_api_key: the completion on C reaches the retry held on A through Redis', async () => {
    let n = 0;
    const host = await modernHost('bob', () => (n++ === 0 ? b : a), c);
    const result = resultText(await host.client.callTool({ name: 'set_api_key', arguments: {} }));
    expect(result).toMatch(/^API key saved \([A-Za-z0-9_-]{43}\) on A\.$/);
    await host.client.close();
  });
});

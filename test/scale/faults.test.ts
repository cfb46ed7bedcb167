// @needs redis-server
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRedis, type TestRedis } from '../../packages/server/test/redis/redis-server.js';
import { TestBrowser } from '../../packages/server/test/url/browser.js';
import {
  connectScaleClient,
  type InstanceProcess,
  onInstance,
  requiredElicitations,
  resultText,
  type ScaleClient,
  spawnInstance,
} from './clients.js';
import { type Instance, type LogEntry, passwordOf, startInstance } from './instance.js';

let redis: TestRedis;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  redis = await startTestRedis();
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  await redis?.dispose();
});

async function instances(keyPrefix: string, logs: LogEntry[] = []): Promise<[Instance, Instance]> {
  const pair = (await Promise.all(
    ['A', 'B'].map((name) =>
      startInstance({ name, redisUrl: redis.url, keyPrefix, logs, commandTimeoutMs: 1000 }),
    ),
  )) as [Instance, Instance];
  cleanups.push(() => Promise.all(pair.map((i) => i.close())));
  return pair;
}

async function connect(mcpUrl: URL, user: string): Promise<ScaleClient> {
  const client = await connectScaleClient(mcpUrl, user);
  cleanups.push(() => client.close());
  return client;
}

async function loggedIn(user: string, base: URL): Promise<TestBrowser> {
  const browser = new TestBrowser();
  expect((await browser.login(base, user, passwordOf(user))).status).toBe(303);
  return browser;
}

/** Retries `attempt` until it returns true, as a person reloads a page that failed; false after `ms`. */
async function eventually(attempt: () => Promise<boolean>, ms = 15_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await attempt().catch(() => false)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

describe('faults', () => {
  it('[E-17] a flow pending while Redis crashes and restarts (AOF) still completes, across instances', async () => {
    const [a, b] = await instances('restart:');
    const client = await connect(a.mcpUrl, 'alice');
    const browser = await loggedIn('alice', b.base);
    const call = client.client.callTool({ name: 'set_api_key', arguments: {} });
    const id = await client.nextElicitation();
    const notice = client.nextNotice(20_000);

    await redis.stop('SIGKILL');
    await redis.start();

    // The record came back from the AOF; the browser's first tries may meet a reconnecting instance.
    const url = onInstance(`${a.base}elicit/${id}`, b.base);
    expect(
      await eventually(async () => (await browser.submitSecret(url, 'sk-after-restart')).status === 200),
    ).toBe(true);
    expect(await notice).toBe(id);
    expect(resultText(await call)).toBe(`API key saved (${id}) on A.`);
  });

  it('fails tools with a clear error while Redis is unreachable, keeps serving, and recovers', async () => {
    const logs: LogEntry[] = [];
    const [a, b] = await instances('outage:', logs);
    const client = await connect(a.mcpUrl, 'bob');

    await redis.stop();
    const failed = await client.client.callTool({ name: 'use_api', arguments: {} });
    expect(failed.isError).toBe(true);
    expect(resultText(failed)).toMatch(
      new RegExp(`elicitation store unavailable: Redis at 127\\.0\\.0\\.1:${redis.port} did not answer`),
    );
    // The instances are up: the session answers, and a new client can still connect.
    expect((await client.client.listTools()).tools.map((t) => t.name)).toContain('use_api');
    const another = await connect(b.mcpUrl, 'bob');
    expect((await another.client.callTool({ name: 'use_api', arguments: {} })).isError).toBe(true);
    expect(
      logs
        .filter((l) => l.event === 'redis.unavailable')
        .map((l) => l.instance)
        .sort(),
    ).toEqual(['A', 'B']);

    await redis.start();
    let required: { elicitationId: string; url: string }[] = [];
    expect(
      await eventually(async () => {
        required = await requiredElicitations(client.client.callTool({ name: 'use_api', arguments: {} }));
        return true;
      }),
    ).toBe(true);
    const [first] = required;
    const browser = await loggedIn('bob', b.base);
    const notice = client.nextNotice();
    expect((await browser.submitSecret(onInstance(first?.url ?? '', b.base), 'sk-bob')).status).toBe(200);
    expect(await notice).toBe(first?.elicitationId);
    expect(resultText(await client.client.callTool({ name: 'use_api', arguments: {} }))).toBe(
      'Example API call succeeded on A.',
    );
    expect(logs.some((l) => l.event === 'redis.recovered')).toBe(true);
  });

  it('[E-21] instance A killed: the client reconnects to B, retries the -32042 request, and succeeds once complete', async () => {
    const processes: InstanceProcess[] = await Promise.all(
      ['A', 'B'].map((name) => spawnInstance({ name, redisUrl: redis.url, keyPrefix: 'killed:' })),
    );
    cleanups.push(() => Promise.all(processes.map((p) => p.kill())));
    const [a, b] = processes as [InstanceProcess, InstanceProcess];
    const onA = await connect(a.mcpUrl, 'alice');
    const [original] = await requiredElicitations(onA.client.callTool({ name: 'use_api', arguments: {} }));
    expect(original?.url.startsWith(a.base.href)).toBe(true);

    await a.kill();

    // The same client (user, OAuth client id, clientInfo name) on a new connection, to B.
    const onB = await connect(b.mcpUrl, 'alice');
    const notice = onB.nextNotice();
    // Retried before the user finished: still -32042, the shared state says nothing is stored yet.
    await requiredElicitations(onB.client.callTool({ name: 'use_api', arguments: {} }));
    const browser = await loggedIn('alice', b.base);
    expect((await browser.submitSecret(onInstance(original?.url ?? '', b.base), 'sk-alice')).status).toBe(
      200,
    );
    // E-18: the initiating connection is gone; its reconnected client on B gets the notice, with the original id.
    expect(await notice).toBe(original?.elicitationId);
    expect(resultText(await onB.client.callTool({ name: 'use_api', arguments: {} }))).toBe(
      'Example API call succeeded on B.',
    );
  });
});

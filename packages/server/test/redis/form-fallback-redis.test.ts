// @needs redis-server
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RedisElicitationStore } from '../../src/redis/index.js';
import { csrfOf, TestBrowser } from '../url/browser.js';
import { startTestServer } from '../url/harness.js';
import { startTestRedis, type TestRedis } from './redis-server.js';

/**
 * Issue 37 on Redis: the link answered on one instance, the call made again on another (or after a restart), with
 * the state in a real redis-server. What the person typed is kept in the vault, encrypted, never in the record.
 */

let redis: TestRedis;
beforeAll(async () => {
  redis = await startTestRedis();
});
afterAll(() => redis?.dispose());

const quiet = { info() {}, warn() {} };

async function book(url: URL): Promise<string> {
  const client = new Client({ name: 'plain-host', version: '1.0.0' }, { capabilities: {} });
  await client.connect(
    new StreamableHTTPClientTransport(url, {
      requestInit: { headers: { Authorization: 'Bearer demo-alice' } },
    }),
  );
  try {
    const result = await client.callTool({ name: 'book', arguments: {} });
    return (result.content as { text: string }[])[0]!.text;
  } finally {
    await client.close();
  }
}

it('answered through one instance, taken by the call made again on another; the answer is nowhere in plain text', async () => {
  const stores = [0, 1].map(
    () => new RedisElicitationStore({ redis: redis.url, keyPrefix: 'fallback:', logger: quiet }),
  );
  const [one, two] = await Promise.all(stores.map((store) => startTestServer({ formFallback: true, store })));
  try {
    const link = /http:\/\/127\.0\.0\.1:\d+\/elicit\/[\w-]+/.exec(await book(one!.mcpUrl))![0];
    const browser = new TestBrowser();
    await browser.login(one!.base, 'alice', 'alice-pass');
    const page = await (await browser.request(link)).text();
    const saved = await browser.request(link, {
      form: { csrf: csrfOf(page), name: 'Grace Hopper', party: '6' },
    });
    expect(saved.status).toBe(200);
    // Everything in Redis, read raw: the name typed is not there (the vault keeps it encrypted).
    const { Redis } = await import('ioredis');
    const raw = new Redis(redis.url);
    const keys = await raw.keys('fallback:*');
    const dump = (await Promise.all(keys.map((key) => raw.dumpBuffer(key))))
      .map((b) => b?.toString('latin1'))
      .join('');
    await raw.quit();
    expect(dump).not.toContain('Grace Hopper');
    expect(await book(two!.mcpUrl)).toBe('Booked Grace Hopper for 6.');
  } finally {
    await one?.close();
    await two?.close();
    await Promise.all(stores.map((store) => store.close()));
  }
});

// @needs redis-server
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisElicitationStore } from '../../src/redis/index.js';
import { TestBrowser } from '../url/browser.js';
import { connectClient, startTestServer, type TestServer, until } from '../url/harness.js';
import { startTestRedis, type TestRedis } from './redis-server.js';

const SECRET = 'sk-live-at-rest-probe-5c1e0f';
const OAUTH_TOKENS = {
  access_token: 'ya29.at-rest-access-token-probe',
  refresh_token: '1//at-rest-refresh-token-probe',
};

let redis: TestRedis;
let admin: Redis;
let store: RedisElicitationStore;
let server: TestServer;

beforeAll(async () => {
  redis = await startTestRedis();
  admin = new Redis(redis.url);
  store = new RedisElicitationStore({
    redis: redis.url,
    keyPrefix: 'at-rest:',
    logger: { info() {}, warn() {} },
  });
  server = await startTestServer({ store });
});
afterAll(async () => {
  await server?.close();
  await store?.close();
  admin?.disconnect();
  await redis?.dispose();
});

/** Every key in the whole Redis (not just our prefix) with its full value, read as an administrator would. */
async function dumpEverything(): Promise<string> {
  const lines: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await admin.scan(cursor, 'COUNT', 1000);
    cursor = next;
    for (const key of keys) {
      const type = await admin.type(key);
      const value =
        type === 'string'
          ? await admin.get(key)
          : type === 'hash'
            ? await admin.hgetall(key)
            : type === 'zset'
              ? await admin.zrange(key, '0', '-1', 'WITHSCORES')
              : type === 'set'
                ? await admin.smembers(key)
                : type === 'list'
                  ? await admin.lrange(key, 0, -1)
                  : type === 'stream'
                    ? await admin.xrange(key, '-', '+')
                    : `unread type ${type}`;
      lines.push(`${key} ${type} ${JSON.stringify(value)}`);
    }
  } while (cursor !== '0');
  return lines.join('\n');
}

/** A plaintext value in any spelling an encoding slip would leave: as is, base64, base64url, hex. */
function spellings(value: string): string[] {
  const bytes = Buffer.from(value);
  return [value, bytes.toString('base64'), bytes.toString('base64url'), bytes.toString('hex')];
}

describe('[E-30] the Redis store at rest', () => {
  it('[E-30] after real flows, no key anywhere in Redis holds a secret, a token or a credential in plaintext', async () => {
    const alice = await connectClient(server.mcpUrl, { token: 'demo-alice' });
    const browser = new TestBrowser();
    await browser.login(server.base, 'alice', 'alice-pass');
    // The in-band flow, completed on the real page.
    const call = alice.client.callTool({ name: 'set_api_key', arguments: {} });
    await until(() => alice.elicitRequests.length === 1);
    expect((await browser.submitSecret(alice.elicitRequests[0]?.url ?? '', SECRET)).status).toBe(200);
    await call;
    // Third-party tokens land in the same vault, as the OAuth connections store them.
    await server.vault.put('alice', 'oauth:calendar', JSON.stringify(OAUTH_TOKENS));
    expect(await server.vault.get('alice', 'api_key')).toBe(SECRET);
    await alice.close();

    const everything = await dumpEverything();
    // The scan did see the records and the vault entries, as ciphertext.
    expect(everything).toMatch(
      /^at-rest:vault:alice hash .*api_key.*oauth:calendar|^at-rest:vault:alice hash .*oauth:calendar.*api_key/m,
    );
    const sessionCookie = browser.cookie('elicitkit_session');
    expect(sessionCookie).toBeDefined();
    const forbidden = [
      SECRET,
      OAUTH_TOKENS.access_token,
      OAUTH_TOKENS.refresh_token,
      'demo-alice', // the MCP bearer token
      'alice-pass', // the browser password
      sessionCookie ?? '',
    ];
    for (const value of forbidden) {
      for (const spelling of spellings(value)) expect(everything).not.toContain(spelling);
    }
  });
});

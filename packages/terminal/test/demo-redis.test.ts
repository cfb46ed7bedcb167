// @needs chromium, redis-server
// `npm run demo:server -- --redis <url>`: the demo keeps URL-mode state in a real redis-server instead of SQLite.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callToolWithElicitation, installElicitation } from '@elicitkit/client';
import { scriptedUI } from '@elicitkit/client/testing';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoBrowser } from '../../../test/support/demo-browser.js';
import { startTestRedis, type TestRedis } from '../../server/test/redis/redis-server.js';
import { ALICE, type DemoProcess, startDemoServer } from './helpers/demo.js';

let scratch: string;
let redis: TestRedis;
let demo: DemoProcess;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'elicit-demo-redis-'));
  redis = await startTestRedis();
  demo = await startDemoServer(join(scratch, 'state'), ['--redis', redis.url]);
}, 120_000);
afterAll(async () => {
  await demo?.stop();
  await redis?.dispose();
  await rm(scratch, { recursive: true, force: true });
});

describe('demo server on Redis', () => {
  it('runs the use_api flow with its state in Redis: no SQLite file, the retry succeeds', async () => {
    const client = new Client({ name: 'demo-redis-test', version: '1.0.0' });
    const links: string[] = [];
    installElicitation(client, {
      ui: scriptedUI([], { url: { action: 'consent' } }),
      opener: async (href) => void links.push(href),
    });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(demo.url), {
        requestInit: { headers: { Authorization: `Bearer ${ALICE.token}` } },
      }),
    );
    try {
      const call = callToolWithElicitation(client, { name: 'use_api', arguments: {} });
      await expect.poll(() => links.length, { timeout: 10_000 }).toBe(1);
      const saved = await new DemoBrowser().enterSecret(links[0]!, ALICE, 'sk-redis-0123456789');
      expect(saved.status).toBe(200);
      const result = await call;
      expect(JSON.stringify(result.content)).toContain('The Example API accepted your key');
      expect((await readdir(join(scratch, 'state'))).filter((f) => f.endsWith('.db'))).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it('refuses a --redis value that is not a redis URL, naming it', () => {
    return expect(startDemoServer(join(scratch, 'bad'), ['--redis', 'localhost:6379'])).rejects.toThrow(
      /--redis must be a redis:\/\/ or rediss:\/\/ URL, got localhost:6379/,
    );
  });
});

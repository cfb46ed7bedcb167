// @needs redis-server
import { callToolWithElicitation, type ElicitationUI, installElicitation } from '@elicitkit/client';
import { scriptedUI } from '@elicitkit/client/testing';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serveV1Sessions } from '../../../test/support/v1-http-sessions.js';
import { startTaskServer } from '../../client/test/helpers/task-server.js';
import { startTestRedis, type TestRedis } from '../../server/test/redis/redis-server.js';
import { createBridge, type SharedRoundsOptions, serveBridgeHttp } from '../src/index.js';

/**
 * Issue 28: several bridge instances behind one load balancer, on one real redis-server, with no sticky sessions for
 * 2026-07-28 hosts. Upstream is a v1 SDK 1.32 server pushing two forms in one call (2025-11-25, over HTTP); the host's
 * legs go to the instances in turn, so every retry lands on an instance other than the one before, and reaches the
 * held upstream call all the same.
 */

let redis: TestRedis;
beforeAll(async () => {
  redis = await startTestRedis();
});
afterAll(async () => {
  await redis?.dispose();
});
const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of cleanup.splice(0).reverse()) await close().catch(() => {});
});

/** A v1 upstream whose `order` asks two forms, one after the other, and returns both answers. */
function twoForms(): McpServer {
  const server = new McpServer({ name: 'kitchen', version: '1.0.0' });
  server.registerTool('order', { description: 'Two questions' }, async (extra) => {
    const ask = (message: string, field: string) =>
      extra.sendRequest(
        {
          method: 'elicitation/create',
          params: {
            mode: 'form',
            message,
            requestedSchema: {
              type: 'object',
              properties: { [field]: { type: 'string' } },
              required: [field],
            },
          } as never,
        },
        ElicitResultSchema,
      );
    const dish = await ask('Which dish?', 'dish');
    const drink = await ask('Which drink?', 'drink');
    return { content: [{ type: 'text' as const, text: JSON.stringify({ dish, drink }) }] };
  });
  return server;
}

/** Two bridge instances fronting `upstream`; with `shared`, on one Redis. */
async function instances(upstream: URL, shared?: SharedRoundsOptions): Promise<URL[]> {
  const urls: URL[] = [];
  for (let i = 0; i < 2; i++) {
    const bridge = createBridge({ upstream: { kind: 'http', url: upstream } });
    const served = await serveBridgeHttp(bridge, shared ? { shared } : {});
    cleanup.push(() => served.close());
    urls.push(served.url!);
  }
  return urls;
}

/** A 2026-07-28 host whose requests go to `urls` in turn (a load balancer without stickiness). */
async function roundRobinHost(
  urls: URL[],
  ui: ElicitationUI = scriptedUI([
    { form: { action: 'submit', content: { dish: 'soup' } } },
    { form: { action: 'submit', content: { drink: 'tea' } } },
  ]),
) {
  let next = 0;
  const client = new Client(
    { name: 'host-2026', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  installElicitation(client, { ui, modes: ['form'] });
  await client.connect(
    new StreamableHTTPClientTransport(urls[0]!, {
      fetch: (_url: string | URL | Request, init?: RequestInit) => fetch(urls[next++ % urls.length]!, init),
    } as never),
  );
  cleanup.push(() => client.close());
  return client;
}

describe('bridge instances sharing rounds through Redis', () => {
  it("a 2026-07-28 host's retries reach the held upstream call whichever instance they land on", async () => {
    const upstream = await serveV1Sessions(twoForms);
    cleanup.push(() => upstream.close());
    const urls = await instances(upstream.url, { redis: redis.url, keyPrefix: `rr${Date.now()}:` });
    const client = await roundRobinHost(urls);
    const result = await callToolWithElicitation(client, { name: 'order', arguments: {} });
    expect(JSON.parse((result.content as { text: string }[])[0]!.text)).toEqual({
      dish: { action: 'accept', content: { dish: 'soup' } },
      drink: { action: 'accept', content: { drink: 'tea' } },
    });
  });

  it("[T-09] a host's task lives on the instance that made it: tasks/get and tasks/update landing elsewhere reach it", async () => {
    const upstream = await startTaskServer({ pollIntervalMs: 50 });
    cleanup.push(() => upstream.close());
    const urls = await instances(upstream.url, { redis: redis.url, keyPrefix: `task${Date.now()}:` });
    const client = await roundRobinHost(
      urls,
      scriptedUI([{ form: { action: 'submit', content: { n: 4 } } }]),
    );
    const statuses: string[] = [];
    const result = await callToolWithElicitation(
      client,
      { name: 'count', arguments: {} },
      { onTaskStatus: ({ status }) => statuses.push(status) },
    );
    expect(result.content).toEqual([{ type: 'text', text: 'n=4' }]);
    expect(statuses).toContain('input_required');
  });

  it('the instance holding a call stops: a retry landing elsewhere hears it as an MCP error, and onError is told', async () => {
    const upstream = await serveV1Sessions(twoForms);
    cleanup.push(() => upstream.close());
    const reported: unknown[] = [];
    const shared = {
      redis: redis.url,
      keyPrefix: `gone${Date.now()}:`,
      onError: (e: unknown) => reported.push(e),
    };
    const running = await Promise.all(
      [0, 1].map(async () => {
        const bridge = createBridge({ upstream: { kind: 'http', url: upstream.url } });
        const served = await serveBridgeHttp(bridge, { shared });
        cleanup.push(() => served.close());
        return { bridge, served };
      }),
    );
    const client = await roundRobinHost(
      running.map(({ served }) => served.url!),
      {
        // The person answers after the instance holding the call has stopped.
        form: async () => {
          await running.find(({ bridge }) => bridge.held > 0)?.served.close();
          return { action: 'submit', content: { dish: 'soup' } };
        },
        url: async () => ({ action: 'decline' }),
      },
    );
    await expect(callToolWithElicitation(client, { name: 'order', arguments: {} })).rejects.toThrow(
      /holding this call cannot be reached/,
    );
    expect(String(reported[0])).toMatch(/holding a call cannot be reached/);
  });

  it('without sharing, a retry that lands elsewhere is refused, naming why', async () => {
    const upstream = await serveV1Sessions(twoForms);
    cleanup.push(() => upstream.close());
    const client = await roundRobinHost(await instances(upstream.url));
    await expect(callToolWithElicitation(client, { name: 'order', arguments: {} })).rejects.toThrow(
      /no longer held by the bridge|Invalid or expired requestState/,
    );
  });

  it('Redis down: a call whose legs stay on one instance still completes, and the failure is reported', async () => {
    const upstream = await serveV1Sessions(twoForms);
    cleanup.push(() => upstream.close());
    const reported: unknown[] = [];
    const shared = {
      redis: redis.url,
      keyPrefix: `down${Date.now()}:`,
      onError: (e: unknown) => reported.push(e),
    };
    const [only] = await instances(upstream.url, shared);
    await redis.stop('SIGKILL');
    cleanup.push(() => redis.start());
    const result = await callToolWithElicitation(await roundRobinHost([only!]), {
      name: 'order',
      arguments: {},
    });
    expect(JSON.parse((result.content as { text: string }[])[0]!.text)).toMatchObject({
      drink: { action: 'accept', content: { drink: 'tea' } },
    });
    expect(reported.length).toBeGreaterThan(0);
  }, 30_000);
});

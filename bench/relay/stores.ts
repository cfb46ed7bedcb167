/**
 * The relay's stores (issue 27), in one run: one `tools/call` answering one form, the person's page over real HTTP on
 * 127.0.0.1 answering the moment the question arrives, with the relay's questions in memory, in a SQLite file, and in
 * a real redis-server (started here on a free port); the anchor is the same call answered by an in-process UI.
 * Batches of 25 interleaved, the order rotated every round, after a warm-up; p50 and p99 of each, the added time
 * against the in-process UI, and each durable store against the memory one.
 * Run: node --conditions=@elicitkit/source --expose-gc --import tsx bench/relay/stores.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fetchListener } from '@elicitkit/client/node';
import { createRelay, memoryRelayStore, type RelayStore } from '@elicitkit/client/relay';
import { redisRelayStore } from '@elicitkit/client/relay/redis';
import { sqliteRelayStore } from '@elicitkit/client/relay/sqlite';
import { scriptedUI } from '@elicitkit/client/testing';
import { startTestRedis } from '../../packages/server/test/redis/redis-server.js';
import { ANSWER, agent, answer, ms, page, percentile } from './parts.js';

const ROUNDS = 16;
const BATCH = 25;

const redis = await startTestRedis();
const dir = mkdtempSync(join(tmpdir(), 'bench-relay-stores-'));
const stores: Record<string, RelayStore & { close?(): unknown }> = {
  memory: memoryRelayStore(),
  sqlite: sqliteRelayStore({ file: join(dir, 'relay.db') }),
  redis: redisRelayStore({ redis: redis.url, keyPrefix: 'bench:' }),
};

const http = createServer();
await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
const address = http.address();
const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const listeners = new Map<string, ReturnType<typeof fetchListener>>();
http.on('request', (request, response) => {
  const name = /^\/([a-z]+)\//.exec(request.url ?? '')?.[1] ?? '';
  listeners.get(name)?.(request, response);
});

type Variant = { call(): Promise<unknown>; close(): Promise<void>; stop?: () => void };
const variants: Record<string, Variant> = {
  inProcess: await agent(scriptedUI([], { form: { action: 'submit', content: ANSWER } })),
};
for (const [name, store] of Object.entries(stores)) {
  const relay = createRelay({
    authenticate: (request) => request.headers.get('x-user') ?? undefined,
    store,
    basePath: `/${name}/elicitkit`,
    limits: { maxAnswersPerMinute: 1_000_000 },
  });
  listeners.set(name, fetchListener(relay.fetch, origin));
  const base = `${origin}/${name}/elicitkit`;
  const stop = await page(base, 'alice', (question) => void answer(base, 'alice', question.id));
  variants[name] = { ...(await agent(relay.ui({ principal: 'alice' }), relay.opener)), stop };
}

const names = Object.keys(variants);
const times = Object.fromEntries(names.map((name) => [name, [] as number[]]));
const run = async (name: string, record: boolean) => {
  for (let i = 0; i < BATCH; i++) {
    const start = performance.now();
    await variants[name]!.call();
    if (record) times[name]!.push(performance.now() - start);
  }
};
for (const name of names) await run(name, false); // warm-up
for (let round = 0; round < ROUNDS; round++) {
  const order = names.map((_, i) => names[(i + round) % names.length]!);
  for (const name of order) await run(name, true);
}

const p50 = (name: string) => percentile(times[name]!, 50);
for (const name of names) {
  const added =
    name === 'inProcess'
      ? ''
      : `; added p50 ${ms(p50(name) - p50('inProcess'))} (${(p50(name) / p50('inProcess')).toFixed(2)}× the in-process UI)`;
  const vsMemory =
    name === 'sqlite' || name === 'redis'
      ? `; ${(p50(name) / p50('memory')).toFixed(2)}× the memory store`
      : '';
  console.log(
    `${name}: ${times[name]!.length} calls, p50 ${ms(p50(name))}, p99 ${ms(percentile(times[name]!, 99))}${added}${vsMemory}`,
  );
}

for (const variant of Object.values(variants)) {
  variant.stop?.();
  await variant.close();
}
for (const store of Object.values(stores)) await store.close?.();
http.closeAllConnections();
http.close();
await redis.dispose();
rmSync(dir, { recursive: true, force: true });
process.exit(0);

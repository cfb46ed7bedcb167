/**
 * A 2026-07-28 URL flow across instances: the host calls `set_api_key` on instance A, consents, and retries at
 * once; A holds the retry while watching the shared store. The page is posted on instance B (a load balancer
 * sent the browser there) or, the anchor, on A itself. Timed from the browser's POST to the retried call's
 * result at the host. Two instances of the URL tests' app (packages/server/test/url/harness.ts: both eras on
 * one endpoint, sealed requestState with a shared key), each with its own RedisElicitationStore on one
 * redis-server of our own; A, B, the host and the browser share this process. Alternating, warm-up first.
 * Prints p50 / p90 / p99 of each and other ÷ same. On a loaded machine a few flows in a hundred can stall for a
 * scheduler's slice or a GC (both ways alike), so compare p99 over several runs, or raise [flows].
 * Run: node --conditions=@elicitkit/source --expose-gc --import tsx bench/server-mrtr/url-cross-instance.ts [flows]
 */
import { RedisElicitationStore } from '@elicitkit/server/redis';
import { startTestRedis } from '../../packages/server/test/redis/redis-server.js';
import { csrfOf, TestBrowser } from '../../packages/server/test/url/browser.js';
import { connectClient, startTestServer, type TestServer } from '../../packages/server/test/url/harness.js';

const FLOWS = Number(process.argv[2] ?? 200);
const WARMUP = 20;

const redis = await startTestRedis();
const quiet = { info: () => {}, warn: () => {} };
const stores = [0, 1].map(
  () => new RedisElicitationStore({ redis: redis.url, keyPrefix: 'bench2026:', logger: quiet }),
);
const [a, b] = (await Promise.all(stores.map((store) => startTestServer({ store })))) as [
  TestServer,
  TestServer,
];
const browser = new TestBrowser();
await browser.login(a.base, 'alice', 'alice-pass'); // the session cookie is valid on both (shared secret)

/** The page to post, handed over by the host's consent; the test decides where and when it is posted. */
let consented: (url: string) => void = () => {};
const host = await connectClient(a.mcpUrl, {
  token: 'demo-alice',
  era: '2026-07-28',
  onConsent: (url) => consented(url),
});

const moveTo = (url: string, base: URL) => {
  const moved = new URL(url);
  return new URL(`${moved.pathname}${moved.search}`, base).href;
};

/** One flow started on A, its page posted on `completer`; ms from the POST to the result at the host. */
async function once(completer: TestServer): Promise<number> {
  const page = new Promise<string>((resolve) => {
    consented = resolve;
  });
  const posts = a.mcpPosts;
  const call = host.client.callTool({ name: 'set_api_key', arguments: {} }, { timeout: 60_000 });
  const url = moveTo(await page, completer.base);
  const form = await (await browser.request(url)).text();
  // Post only once A holds the retry (a person takes seconds; the retry comes at once).
  while (a.mcpPosts < posts + 2) await new Promise((resolve) => setTimeout(resolve, 1));
  await new Promise((resolve) => setTimeout(resolve, 5));
  const start = performance.now();
  const posted = await browser.request(url, { form: { csrf: csrfOf(form), value: 'sk-bench' } });
  if (posted.status !== 200) throw new Error(`page answered ${posted.status}`);
  const result = (await call) as { content?: { text?: string }[] };
  const elapsed = performance.now() - start;
  if (result.content?.[0]?.text !== 'API key saved.') throw new Error(`unexpected ${JSON.stringify(result)}`);
  return elapsed;
}

const ways = { same: () => once(a), other: () => once(b) } as const;
type Way = keyof typeof ways;
const samples: Record<Way, number[]> = { same: [], other: [] };
for (let round = 0; round < WARMUP + FLOWS; round++) {
  const order: Way[] = round % 2 === 0 ? ['same', 'other'] : ['other', 'same'];
  for (const way of order) {
    const ms = await ways[way]();
    if (round >= WARMUP) samples[way].push(ms);
  }
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number;
};
console.log(`2026 URL flow, browser POST → retried call's result at the host, ${FLOWS} flows each (ms):`);
for (const way of ['same', 'other'] as const) {
  console.log(
    `  ${way === 'same' ? 'completed on A (same)   ' : 'completed on B (other)  '} p50 ${pct(samples[way], 0.5).toFixed(2).padStart(6)}  p90 ${pct(samples[way], 0.9).toFixed(2).padStart(6)}  p99 ${pct(samples[way], 0.99).toFixed(2).padStart(6)}`,
  );
}
console.log(
  `  other ÷ same: p50 ${(pct(samples.other, 0.5) / pct(samples.same, 0.5)).toFixed(2)}×  ` +
    `p99 ${(pct(samples.other, 0.99) / pct(samples.same, 0.99)).toFixed(2)}×`,
);

await host.close();
await Promise.all([a.close(), b.close()]);
await Promise.all(stores.map((store) => store.close()));
await redis.dispose();

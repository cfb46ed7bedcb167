/**
 * Completion delivery latency: from the moment an instance completes a URL flow (its store's `complete`, as
 * the page's POST runs it) to `notifications/elicitation/complete` at the MCP client that started it, over
 * Streamable HTTP on loopback; and, as a person sees it, from the browser's POST to that notice. Each
 * instance is its own process (the two ends are timed with the high-resolution wall clock, which processes
 * on one machine share); the client and the browser are this one. Interleaved in one run:
 *   same:   client on A, page posted to A (Redis round trips and the stream read still happen)
 *   other:  client on A, page posted to B, the other instance on the same Redis
 *   memory: client and page on M, one instance on MemoryElicitationStore: the single-process anchor
 * Prints p50/p99 of each and the ratios other ÷ same and other ÷ memory. Target: other p99 ≤ 10 ms.
 * Run: node --conditions=@elicitkit/source --expose-gc --import tsx bench/scale/latency.ts [flows]
 */

import { startTestRedis } from '../../packages/server/test/redis/redis-server.js';
import { TestBrowser } from '../../packages/server/test/url/browser.js';
import {
  connectScaleClient,
  type InstanceProcess,
  onInstance,
  type ScaleClient,
  spawnInstance,
} from '../../test/scale/clients.js';
import { passwordOf } from '../../test/scale/instance.js';

const FLOWS = Number(process.argv[2] ?? 300);
const WARMUP = 30;

const redis = await startTestRedis();
const [a, b, m] = (await Promise.all([
  spawnInstance({ name: 'A', redisUrl: redis.url, keyPrefix: 'bench:', timeCompletions: true }),
  spawnInstance({ name: 'B', redisUrl: redis.url, keyPrefix: 'bench:', timeCompletions: true }),
  spawnInstance({ name: 'M', store: 'memory', timeCompletions: true }),
])) as [InstanceProcess, InstanceProcess, InstanceProcess];
const onA = await connectScaleClient(a.mcpUrl, 'alice');
const onM = await connectScaleClient(m.mcpUrl, 'alice');
// One login; the session cookie is valid on every instance (they share its secret).
const browser = new TestBrowser();
await browser.login(a.base, 'alice', passwordOf('alice'));

interface Sample {
  /** From the completing instance's `complete` to the notice at the client. */
  delivery: number;
  /** From the browser's POST to the notice at the client. */
  post: number;
}

/** One flow: started by `client` on `home`, its page posted to `completer`. */
async function once(client: ScaleClient, home: InstanceProcess, completer: InstanceProcess): Promise<Sample> {
  const call = client.client.callTool({ name: 'set_api_key', arguments: {} });
  const id = await client.nextElicitation();
  const url = onInstance(`${home.base.href}elicit/${id}`, completer.base);
  const form = await (await browser.request(url)).text();
  const csrf = /name="csrf" value="([^"]+)"/.exec(form)?.[1] ?? '';
  // Let the consent answer finish travelling: a person takes seconds before submitting the page.
  await new Promise((resolve) => setTimeout(resolve, 20));
  const notice = client.nextNotice();
  const start = performance.now();
  const page = await browser.request(url, { form: { csrf, value: 'sk-bench' } });
  if (page.status !== 200) throw new Error(`page answered ${page.status}`);
  if ((await notice) !== id) throw new Error('notice for another elicitation');
  const noticed = client.notices.at(-1);
  await call;
  const timing = (await (await fetch(new URL(`_bench/completed/${id}`, completer.base))).json()) as {
    at: number;
  };
  return { delivery: (noticed?.wallAt ?? Number.NaN) - timing.at, post: (noticed?.at ?? Number.NaN) - start };
}

const ways = {
  same: () => once(onA, a, a),
  other: () => once(onA, a, b),
  memory: () => once(onM, m, m),
} as const;
type Way = keyof typeof ways;
const samples: Record<Way, Sample[]> = { same: [], other: [], memory: [] };

for (let round = 0; round < WARMUP + FLOWS; round++) {
  // Rotating order, so no way always runs right after the same other one.
  const order = (Object.keys(ways) as Way[]).map((_, i, all) => all[(i + round) % all.length] as Way);
  for (const way of order) {
    const sample = await ways[way]();
    if (round >= WARMUP) samples[way].push(sample);
  }
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number;
};
const ratio = (x: number, y: number) => `${(x / y).toFixed(2)}×`;
const worst: Record<string, number> = {};
for (const span of ['delivery', 'post'] as const) {
  const figures = Object.fromEntries(
    (Object.keys(ways) as Way[]).map((way) => {
      const values = samples[way].map((s) => s[span]);
      return [way, { p50: pct(values, 0.5), p99: pct(values, 0.99) }];
    }),
  ) as Record<Way, { p50: number; p99: number }>;
  console.log(
    span === 'delivery'
      ? `completion delivery latency, instance completes → client notice, ${FLOWS} flows each (ms):`
      : `as the person sees it, browser POST → client notice (ms):`,
  );
  for (const [way, { p50, p99 }] of Object.entries(figures)) {
    console.log(`  ${way.padEnd(6)} p50 ${p50.toFixed(2).padStart(6)}  p99 ${p99.toFixed(2).padStart(6)}`);
  }
  const { same, other, memory } = figures;
  console.log(`  other ÷ same:   p50 ${ratio(other.p50, same.p50)}  p99 ${ratio(other.p99, same.p99)}`);
  console.log(`  other ÷ memory: p50 ${ratio(other.p50, memory.p50)}  p99 ${ratio(other.p99, memory.p99)}`);
  worst[span] = other.p99;
}
console.log(
  `target: other-instance delivery p99 ≤ 10 ms: ${(worst.delivery ?? Infinity) <= 10 ? 'met' : 'NOT met'}`,
);

await Promise.all([onA.close(), onM.close()]);
await Promise.all([a.stop(), b.stop(), m.stop()]);
await redis.dispose();

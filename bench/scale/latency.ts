/**
 * Completion delivery latency: from the browser's POST that completes a URL flow to the
 * `notifications/elicitation/complete` at the MCP client that started it, over Streamable HTTP on loopback.
 * Each instance is its own process; the client and the browser are this one. Interleaved in one run:
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
  spawnInstance({ name: 'A', redisUrl: redis.url, keyPrefix: 'bench:' }),
  spawnInstance({ name: 'B', redisUrl: redis.url, keyPrefix: 'bench:' }),
  spawnInstance({ name: 'M', store: 'memory' }),
])) as [InstanceProcess, InstanceProcess, InstanceProcess];
const onA = await connectScaleClient(a.mcpUrl, 'alice');
const onM = await connectScaleClient(m.mcpUrl, 'alice');
// One login; the session cookie is valid on every instance (they share its secret).
const browser = new TestBrowser();
await browser.login(a.base, 'alice', passwordOf('alice'));

/** One flow: started by `client` on `home`, its page posted to `completer`; returns POST → notice, ms. */
async function once(client: ScaleClient, home: InstanceProcess, completer: InstanceProcess): Promise<number> {
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
  const at = client.notices.at(-1)?.at ?? Number.NaN;
  await call;
  return at - start;
}

const ways = {
  same: () => once(onA, a, a),
  other: () => once(onA, a, b),
  memory: () => once(onM, m, m),
} as const;
type Way = keyof typeof ways;
const samples: Record<Way, number[]> = { same: [], other: [], memory: [] };

for (let round = 0; round < WARMUP + FLOWS; round++) {
  // Rotating order, so no way always runs right after the same other one.
  const order = (Object.keys(ways) as Way[]).map((_, i, all) => all[(i + round) % all.length] as Way);
  for (const way of order) {
    const ms = await ways[way]();
    if (round >= WARMUP) samples[way].push(ms);
  }
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number;
};
const row = (way: Way) => ({ p50: pct(samples[way], 0.5), p99: pct(samples[way], 0.99) });
const figures = { same: row('same'), other: row('other'), memory: row('memory') };
const ratio = (x: number, y: number) => `${(x / y).toFixed(2)}×`;
console.log(`completion delivery latency, browser POST → client notice, ${FLOWS} flows each (ms):`);
for (const [way, { p50, p99 }] of Object.entries(figures)) {
  console.log(`  ${way.padEnd(6)} p50 ${p50.toFixed(2).padStart(6)}  p99 ${p99.toFixed(2).padStart(6)}`);
}
console.log(
  `  other ÷ same:   p50 ${ratio(figures.other.p50, figures.same.p50)}  p99 ${ratio(figures.other.p99, figures.same.p99)}`,
);
console.log(
  `  other ÷ memory: p50 ${ratio(figures.other.p50, figures.memory.p50)}  p99 ${ratio(figures.other.p99, figures.memory.p99)}`,
);
console.log(`  target other p99 ≤ 10 ms: ${figures.other.p99 <= 10 ? 'met' : 'NOT met'}`);

await Promise.all([onA.close(), onM.close()]);
await Promise.all([a.stop(), b.stop(), m.stop()]);
await redis.dispose();

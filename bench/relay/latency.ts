/**
 * The relay (issue 27), in one run:
 *   added time       one `tools/call` answering one form: an agent whose UI answers in process (scriptedUI), against an
 *                    agent whose UI is the relay, answered by a page over real HTTP on 127.0.0.1 (the page listens on
 *                    the event stream and posts the answer the moment the question arrives). Batches interleaved, the
 *                    order flipped every batch; p50 and p99 of each, and the ratio of the medians.
 *   delivery         the time from the server's ask to the page's event, over the same calls (p50, p99).
 *   fan-out          1,000 people, one open page each, one question each at once: ask-to-event time at every page (the
 *                    pages run in a forked process, as browsers would be elsewhere; times are epoch ms on one machine).
 *   memory           heap per pending question (questions nobody answers), the event loop turned between collections;
 *                    measured first, before the other parts leave garbage behind.
 * Run: node --conditions=@elicitkit/source --expose-gc --import tsx bench/relay/latency.ts
 */
import { fork } from 'node:child_process';
import { setMaxListeners } from 'node:events';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { FormPrompt } from '@elicitkit/client';
import { fetchListener } from '@elicitkit/client/node';
import { createRelay, type Relay } from '@elicitkit/client/relay';
import { scriptedUI } from '@elicitkit/client/testing';
import { ANSWER, agent, answer as answerAt, ms, page as pageAt, percentile, SCHEMA } from './parts.js';

// Calls in all, half through each UI: 1,000 questions delivered to the page.
const CALLS = 2000;

const relay = createRelay({
  authenticate: (request) => request.headers.get('x-user') ?? undefined,
  limits: { maxPendingPerPrincipal: 2000, maxAnswersPerMinute: 1_000_000 },
});
const http = createServer();
await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
const address = http.address();
const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
http.on('request', fetchListener(relay.fetch, origin));
const base = `${origin}/elicitkit`;
const page = (user: string, onQuestion: Parameters<typeof pageAt>[2]) => pageAt(base, user, onQuestion);
const answer = (user: string, id: string) => answerAt(base, user, id);

/** A form prompt as the host pipeline hands it over, for a question nobody here answers. */
const unansweredPrompt = (id: string, signal: AbortSignal): FormPrompt => ({
  kind: 'form',
  id,
  requester: { name: 'bench' },
  message: 'Your details',
  signal,
  fields: [],
  requestedSchema: SCHEMA as never,
  initial: {},
  validateField: () => [],
  validate: () => ({ ok: true, value: {} }),
});

// --- memory per pending question ---
const settle = async () => {
  for (let i = 0; i < 4; i++) {
    await new Promise((resolve) => setImmediate(resolve));
    globalThis.gc?.();
  }
  return process.memoryUsage().heapUsed;
};
const PENDING = 5000;
const holding = new AbortController();
setMaxListeners(0, holding.signal);
const before = await settle();
const memoryRelay: Relay = createRelay({
  authenticate: () => undefined,
  limits: { maxPendingPerPrincipal: PENDING },
});
const ui = memoryRelay.ui({ principal: 'alice' });
for (let i = 0; i < PENDING; i++) {
  void ui.form(unansweredPrompt(`m${i}`, holding.signal));
}
const after = await settle();
console.log(
  `memory: ${((after - before) / PENDING / 1024).toFixed(2)} KiB per pending question (the contact form; ${PENDING} held)`,
);
holding.abort();

// --- added time and delivery ---
const inProcess = await agent(scriptedUI([], { form: { action: 'submit', content: ANSWER } }));
const relayed = await agent(relay.ui({ principal: 'alice' }), relay.opener);
let askedAt = 0;
const delivery: number[] = [];
const closePage = await page('alice', (question, at) => {
  delivery.push(at - askedAt);
  void answer('alice', question.id);
});
const times = { inProcess: [] as number[], relayed: [] as number[] };
const timed = async (variant: 'inProcess' | 'relayed') => {
  const start = performance.now();
  askedAt = start;
  await (variant === 'inProcess' ? inProcess : relayed).call();
  times[variant].push(performance.now() - start);
};
for (let i = 0; i < 100; i++) await timed(i % 2 ? 'inProcess' : 'relayed'); // warm-up
times.inProcess.length = 0;
times.relayed.length = 0;
delivery.length = 0;
for (let batch = 0; batch < CALLS / 50; batch++) {
  for (const variant of batch % 2
    ? (['inProcess', 'relayed'] as const)
    : (['relayed', 'inProcess'] as const)) {
    for (let i = 0; i < 25; i++) await timed(variant);
  }
}
closePage();
const p50 = { in: percentile(times.inProcess, 50), relay: percentile(times.relayed, 50) };
console.log(
  `one form per tools/call, ${times.relayed.length} calls each: in-process UI p50 ${ms(p50.in)}, p99 ` +
    `${ms(percentile(times.inProcess, 99))}; relay (page over HTTP) p50 ${ms(p50.relay)}, p99 ` +
    `${ms(percentile(times.relayed, 99))}; added p50 ${ms(p50.relay - p50.in)} (${(p50.relay / p50.in).toFixed(1)}×)`,
);
console.log(
  `delivery, the agent's call to the page's event: p50 ${ms(percentile(delivery, 50))}, p99 ${ms(percentile(delivery, 99))}`,
);
await inProcess.close();
await relayed.close();

// --- fan-out: 1,000 people, one page each (the pages in a process of their own, as browsers would be) ---
const PEOPLE = 1000;
const pages = fork(fileURLToPath(new URL('./fanout-pages.ts', import.meta.url)), [base, String(PEOPLE)], {
  execArgv: process.execArgv.filter((flag) => flag !== '--expose-gc'),
});
const message = <T>(match: (value: unknown) => value is T) =>
  new Promise<T>((resolve) => {
    const on = (value: unknown) => {
      if (!match(value)) return;
      pages.off('message', on);
      resolve(value);
    };
    pages.on('message', on);
  });
await message((value): value is 'ready' => value === 'ready');
const arrivals = () =>
  message((value): value is { arrivals: [string, number][] } => typeof value === 'object');
const fanOut = new AbortController();
setMaxListeners(0, fanOut.signal);
/** One question to each person, `gapMs` apart (0: all at once); the ask-to-page times. */
const round = async (tag: string, gapMs: number) => {
  const arrived = arrivals();
  const asked = new Map<string, number>();
  for (let i = 0; i < PEOPLE; i++) {
    if (gapMs > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
    const ui = relay.ui({ principal: `p${i}` });
    asked.set(`p${i}`, performance.timeOrigin + performance.now());
    void ui.form(unansweredPrompt(`${tag}${i}`, fanOut.signal));
  }
  return (await arrived).arrivals.map(([principal, at]) => at - asked.get(principal)!);
};
const burst = await round('b', 0);
console.log(
  `fan-out, ${PEOPLE} people with one open page each (in another process), one question each at once: ask to page ` +
    `p50 ${ms(percentile(burst, 50))}, p99 ${ms(percentile(burst, 99))} (target ≤ 100 ms)`,
);
const paced = await round('s', 1);
console.log(
  `fan-out, the same ${PEOPLE} pages, one question each about 1 ms apart: ask to page p50 ${ms(percentile(paced, 50))}, ` +
    `p99 ${ms(percentile(paced, 99))} (target ≤ 100 ms)`,
);
pages.disconnect();
fanOut.abort();

http.closeAllConnections();
http.close();
process.exit(0);

/**
 * The relay (issue 27), in one run:
 *   added time       one `tools/call` answering one form: an agent whose UI answers in process (scriptedUI), against an
 *                    agent whose UI is the relay, answered by a page over real HTTP on 127.0.0.1 (the page listens on
 *                    the event stream and posts the answer the moment the question arrives). Batches interleaved, the
 *                    order flipped every batch; p50 and p99 of each, and the ratio of the medians.
 *   delivery         the time from the server's ask to the page's event, over the same calls (p50, p99).
 *   fan-out          1,000 people, one open page each, one question each at once: ask-to-event time at every page (the
 *                    pages' HTTP clients run in this process too, so they share its event loop with the relay).
 *   memory           heap per pending question (questions nobody answers), the event loop turned between collections;
 *                    measured first, before the other parts leave garbage behind.
 * Run: node --conditions=@elicitkit/source --expose-gc --import tsx bench/relay/latency.ts
 */
import { setMaxListeners } from 'node:events';
import { createServer } from 'node:http';
import { type FormPrompt, installElicitation, type UrlOpener } from '@elicitkit/client';
import { fetchListener } from '@elicitkit/client/node';
import { createRelay, type Question, type Relay } from '@elicitkit/client/relay';
import { scriptedUI } from '@elicitkit/client/testing';
import { elicitForm, enableElicitation } from '@elicitkit/server';
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, McpServer } from '@modelcontextprotocol/server';
import { answerFor, contactSchema } from '../server-form/contact.js';

const SCHEMA = contactSchema(0);
const ANSWER = answerFor(SCHEMA);
const CALLS = 1000;

const relay = createRelay({
  authenticate: (request) => request.headers.get('x-user') ?? undefined,
  limits: { maxPendingPerPrincipal: 2000, maxAnswersPerMinute: 1_000_000 },
});
const http = createServer();
await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
const address = http.address();
const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
http.on('request', fetchListener(relay.fetch, origin));

/** An agent: an SDK client whose tool call asks the contact form, answered through `ui`. */
async function agent(ui: Parameters<typeof installElicitation>[1]['ui'], opener?: UrlOpener) {
  const server = enableElicitation(new McpServer({ name: 'bench', version: '1.0.0' }), {
    progressIntervalMs: false,
  });
  server.registerTool('ask', { description: 'asks the contact form' }, async (ctx) => {
    await elicitForm(ctx, { message: 'Your details', schema: SCHEMA as never });
    return { content: [{ type: 'text', text: 'done' }] };
  });
  const client = new Client({ name: 'bench-agent', version: '1.0.0' });
  installElicitation(client, { ui, rateLimit: false, ...(opener && { opener }) });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  return { call: () => client.callTool({ name: 'ask', arguments: {} }), close: () => client.close() };
}

/** A page of `user`'s over HTTP: calls `onQuestion` with each question as it arrives (and when). */
async function page(user: string, onQuestion: (question: Question, at: number) => void) {
  const stop = new AbortController();
  const response = await fetch(`${origin}/elicitkit/questions/events`, {
    headers: { 'x-user': user },
    signal: stop.signal,
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let snapshot!: () => void;
  const ready = new Promise<void>((resolve) => (snapshot = resolve));
  void (async () => {
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: '' }));
      if (done) return;
      buffer += value;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.startsWith('event: snapshot')) snapshot();
        if (block.startsWith('event: asked')) {
          const at = performance.now();
          onQuestion(JSON.parse(block.slice(block.indexOf('data: ') + 6)) as Question, at);
        }
      }
    }
  })();
  await ready;
  return () => stop.abort();
}

const answer = (user: string, id: string) =>
  fetch(`${origin}/elicitkit/questions/${id}/answer`, {
    method: 'POST',
    headers: { 'x-user': user, 'content-type': 'application/json', origin },
    body: JSON.stringify({ action: 'submit', content: ANSWER }),
  });

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

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;
const ms = (value: number) => `${value.toFixed(2)} ms`;

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

// --- fan-out: 1,000 people, one page each ---
const PEOPLE = 1000;
const arrival = new Map<string, number>();
let everyone!: () => void;
const allArrived = new Promise<void>((resolve) => (everyone = resolve));
const closers: (() => void)[] = [];
for (let i = 0; i < PEOPLE; i++) {
  closers.push(
    await page(`p${i}`, (question, at) => {
      arrival.set(question.principal, at);
      if (arrival.size === PEOPLE) everyone();
    }),
  );
}
const asked = new Map<string, number>();
const fanOut = new AbortController();
setMaxListeners(0, fanOut.signal);
for (let i = 0; i < PEOPLE; i++) {
  const ui = relay.ui({ principal: `p${i}` });
  asked.set(`p${i}`, performance.now());
  void ui.form(unansweredPrompt(`q${i}`, fanOut.signal));
}
await allArrived;
const fan = [...arrival].map(([principal, at]) => at - asked.get(principal)!);
console.log(
  `fan-out, ${PEOPLE} people with one open page each, one question each: ask to page p50 ${ms(percentile(fan, 50))}, ` +
    `p99 ${ms(percentile(fan, 99))} (target ≤ 100 ms)`,
);
fanOut.abort();
for (const close of closers) close();

http.closeAllConnections();
http.close();
process.exit(0);

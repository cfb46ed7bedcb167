/**
 * The bridge's cost (issue 28), per direction, against the direct connection, in one run:
 *   2025 push → 2026 host   upstream: a v1 SDK 1.32 server pushing a form on 2025-11-25. Direct: a v1 SDK client on
 *                           that server (2025-11-25). Bridged: an SDK v2 host on 2026-07-28 through the bridge (the
 *                           form becomes a round; the upstream call is held between the two legs).
 *   2026 rounds → 2025 host upstream: an SDK v2 server asking in 2026-07-28 rounds. Direct: an SDK v2 host on
 *                           2026-07-28. Bridged: a v1 SDK host on 2025-11-25 through the bridge (the round is pushed).
 *   tasks both sides        upstream: an elicitkit long-running tool asking in its task. Direct: an SDK v2 host
 *                           following the task. Bridged: the same host following a task of the bridge's, which follows
 *                           upstream's (tasks polled every 100 ms, the least a host waits, on both engines).
 *   shared instances        the first direction through two bridge instances on one redis-server (started here), the
 *                           host's legs to them in turn: every retry lands on the instance not holding the call and is
 *                           forwarded (`--redis`).
 * One `tools/call` answering one form is one sample; the bridge opens an upstream connection for each call (a
 * session on 2025-11-25), which is part of what it adds. Upstreams run in a child process; the bridge and the hosts
 * here, over Streamable HTTP on 127.0.0.1. Direct and bridged batches interleave, the order flipped every batch.
 * Then the memory the bridge keeps per held upstream call: calls whose form a host (in a process of its own) never
 * answers.
 * Run: node --conditions=@elicitkit/source --expose-gc --import tsx bench/bridge/latency.ts
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createBridge, serveBridgeHttp } from '@elicitkit/bridge';
import { callToolWithElicitation, installElicitation } from '@elicitkit/client';
import { scriptedUI } from '@elicitkit/client/testing';
import { createTasks } from '@elicitkit/server/tasks';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1Transport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { startTestRedis } from '../../packages/server/test/redis/redis-server.js';
import { answerFor, contactSchema } from '../server-form/contact.js';

const ANSWER = answerFor(contactSchema(0));

const child = spawn(
  process.execPath,
  [...process.execArgv, fileURLToPath(new URL('./upstream.ts', import.meta.url))],
  {
    stdio: ['pipe', 'pipe', 'inherit'],
  },
);
const urls = await new Promise<{ v1: string; v2: string; tasks: string }>((resolve) => {
  child.stdout.setEncoding('utf8').once('data', (line: string) => resolve(JSON.parse(line)));
});

async function v1Host(url: string, answer: () => unknown = () => ({ action: 'accept', content: ANSWER })) {
  const client = new V1Client(
    { name: 'bench-2025', version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } } },
  );
  client.setRequestHandler(ElicitRequestSchema, async () => answer() as never);
  await client.connect(new V1Transport(new URL(url)));
  return { call: () => client.callTool({ name: 'ask', arguments: {} }), close: () => client.close() };
}

/** `urls` in turn, as a load balancer without stickiness would send a host's requests. */
const inTurn = (urls: string[]) => {
  let next = 0;
  return (_url: string | URL | Request, init?: RequestInit) => fetch(urls[next++ % urls.length]!, init);
};

async function v2Host(url: string, fetchVia?: ReturnType<typeof inTurn>) {
  const client = new Client(
    { name: 'bench-2026', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  const ui = scriptedUI([], { form: { action: 'submit', content: ANSWER } });
  installElicitation(client, { ui, modes: ['form'], rateLimit: false });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), fetchVia ? ({ fetch: fetchVia } as never) : {}),
  );
  return {
    call: () => callToolWithElicitation(client, { name: 'ask', arguments: {} }),
    close: () => client.close(),
  };
}

async function bridgeOf(url: string, shared?: { redis: string }) {
  // Its tasks towards hosts polled as often as hosts allow, as upstream's are.
  const bridge = createBridge({
    upstream: { kind: 'http', url: new URL(url) },
    tasks: createTasks({ pollIntervalMs: 100, maxTasksPerPrincipal: 10_000 }),
  });
  return { bridge, served: await serveBridgeHttp(bridge, shared ? { shared } : {}) };
}
const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.floor(q * (values.length - 1))]!;

async function direction(
  name: string,
  direct: { call(): Promise<unknown> },
  bridged: { call(): Promise<unknown> },
  batches = 22,
) {
  const times = { direct: [] as number[], bridged: [] as number[] };
  const batch = 20;
  for (let b = 0; b < batches; b++) {
    for (const which of b % 2 === 0 ? (['direct', 'bridged'] as const) : (['bridged', 'direct'] as const)) {
      const host = which === 'direct' ? direct : bridged;
      for (let i = 0; i < batch; i++) {
        const start = process.hrtime.bigint();
        await host.call();
        if (b >= 2) times[which].push(Number(process.hrtime.bigint() - start) / 1e6);
      }
    }
  }
  const ms = (v: number) => v.toFixed(2);
  const [d50, d99, b50, b99] = [
    quantile(times.direct, 0.5),
    quantile(times.direct, 0.99),
    quantile(times.bridged, 0.5),
    quantile(times.bridged, 0.99),
  ];
  console.log(
    `bridge, ${name}: added per form round trip p50 ${ms(b50 - d50)} ms (${ms(b50)} vs ${ms(d50)} direct, ` +
      `${(b50 / d50).toFixed(2)}×), p99 ${ms(b99 - d99)} ms (${ms(b99)} vs ${ms(d99)}); ${times.direct.length} calls each`,
  );
}

const bridge1 = await bridgeOf(urls.v1);
const bridge2 = await bridgeOf(urls.v2);
const hosts = {
  direct1: await v1Host(urls.v1),
  bridged1: await v2Host(bridge1.served.url!.href),
  direct2: await v2Host(urls.v2),
  bridged2: await v1Host(bridge2.served.url!.href),
};
await direction('2025 push → 2026 host', hosts.direct1, hosts.bridged1);
await direction('2026 rounds → 2025 host', hosts.direct2, hosts.bridged2);
// Tasks both sides: the host follows upstream's task directly, or the bridge's task that follows upstream's. Polls
// (100 ms, the least a host waits) dominate both; fewer calls, each takes a few polls.
const bridge3 = await bridgeOf(urls.tasks);
const directTasks = await v2Host(urls.tasks);
const bridgedTasks = await v2Host(bridge3.served.url!.href);
await direction('upstream task → 2026 host following a task of its own', directTasks, bridgedTasks, 5);
await directTasks.close();
await bridgedTasks.close();
await bridge3.served.close();
const redis = await startTestRedis();
const sharedA = await bridgeOf(urls.v1, { redis: redis.url });
const sharedB = await bridgeOf(urls.v1, { redis: redis.url });
const shared = [sharedA.served.url!.href, sharedB.served.url!.href];
const forwarded = await v2Host(shared[0]!, inTurn(shared));
await direction(
  '2025 push → 2026 host, every retry forwarded between two instances',
  hosts.direct1,
  forwarded,
);
await forwarded.close();
await sharedA.served.close();
await sharedB.served.close();
await redis.dispose();

// Memory per held call: a 2025 host that never answers (in a process of its own, so this heap is the bridge's),
// N calls left waiting on the bridge: a few first, so that what is made once is out of the count.
const settle = async () => {
  for (let i = 0; i < 4; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    globalThis.gc?.();
  }
  return process.memoryUsage().heapUsed;
};
const silent = spawn(
  process.execPath,
  [...process.execArgv, fileURLToPath(new URL('./silent-host.ts', import.meta.url))],
  { stdio: ['pipe', 'ignore', 'inherit'] },
);
const holding = async (count: number) => {
  const target = bridge1.bridge.held + count;
  silent.stdin.write(`${bridge1.served.url!.href} ${count}\n`);
  while (bridge1.bridge.held < target) await new Promise((resolve) => setTimeout(resolve, 20));
};
await holding(5);
const held = 200;
const before = await settle();
await holding(held);
const after = await settle();
console.log(
  `bridge, memory per held upstream call: ${((after - before) / held / 1024).toFixed(1)} KiB ` +
    `(${held} calls held from a host in another process; the upstream client, its session and the waiting form)`,
);
silent.stdin.end();

for (const host of Object.values(hosts)) await host.close();
await bridge1.served.close();
await bridge2.served.close();
child.stdin.end();
process.exit(0);

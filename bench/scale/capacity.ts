/**
 * Capacity: memory per pending FORM elicitation held by one instance, 10,000 pending over Streamable HTTP,
 * elicitkit (`elicitForm` on `serveMcpHttp`) against the raw SDK doing the same, in one run. Each server is
 * its own process (heap measured after GC, over IPC); this process runs the SDK clients, which receive the
 * `elicitation/create` requests and never answer, so every tool call stays pending.
 * Targets: elicitkit ≤ 1.2× the raw SDK per pending elicitation, and ≤ 1 GB in total.
 * Run: node --conditions=@elicitkit/source --expose-gc --import tsx bench/scale/capacity.ts [pending] [sessions]
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

const PENDING = Number(process.argv[2] ?? 10_000);
const SESSIONS = Number(process.argv[3] ?? 100);
const SERVER = fileURLToPath(new URL('./capacity-server.ts', import.meta.url));

type Memory = NodeJS.MemoryUsage;

function request<T>(child: ChildProcess, key: string, send?: string): Promise<T> {
  return new Promise((resolve) => {
    const onMessage = (message: Record<string, unknown>) => {
      if (!(key in message)) return;
      child.off('message', onMessage);
      resolve(message[key] as T);
    };
    child.on('message', onMessage);
    if (send) child.send(send);
  });
}

async function measure(variant: 'elicitkit' | 'raw') {
  const child = fork(SERVER, [variant], {
    execArgv: ['--conditions=@elicitkit/source', '--expose-gc', '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const url = new URL(await request<string>(child, 'ready'));
  const clients: Client[] = [];
  let received = 0;
  let failed = 0;
  let reached: () => void = () => {};
  const allSettled = new Promise<void>((resolve) => {
    reached = resolve;
  });
  // Every call either got its elicitation/create or failed (a refused connection under load counts, visibly).
  const settled = () => {
    if (received + failed === PENDING) reached();
  };
  for (let i = 0; i < SESSIONS; i++) {
    const client = new Client(
      { name: `capacity-${i}`, version: '1.0.0' },
      { capabilities: { elicitation: { form: {} } } },
    );
    client.setRequestHandler('elicitation/create', () => {
      received++;
      settled();
      return new Promise(() => {}); // the person never answers: the elicitation stays pending
    });
    await client.connect(new StreamableHTTPClientTransport(url));
    clients.push(client);
  }
  const before = await request<Memory>(child, 'memory', 'measure');
  const started = performance.now();
  for (let i = 0; i < PENDING; i++) {
    const client = clients[i % SESSIONS] as Client;
    client.callTool({ name: 'ask', arguments: {} }, { timeout: 15 * 60 * 1000 }).catch(() => {
      failed++;
      settled();
    });
    // Opened in steps, so the loopback accept queue never overflows.
    if (i % 200 === 199) await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const deadline = setTimeout(reached, 5 * 60 * 1000);
  await allSettled;
  clearTimeout(deadline);
  const seconds = (performance.now() - started) / 1000;
  const after = await request<Memory>(child, 'memory', 'measure');
  const counts = { pending: received, failed };
  child.kill('SIGKILL');
  await Promise.allSettled(clients.map((client) => client.close()));
  return {
    variant,
    seconds,
    ...counts,
    heapPerPending: (after.heapUsed - before.heapUsed) / counts.pending,
    rssPerPending: (after.rss - before.rss) / counts.pending,
    rssTotal: after.rss,
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KiB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
const raw = await measure('raw');
const kit = await measure('elicitkit');
console.log(
  `capacity: ${PENDING} pending form elicitations over ${SESSIONS} Streamable HTTP sessions, one instance`,
);
for (const r of [raw, kit]) {
  console.log(
    `  ${r.variant.padEnd(9)} heap/pending ${kb(r.heapPerPending).padStart(10)}  rss/pending ${kb(r.rssPerPending).padStart(10)}  ` +
      `rss total ${mb(r.rssTotal).padStart(8)}  (${r.pending} pending after ${r.seconds.toFixed(1)} s, ${r.failed} failed)`,
  );
}
const heapRatio = kit.heapPerPending / raw.heapPerPending;
const rssRatio = kit.rssPerPending / raw.rssPerPending;
console.log(
  `  elicitkit ÷ raw SDK: heap ${heapRatio.toFixed(2)}×, rss ${rssRatio.toFixed(2)}× per pending elicitation`,
);
console.log(
  `  targets: ≤ 1.2× (${heapRatio <= 1.2 ? 'met' : 'NOT met'}), ≤ 1 GB total (${kit.rssTotal <= 1024 ** 3 ? 'met' : 'NOT met'})`,
);
process.exit(0);

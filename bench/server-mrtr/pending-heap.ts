/**
 * What a pending elicitation costs the server's heap on each protocol era, same process, same form, same tool.
 *   2026-07-28: 100,000 first rounds left unanswered (the host gets the InputRequiredResult and never retries).
 *     Target: flat, nothing kept per pending flow (M-18: the flow lives in the sealed requestState).
 *   2025-11-25: 2,000 in-band elicitations left pending (the host's form handler never answers), the anchor: each
 *     holds the tool call, its elicitation/create request and its timers on the session until answered.
 * Heap after a full GC (--expose-gc), before and after; client and server share the process, so the figures
 * are upper bounds for the server alone.
 * Run: node --conditions=@elicitkit/source --expose-gc --import tsx bench/server-mrtr/pending-heap.ts
 */
import { elicitForm, enableElicitation } from '@elicitkit/server';
import { Client } from '@modelcontextprotocol/client';
import { type ElicitRequestFormParams, InMemoryTransport, McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

if (!globalThis.gc) throw new Error('run with --expose-gc');
const gc = () => {
  for (let i = 0; i < 4; i++) globalThis.gc!();
};
const heap = () => {
  gc();
  return process.memoryUsage().heapUsed;
};
const kib = (bytes: number) => (bytes / 1024).toFixed(2);

const schema: ElicitRequestFormParams['requestedSchema'] = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Name', minLength: 1, maxLength: 100 },
    email: { type: 'string', title: 'Email', format: 'email' },
    age: { type: 'integer', title: 'Age', minimum: 0, maximum: 150 },
  },
  required: ['name', 'email'],
};
const makeServer = () => {
  const server = enableElicitation(new McpServer({ name: 'bench-heap', version: '1.0.0' }), {
    requestState: { key: new Uint8Array(32).fill(7) },
  });
  server.registerTool('signup', { description: 'asks one form' }, async (ctx) => {
    const outcome = await elicitForm(ctx, { message: 'Your details', schema });
    return { content: [{ type: 'text', text: outcome.action }] };
  });
  return server;
};

// 2026-07-28: the client takes the InputRequiredResult as it is (allowInputRequired) and drops it.
async function pending2026(count: number): Promise<number> {
  const client = new Client(
    { name: 'bench-client', version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const served = serveStdio(makeServer, { transport: serverTransport });
  await client.connect(clientTransport);
  const call = async () => {
    const result = (await client.callTool({ name: 'signup', arguments: {} }, {
      allowInputRequired: true,
    } as never)) as { resultType?: string };
    if (result.resultType !== 'input_required')
      throw new Error(`not a first round: ${JSON.stringify(result)}`);
  };
  const CONCURRENCY = 50;
  const run = async (n: number) => {
    for (let i = 0; i < n; i += CONCURRENCY) await Promise.all(Array.from({ length: CONCURRENCY }, call));
  };
  await run(2_000); // warm-up: JIT, caches, the keyring
  const before = heap();
  await run(count);
  const after = heap();
  await client.close();
  await served.close();
  return after - before;
}

// 2025-11-25: one session; every call's elicitation reaches the client, whose handler never answers.
async function pending2025(count: number): Promise<number> {
  const server = makeServer();
  const client = new Client(
    { name: 'bench-client', version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } } },
  );
  let asked = 0;
  let reached: () => void = () => {};
  client.setRequestHandler('elicitation/create', () => {
    asked++;
    if (asked === target) reached();
    return new Promise(() => {}); // the person never answers
  });
  let target = 0;
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  await client.connect(clientTransport);
  const calls: Promise<unknown>[] = [];
  const start = (n: number) => {
    target += n;
    const all = new Promise<void>((resolve) => {
      reached = resolve;
    });
    for (let i = 0; i < n; i++) {
      calls.push(
        client.callTool({ name: 'signup', arguments: {} }, { timeout: 3_600_000 }).catch(() => undefined),
      );
    }
    return all;
  };
  await start(200); // warm-up
  const before = heap();
  await start(count);
  const after = heap();
  await client.close();
  await server.close();
  await Promise.all(calls);
  return after - before;
}

const COUNT_2026 = Number(process.env.COUNT ?? 100_000);
const COUNT_2025 = 2_000;
const grew2025 = await pending2025(COUNT_2025);
const grew2026 = await pending2026(COUNT_2026);
const per2025 = grew2025 / COUNT_2025;
const per2026 = grew2026 / COUNT_2026;
console.log(
  `2026-07-28: ${COUNT_2026.toLocaleString('en')} first rounds left unanswered: heap ${grew2026 >= 0 ? '+' : ''}${kib(grew2026)} KiB ` +
    `in all, ${per2026.toFixed(1)} bytes per pending flow (target: flat)`,
);
console.log(
  `2025-11-25: ${COUNT_2025.toLocaleString('en')} in-band elicitations pending: heap +${kib(grew2025)} KiB, ` +
    `${kib(per2025)} KiB per pending elicitation (the anchor)`,
);
console.log(`per pending: 2026 ÷ 2025 = ${(per2026 / per2025).toFixed(4)}×`);

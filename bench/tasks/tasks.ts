/**
 * Long-running tools as tasks (Tasks extension), measured on the server through its real HTTP handler
 * (`createMcpHttpHandler`, 2026-07-28 requests as `Request` objects, in process: no sockets, so the figures are the
 * server's own cost).
 *   (1) Memory per waiting task: 10,000 tasks of a tool that asks one question, each left in `input_required`;
 *       heap growth (after GC) per task with the memory store, against the heap the same handler keeps per
 *       request that makes no task (9,000 `tools/list`: the HTTP handler and the SDK keep ~1–2 KiB per request), and with the Redis store the Redis server's
 *       `used_memory` growth per task (plus this process's heap, which then holds nothing per task). Each also
 *       as a ratio to the task record's own JSON size (the payload the store must keep anyway).
 *   (2) The cost of one `tasks/get` poll ÷ one `tools/list` request, same handler, batches alternated and the
 *       median of the per-round ratios taken, so machine load weighs on both alike.
 * Run: node --conditions=@elicitkit/source --expose-gc --import tsx bench/tasks/tasks.ts
 */
import { elicitForm, enableElicitation, integer, longRunning } from '@elicitkit/server';
import { createMcpHttpHandler } from '@elicitkit/server/http';
import { RedisTaskStore } from '@elicitkit/server/redis';
import { createTasks, type Tasks } from '@elicitkit/server/tasks';
import { McpServer } from '@modelcontextprotocol/server';
import { Redis } from 'ioredis';
import { startTestRedis } from '../../packages/server/test/redis/redis-server.js';

const TASKS = 10_000;
/** Tasks made before measuring: they warm the code paths and the bounded caches (the slope is per task). */
const WARM = 1000;
const ROUNDS = 15;
const BATCH = 200;

function server(tasks: Tasks): McpServer {
  const s = enableElicitation(new McpServer({ name: 'bench-tasks', version: '1.0.0' }), { tasks });
  s.registerTool(
    'approve',
    { description: 'Asks one question and waits.' },
    longRunning(async (ctx) => {
      const n = await elicitForm(ctx, {
        message: 'How many copies?',
        schema: { n: integer({ minimum: 1 }) },
      });
      return { content: [{ type: 'text', text: n.action }] };
    }),
  );
  return s;
}

let id = 1;
function rpc(
  handler: { fetch(r: Request): Promise<Response> },
  method: string,
  params: Record<string, unknown>,
) {
  const name = method === 'tools/call' ? params.name : params.taskId;
  return handler
    .fetch(
      new Request('http://127.0.0.1/mcp', {
        method: 'POST',
        headers: {
          host: '127.0.0.1',
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': method,
          ...(typeof name === 'string' && { 'mcp-name': name }),
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: id++,
          method,
          params: {
            ...params,
            _meta: {
              'io.modelcontextprotocol/protocolVersion': '2026-07-28',
              'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' },
              'io.modelcontextprotocol/clientCapabilities': {
                elicitation: { form: {} },
                extensions: { 'io.modelcontextprotocol/tasks': {} },
              },
            },
          },
        }),
      }),
    )
    .then(async (response) => {
      const text = await response.text();
      const json = text.trimStart().startsWith('{')
        ? JSON.parse(text)
        : JSON.parse(
            text
              .split('\n')
              .filter((l) => l.startsWith('data:'))
              .pop()
              ?.slice(5) ?? 'null',
          );
      if (json.error) throw new Error(`${method}: ${json.error.message}`);
      return json.result;
    });
}

function heap(): number {
  for (let i = 0; i < 3; i++) globalThis.gc?.();
  return process.memoryUsage().heapUsed;
}

async function fill(
  tasks: Tasks,
  handler: { fetch(r: Request): Promise<Response> },
  count: number,
): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 100) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(100, count - i) }, () =>
        rpc(handler, 'tools/call', { name: 'approve', arguments: {} }),
      ),
    );
    ids.push(...batch.map((r) => r.taskId as string));
    await tasks.idle();
  }
  return ids;
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(2)} KiB`;

async function memoryRun(): Promise<{ handler: { fetch(r: Request): Promise<Response> }; ids: string[] }> {
  const tasks = createTasks({ maxTasksPerPrincipal: TASKS + 10 });
  const handler = createMcpHttpHandler(() => server(tasks));
  // The first tasks warm every code path and fill the bounded caches; the slope over the rest is per task.
  const ids = await fill(tasks, handler, WARM);
  const before = heap();
  ids.push(...(await fill(tasks, handler, TASKS - WARM)));
  const perTask = (heap() - before) / (TASKS - WARM);
  const record = JSON.stringify((await tasks.store.get(ids[0] as string))?.record).length;
  console.log(
    `(1) memory store: ${kib(perTask)} heap per waiting task (slope over tasks ${WARM}..${TASKS}) (record JSON ${record} B)`,
  );
  console.log(`    heap per task ÷ record JSON size: ${(perTask / record).toFixed(2)}×`);
  // Control: what the same handler keeps per request that makes no task (tools/list), same count, same slope.
  const control = heap();
  for (let i = 0; i < TASKS - WARM; i += 100) {
    await Promise.all(Array.from({ length: 100 }, () => rpc(handler, 'tools/list', {})));
  }
  const perRequest = (heap() - control) / (TASKS - WARM);
  console.log(
    `    control: ${kib(perRequest)} heap kept per tools/list request by the same handler; ` +
      `waiting task ÷ that: ${(perTask / perRequest).toFixed(2)}×, net of it ${kib(perTask - perRequest)} per task`,
  );
  return { handler, ids };
}

async function redisRun(): Promise<void> {
  const redis = await startTestRedis();
  const probe = new Redis(redis.url);
  try {
    const tasks = createTasks({
      store: new RedisTaskStore({ redis: redis.url, keyPrefix: 'bench:' }),
      maxTasksPerPrincipal: TASKS + 10,
    });
    const handler = createMcpHttpHandler(() => server(tasks));
    const used = async () => Number(/used_memory:(\d+)/.exec(await probe.info('memory'))?.[1]);
    const ids = await fill(tasks, handler, WARM);
    const [redisBefore, heapBefore] = [await used(), heap()];
    ids.push(...(await fill(tasks, handler, TASKS - WARM)));
    const perTask = ((await used()) - redisBefore) / (TASKS - WARM);
    const heapPerTask = (heap() - heapBefore) / (TASKS - WARM);
    const record = JSON.stringify((await tasks.store.get(ids[0] as string))?.record).length;
    console.log(
      `(1) redis store: ${kib(perTask)} of Redis used_memory per waiting task (slope over tasks ${WARM}..${TASKS}); ` +
        `this process: ${kib(heapPerTask)} heap per task`,
    );
    console.log(`    Redis bytes per task ÷ record JSON size: ${(perTask / record).toFixed(2)}×`);
    await tasks.close();
    await handler.close();
  } finally {
    probe.disconnect();
    await redis.dispose();
  }
}

async function pollCost(handler: { fetch(r: Request): Promise<Response> }, ids: string[]): Promise<void> {
  const get = (i: number) => rpc(handler, 'tasks/get', { taskId: ids[i % ids.length] as string });
  const list = () => rpc(handler, 'tools/list', {});
  const time = async (one: (i: number) => Promise<unknown>) => {
    const start = process.hrtime.bigint();
    for (let i = 0; i < BATCH; i++) await one(i);
    return Number(process.hrtime.bigint() - start);
  };
  await time(get);
  await time(list);
  const ratios: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const [a, b] = round % 2 === 0 ? [await time(get), await time(list)] : [0, 0];
    if (round % 2 === 0) ratios.push(a / b);
    else {
      const listed = await time(list);
      ratios.push((await time(get)) / listed);
    }
  }
  ratios.sort((x, y) => x - y);
  const median = ratios[Math.floor(ratios.length / 2)] as number;
  console.log(
    `(2) one tasks/get poll ÷ one tools/list request: ${median.toFixed(2)}× (median of ${ROUNDS} rounds)`,
  );
}

const { handler, ids } = await memoryRun();
await pollCost(handler, ids);
await redisRun();
process.exit(0);

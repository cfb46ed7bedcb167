// @needs redis-server
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_TS } from '../../../../test/support/node-ts.js';
import { effects, taskTestServer } from '../../../../test/support/task-tools.js';
import { type ServedMcpHttp, serveMcpHttp } from '../../src/http/index.js';
import { RedisTaskStore } from '../../src/redis/index.js';
import { createTasks, type Tasks } from '../../src/tasks/index.js';
import { startTestRedis, type TestRedis } from '../redis/redis-server.js';
import { taskWireClient } from './wire-client.js';

const MAIN = fileURLToPath(new URL('./instance-main.ts', import.meta.url));
const LEASE_MS = 400;

let redis: TestRedis;
let b: { tasks: Tasks; served: ServedMcpHttp };
const children: ChildProcess[] = [];

/** Instance A: its own process on the same Redis, so it can be killed as a crash would. */
async function spawnInstance(
  name: string,
  prefix: string,
  hang: boolean,
): Promise<{ url: URL; kill(): Promise<void> }> {
  const child = spawn(
    process.execPath,
    [...NODE_TS.slice(1), MAIN, redis.url, prefix, name, hang ? '1' : '0', String(LEASE_MS)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const errors: string[] = [];
  child.stderr?.on('data', (d: Buffer) => errors.push(d.toString()));
  const url = await new Promise<URL>((resolve, reject) => {
    child.once('exit', (code) =>
      reject(new Error(`${name} exited with ${code}: ${errors.join('').slice(-2000)}`)),
    );
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      if (line.startsWith('{"ready"'))
        resolve(new URL((JSON.parse(line) as { ready: { url: string } }).ready.url));
    });
  });
  return {
    url,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

async function instanceB(prefix: string) {
  const tasks = createTasks({
    store: new RedisTaskStore({ redis: redis.url, keyPrefix: prefix }),
    leaseMs: LEASE_MS,
    instanceId: 'b',
  });
  const served = await serveMcpHttp(() => taskTestServer(tasks, 'b'));
  return { tasks, served };
}

beforeAll(async () => {
  redis = await startTestRedis();
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await b?.served.close();
  await b?.tasks.close();
  await redis?.dispose();
});

const firstKey = (task: { inputRequests: Record<string, unknown> }) =>
  Object.keys(task.inputRequests)[0] as string;
const asking = (task: { status: string }) => task.status === 'input_required';

describe('tasks on several instances sharing one redis-server', () => {
  it('[T-07] [T-13] asked on instance A, answered on instance B: B resumes the handler and finishes', async () => {
    const a = await spawnInstance('a', 'spread:', false);
    b = await instanceB('spread:');
    const onA = taskWireClient(a.url);
    const onB = taskWireClient(b.served.url);
    const { taskId } = await onA.call('approve', { what: 'the merger' });
    const asked = await onB.waitFor(taskId, asking); // read on B: the record is in Redis
    await onB.update(taskId, { [firstKey(asked)]: { action: 'accept' } });
    const done = await onA.waitFor(taskId, (t) => t.status === 'completed');
    expect(done.result.content[0].text).toBe('Approved the merger: part 1 by b, finished by b.');
    await a.kill();
    await b.served.close();
    await b.tasks.close();
  });

  it('[T-07] the instance running a task is killed mid-task: another takes it over (lease) and finishes it by replay', async () => {
    const a = await spawnInstance('a', 'crash:', true);
    b = await instanceB('crash:');
    const onA = taskWireClient(a.url);
    const onB = taskWireClient(b.served.url);
    const { taskId } = await onA.call('approve', { what: 'the payout' });
    const asked = await onA.waitFor(taskId, asking);
    await onA.update(taskId, { [firstKey(asked)]: { action: 'accept' } }); // A runs on, and hangs after part 1
    const midway = await onB.waitFor(taskId, (t) => t.statusMessage === 'Part 1 done by a (1/2)');
    expect(midway).toMatchObject({ status: 'working' });
    const effectsOnB = effects.get('part-1') ?? 0;
    await a.kill();
    // B serves the next polls; once A's lease lapses, B claims the task and replays the handler.
    const done = await onB.waitFor(taskId, (t) => t.status === 'completed');
    expect(done.result.content[0].text).toBe('Approved the payout: part 1 by a, finished by b.');
    expect(effects.get('part-1') ?? 0).toBe(effectsOnB); // the step A recorded was not run again
  });
});

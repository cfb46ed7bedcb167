// @needs redis-server
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { NODE_TS } from '../../../test/support/node-ts.js';
import { startTaskServer } from '../../client/test/helpers/task-server.js';
import { startTestRedis, type TestRedis } from '../../server/test/redis/redis-server.js';
import { taskWireClient } from '../../server/test/tasks/wire-client.js';

/**
 * Issue 40: a host's task on an HTTP upstream survives the instance that made it. Two bridge processes share a real
 * redis-server (routes, the host's task records, and each held call's checkpoint: upstream's task id, never an
 * answer). The instance holding the call is killed while the task waits for the person; the person's answer goes to
 * the other instance, which takes the task over, follows upstream's task from its checkpoint, and finishes it.
 */

let redis: TestRedis;
let upstream: Awaited<ReturnType<typeof startTaskServer>>;
const children: ChildProcess[] = [];
beforeAll(async () => {
  redis = await startTestRedis();
  upstream = await startTaskServer({ pollIntervalMs: 50 });
});
afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await upstream?.close();
  await redis?.dispose();
});

async function instance(mode = ''): Promise<{ child: ChildProcess; url: URL }> {
  const script = join(import.meta.dirname, 'helpers/bridge-instance.ts');
  const child = spawn(NODE_TS[0]!, [...NODE_TS.slice(1), script, upstream.url.href, redis.url, mode], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.push(child);
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bridge instance exited ${code}`)));
  });
  return { child, url: new URL((JSON.parse(line) as { url: string }).url) };
}

/** Starts a task on one instance and kills it while the task waits for the person; the host turns to the other. */
async function killedMidTask(mode = '') {
  const a = await instance(mode);
  const b = await instance(mode);
  let target = a.url;
  const host = taskWireClient(() => target);
  const handle = await host.call('approve', { what: 'the budget' });
  expect(handle).toMatchObject({ resultType: 'task' });
  const waiting = await host.waitFor(handle.taskId, (task) => task.status === 'input_required');
  const [key] = Object.keys(waiting.inputRequests);
  a.child.kill('SIGKILL'); // a crash: no goodbye, its held call and upstream connection gone with it
  await new Promise((resolve) => a.child.once('exit', resolve));
  target = b.url;
  return {
    answer: () => host.update(handle.taskId, { [key as string]: { action: 'accept' } }),
    host,
    handle,
  };
}

it('the instance holding a task is killed; the answer sent to the other finishes it, upstream followed from its checkpoint', async () => {
  const { answer, host, handle } = await killedMidTask();
  await answer();
  const done = await host.waitFor(
    handle.taskId,
    (task) => task.status === 'completed' || task.status === 'failed',
  );
  expect(done.status).toBe('completed');
  expect(done.result.content[0].text).toMatch(/^Approved the budget: part 1 by task-server/);
}, 60_000);

it('the control: without checkpoints the host hears that the instance holding its call stopped', async () => {
  const { answer } = await killedMidTask('no-checkpoints');
  await expect(answer()).rejects.toThrow(
    /holding this call cannot be reached \(it stopped\); make the call again/,
  );
}, 60_000);

// One bridge instance in a process of its own, to be killed as a crash would (issue 40: a host's task outlives the
// instance that made it). Args: <upstream url> <redis url>. Its tasks and checkpoints live in Redis, its task lease is
// short (1 s) so that a test need not wait 30 s for the takeover; `no-checkpoints` as a third arg keeps none (the
// control). Prints `{"url": …}` once it serves.
import { createBridge, redisCheckpoints, serveBridgeHttp } from '@elicitkit/bridge';
import { RedisTaskStore } from '@elicitkit/server/redis';
import { createTasks } from '@elicitkit/server/tasks';

const [upstream = '', redis = '', mode = ''] = process.argv.slice(2);
const tasks = createTasks({
  store: new RedisTaskStore({ redis, keyPrefix: 'bridge-tasks:' }),
  leaseMs: 1000,
  pollIntervalMs: 50,
});
const checkpoints = mode === 'no-checkpoints' ? undefined : await redisCheckpoints(redis, 'bridge-calls:');
const bridge = createBridge({
  upstream: { kind: 'http', url: new URL(upstream) },
  tasks,
  ...(checkpoints && { checkpoints }),
  log: () => {},
});
const served = await serveBridgeHttp(bridge, { shared: { redis } });
process.stdout.write(`${JSON.stringify({ url: served.url?.href })}\n`);
process.stdin.resume();
process.stdin.on('end', async () => {
  await served.close();
  await tasks.close();
  await checkpoints?.close();
  process.exit(0);
});

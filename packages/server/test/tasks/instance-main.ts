/**
 * One server instance in its own process, for the multi-instance task tests: tasks on a shared Redis, the task
 * test tools, `--hang` to stop mid-task (to be killed there). Prints `{"ready":{"url":…}}` once it serves.
 */
// Package names, as an installed app imports them: this process loads the packages' build, like the task tools.
import { serveMcpHttp } from '@elicitkit/server/http';
import { RedisTaskStore } from '@elicitkit/server/redis';
import { createTasks } from '@elicitkit/server/tasks';
import { taskTestServer } from '../../../../test/support/task-tools.js';

const [redis = '', keyPrefix = 'tasks:', instance = 'a', hang = '0', leaseMs = '30000'] =
  process.argv.slice(2);
const tasks = createTasks({
  store: new RedisTaskStore({ redis, keyPrefix }),
  leaseMs: Number(leaseMs),
  instanceId: instance,
});
const served = await serveMcpHttp(() => taskTestServer(tasks, instance, { hang: hang === '1' }));
console.log(JSON.stringify({ ready: { url: served.url.href } }));

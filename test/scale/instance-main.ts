/**
 * One scale-test instance as its own process:
 *   node --conditions=@elicitkit/source --import tsx test/scale/instance-main.ts \
 *     --name A --redis redis://127.0.0.1:6379 --prefix scale: [--load-users 250] [--store memory] [--time-completions]
 * Prints `{"ready":…}` once serving and stops on SIGTERM (the fault tests SIGKILL it). `--store memory` runs
 * it on MemoryElicitationStore instead of Redis: the single-instance anchor of the benchmarks.
 */
import { parseArgs } from 'node:util';
import { MemoryElicitationStore } from '@elicitkit/server/store';
import { startInstance } from './instance.js';

const { values } = parseArgs({
  options: {
    name: { type: 'string', default: 'instance' },
    redis: { type: 'string', default: '' },
    prefix: { type: 'string', default: 'scale:' },
    'load-users': { type: 'string', default: '0' },
    store: { type: 'string', default: 'redis' },
    'time-completions': { type: 'boolean', default: false },
  },
});
if (values.store === 'redis' && !values.redis) {
  console.error('instance-main: --redis <url> is required unless --store memory');
  process.exit(2);
}
const instance = await startInstance({
  name: values.name,
  redisUrl: values.redis,
  keyPrefix: values.prefix,
  loadUsers: Number(values['load-users']),
  timeCompletions: values['time-completions'],
  ...(values.store === 'memory' ? { store: new MemoryElicitationStore() } : {}),
});
process.stdout.write(`${JSON.stringify({ ready: { name: values.name, base: instance.base.href } })}\n`);
process.once('SIGTERM', () => {
  void instance.close().finally(() => process.exit(0));
});
// The parent closes this pipe when it ends, whatever way it ends: do not outlive it.
process.stdin.resume();
process.stdin.once('end', () => process.exit(0));

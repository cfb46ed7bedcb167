/**
 * One scale-test instance as its own process: `node --conditions=@elicitkit/source --import tsx
 * test/scale/instance-main.ts <name> <redisUrl> <keyPrefix> [loadUsers]`. Prints `{"ready":…}` once serving,
 * stops on SIGTERM; the fault tests SIGKILL it.
 */
import { startInstance } from './instance.js';

const [name = 'instance', redisUrl, keyPrefix = 'scale:', loadUsers = '0'] = process.argv.slice(2);
if (!redisUrl) {
  console.error('usage: instance-main.ts <name> <redisUrl> <keyPrefix> [loadUsers]');
  process.exit(2);
}
const instance = await startInstance({ name, redisUrl, keyPrefix, loadUsers: Number(loadUsers) });
process.stdout.write(`${JSON.stringify({ ready: { name, base: instance.base.href } })}\n`);
process.once('SIGTERM', () => {
  void instance.close().finally(() => process.exit(0));
});
// The test process closes this pipe when it ends, whatever way it ends: do not outlive it.
process.stdin.resume();
process.stdin.once('end', () => process.exit(0));

// @needs redis-server
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { NODE_TS } from '../../../test/support/node-ts.js';
import { startTestRedis, type TestRedis } from '../../server/test/redis/redis-server.js';
import { BOOKING, bookThrough } from './helpers/booking-host.js';
import { ELICIT } from './helpers/elicit-bin.js';

/**
 * Issue 28's contract: `elicit bridge --redis <url>` for several instances. Two bridge processes on one real
 * redis-server front a v1 stdio server that pushes a form (2025-11-25); a 2026-07-28 host's legs go to them in turn (a
 * load balancer without stickiness), so its retry lands on the instance that does not hold the call, and still
 * finishes it.
 */

const V1_STDIO_SERVER = [
  ...NODE_TS,
  join(import.meta.dirname, '../../client/test/helpers/stdio-server-v1.ts'),
];
let redis: TestRedis;
const children: ChildProcess[] = [];
beforeAll(async () => {
  redis = await startTestRedis();
});
afterAll(async () => {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          process.kill(-child.pid!, 'SIGTERM');
        }),
    ),
  );
  await redis?.dispose();
});

/** `elicit bridge --port 0 --redis …`; resolves with the endpoint from its first line. */
async function instance(): Promise<URL> {
  const child = spawn(
    ELICIT[0]!,
    [...ELICIT.slice(1), 'bridge', '--port', '0', '--redis', redis.url, '--', ...V1_STDIO_SERVER],
    { stdio: ['ignore', 'pipe', 'inherit'], detached: true },
  );
  children.push(child);
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`elicit bridge exited ${code}`)));
  });
  return new URL(/^MCP endpoint: (\S+)$/.exec(line)![1]!);
}

it('two instances on one Redis: a 2026-07-28 retry that lands on the other instance reaches the held call', async () => {
  const urls = [await instance(), await instance()];
  expect(await bookThrough(urls)).toEqual({ action: 'accept', content: BOOKING });
}, 60_000);

// @needs redis-server
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRedis, type TestRedis } from '../../packages/server/test/redis/redis-server.js';
import { type Instance, startInstance } from './instance.js';
import { runLoad } from './load.js';

/**
 * The suite's size of the load run; `bench/scale/load.ts` runs the full 1,000 sessions on two instance
 * processes. Override with ELICITKIT_LOAD_SESSIONS.
 */
const SESSIONS = Number(process.env.ELICITKIT_LOAD_SESSIONS ?? 200);
const USERS = Math.ceil(SESSIONS / 4);

let redis: TestRedis;
let instances: Instance[] = [];

beforeAll(async () => {
  redis = await startTestRedis();
  instances = await Promise.all(
    ['A', 'B'].map((name) =>
      startInstance({ name, redisUrl: redis.url, keyPrefix: 'load:', loadUsers: USERS }),
    ),
  );
});
afterAll(async () => {
  await Promise.allSettled(instances.map((instance) => instance.close()));
  await redis?.dispose();
});

describe('load', () => {
  it(`[E-18] ${SESSIONS} concurrent sessions on two instances, each flow completed on the other: none lost, none misdelivered`, async () => {
    const report = await runLoad({ sessions: SESSIONS, users: USERS, instances, deadlineMs: 100_000 });
    console.log(`scale load: ${JSON.stringify(report)}`);
    expect(report).toMatchObject({ completed: SESSIONS, lost: 0, misdelivered: 0, duplicated: 0 });
  }, 120_000);
});

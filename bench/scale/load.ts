/**
 * The full-size load run: 1,000 concurrent MCP sessions over two instance processes sharing one redis-server;
 * every session runs a URL flow that a browser completes over HTTP on the other instance. Counts lost and
 * misdelivered notices (both must be 0) and reports throughput and POST → notice latency under that load,
 * with a single instance on MemoryElicitationStore running the same flows as the anchor.
 * Bounded: loopback only, a fixed number of flows, a deadline; stops by itself.
 * Run: node --conditions=@elicitkit/source --expose-gc --import tsx bench/scale/load.ts [sessions]
 * (The test suite runs the same scenario at 200 sessions in test/scale/load.test.ts.)
 */
import { startTestRedis } from '../../packages/server/test/redis/redis-server.js';
import { type InstanceProcess, spawnInstance } from '../../test/scale/clients.js';
import { type LoadReport, runLoad } from '../../test/scale/load.js';

const SESSIONS = Number(process.argv[2] ?? 1000);
const USERS = Math.ceil(SESSIONS / 4);

const redis = await startTestRedis();
const started: InstanceProcess[] = [];
let redisRun: LoadReport;
let memoryRun: LoadReport;
try {
  const pair = await Promise.all(
    ['A', 'B'].map((name) =>
      spawnInstance({ name, redisUrl: redis.url, keyPrefix: 'load:', loadUsers: USERS }),
    ),
  );
  started.push(...pair);
  redisRun = await runLoad({ sessions: SESSIONS, users: USERS, instances: pair, deadlineMs: 240_000 });
  await Promise.all(pair.map((p) => p.stop()));
  // The anchor: the same flows on one instance with in-process state, completed on that same instance.
  const solo = await spawnInstance({ name: 'M', store: 'memory', loadUsers: USERS });
  started.push(solo);
  memoryRun = await runLoad({ sessions: SESSIONS, users: USERS, instances: [solo], deadlineMs: 240_000 });
} finally {
  await Promise.all(started.map((p) => p.kill()));
  await redis.dispose();
}

const line = (label: string, r: LoadReport) =>
  `  ${label.padEnd(26)} completed ${r.completed}/${r.sessions}  lost ${r.lost}  misdelivered ${r.misdelivered}  ` +
  `duplicated ${r.duplicated}  ${r.flowsPerSecond} flows/s  notice p50 ${r.noticeLatency.p50} ms p99 ${r.noticeLatency.p99} ms`;
console.log(`load: ${SESSIONS} concurrent sessions, ${USERS} users, each with one URL flow`);
console.log(line('2 instances on Redis', redisRun));
console.log(line('1 instance, memory (anchor)', memoryRun));
console.log(
  `  Redis pair ÷ memory anchor: throughput ${(redisRun.flowsPerSecond / memoryRun.flowsPerSecond).toFixed(2)}×, ` +
    `notice p50 ${(redisRun.noticeLatency.p50 / memoryRun.noticeLatency.p50).toFixed(2)}×`,
);
console.log(`  connect time: ${redisRun.connectMs} ms (pair), ${memoryRun.connectMs} ms (anchor)`);
process.exitCode = redisRun.lost === 0 && redisRun.misdelivered === 0 && redisRun.duplicated === 0 ? 0 : 1;

/**
 * Hostile traffic against the demo server as shipped (issue 14), one fresh demo process per measurement so each
 * peak is its own. The anchor is the idle server's own RSS, measured in the same process just before the flood;
 * every figure is the growth of the peak RSS (`VmHWM`, reset before the flood) over that anchor.
 *   - an unauthenticated, chunked (no Content-Length) 200 MiB POST to /login, an elicitation page, /mcp and the
 *     OAuth callback, plus two authenticated /mcp variants (target: < 64 MiB peak growth each)
 *   - 5,000 `initialize` by one user, never closed (target: < 30 MiB, issue 20; says how many were accepted)
 *   - 60 wrong passwords for alice (target: the 21st and later answered 429)
 * Traffic goes to 127.0.0.1 only; every loop is bounded.
 * Run: npm run build && node --import tsx bench/http/floods.ts [path/to/demo/main.js] [--only bodies|initializes|logins]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

const MiB = 1024 * 1024;
const FLOOD_CHUNKS = 200; // × 1 MiB
const INITIALIZES = 5_000;
const WRONG_PASSWORDS = 60;
const STALL_MS = 5_000;
const args = process.argv.slice(2);
const onlyAt = args.indexOf('--only');
const only = onlyAt === -1 ? undefined : args.splice(onlyAt, 2)[1];
const runs = (part: string) => only === undefined || only === part;
const demoMain = resolve(args[0] ?? 'examples/demo/dist/main.js');

interface Demo {
  process: ChildProcess;
  base: URL;
  stop(): Promise<void>;
}

async function startDemo(): Promise<Demo> {
  const data = mkdtempSync(join(tmpdir(), 'elicitkit-floods-'));
  const child = spawn(process.execPath, [demoMain, '--port', '0', '--data', data], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const lines = createInterface({ input: child.stdout! });
  const first = await new Promise<string>((done, fail) => {
    lines.once('line', done);
    child.once('exit', (code) => fail(new Error(`demo exited (${code})`)));
  });
  const mcp = /MCP endpoint: (\S+)/.exec(first)?.[1];
  if (!mcp) throw new Error(`unexpected first line: ${first}`);
  return {
    process: child,
    base: new URL('/', mcp),
    async stop() {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
      rmSync(data, { recursive: true, force: true });
    },
  };
}

function memoryKiB(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

/** Resets VmHWM to the current RSS (Linux: `echo 5 > /proc/<pid>/clear_refs`). */
function resetPeak(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

interface FloodResult {
  /** The HTTP status, or how the exchange ended without one. */
  status: number | string;
  /** `complete`, `stalled`, or the socket error that ended the upload (the server closed the connection). */
  ending: string;
  sentMiB: number;
}

/**
 * Streams 200 MiB, chunked, over a raw socket (so the answer is read even when the server stops reading), until
 * all is sent and answered, the server closes the connection, or nothing moves for STALL_MS.
 */
function chunkedFlood(url: URL, headers: Record<string, string>): Promise<FloodResult> {
  const chunk = Buffer.alloc(MiB, 'a');
  const framed = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]);
  const head = [
    `POST ${url.pathname} HTTP/1.1`,
    `Host: ${url.host}`,
    'Transfer-Encoding: chunked',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    '',
    '',
  ].join('\r\n');
  return new Promise((done) => {
    const socket = connect(Number(url.port), url.hostname);
    let sent = 0;
    let answer = '';
    let finished = false;
    let stall: NodeJS.Timeout | undefined;
    const status = () => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]) || 'none';
    const finish = (ending: string) => {
      if (finished) return;
      finished = true;
      clearTimeout(stall);
      socket.destroy();
      done({ status: status(), ending, sentMiB: sent / MiB });
    };
    const watch = () => {
      clearTimeout(stall);
      stall = setTimeout(() => finish('stalled'), STALL_MS);
    };
    socket.on('data', (data) => {
      watch();
      if (answer.length < 4096) answer += data.toString('latin1');
    });
    socket.on('error', (error: NodeJS.ErrnoException) => finish(`closed by the server (${error.code})`));
    socket.on('close', () => finish(sent >= FLOOD_CHUNKS * MiB ? 'complete' : 'closed by the server'));
    const pump = () => {
      watch();
      while (sent < FLOOD_CHUNKS * MiB && !finished) {
        sent += chunk.length;
        if (!socket.write(framed)) return void socket.once('drain', pump);
      }
      if (!finished) socket.end('0\r\n\r\n');
    };
    socket.once('connect', () => {
      socket.write(head);
      pump();
    });
  });
}

async function settle(): Promise<void> {
  await new Promise((done) => setTimeout(done, 500));
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'flood', version: '1' } },
});
const MCP_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  authorization: 'Bearer demo-alice',
};

async function initialize(
  base: URL,
  token = 'demo-alice',
): Promise<{ status: number; session: string | null }> {
  const response = await fetch(new URL('/mcp', base), {
    method: 'POST',
    headers: { ...MCP_HEADERS, authorization: `Bearer ${token}` },
    body: INITIALIZE,
  });
  await response.arrayBuffer();
  return { status: response.status, session: response.headers.get('mcp-session-id') };
}

type Flood = { name: string; path: string; headers: (demo: Demo) => Promise<Record<string, string>> };

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const FLOODS: Flood[] = [
  {
    name: 'POST /login (unauthenticated, same-origin form)',
    path: '/login',
    headers: async (demo) => ({ ...FORM, origin: demo.base.origin }),
  },
  {
    name: 'POST /elicit/<id> (unauthenticated)',
    path: `/elicit/${'A'.repeat(43)}`,
    headers: async (demo) => ({ ...FORM, origin: demo.base.origin }),
  },
  {
    name: 'POST /oauth/callback/calendar',
    path: '/oauth/callback/calendar',
    headers: async () => FORM,
  },
  {
    name: 'POST /mcp (no token)',
    path: '/mcp',
    headers: async () => ({ 'content-type': 'application/json' }),
  },
  { name: 'POST /mcp (alice, no session)', path: '/mcp', headers: async () => MCP_HEADERS },
  {
    name: 'POST /mcp (alice, in a session)',
    path: '/mcp',
    headers: async (demo) => ({
      ...MCP_HEADERS,
      'mcp-session-id': (await initialize(demo.base)).session ?? '',
    }),
  },
];

function summarize(statuses: (number | string)[]): string {
  const runs: string[] = [];
  let i = 0;
  while (i < statuses.length) {
    let j = i;
    while (j < statuses.length && statuses[j] === statuses[i]) j++;
    runs.push(`${j - i}×${statuses[i]}`);
    i = j;
  }
  return runs.join(', ');
}

async function measure<T>(
  work: (demo: Demo) => Promise<T>,
): Promise<{ result: T; baseMiB: number; growthMiB: number }> {
  const demo = await startDemo();
  try {
    const pid = demo.process.pid!;
    // Warm the routes once so lazy initialization is part of the anchor, not of the growth.
    await (await fetch(new URL('/login', demo.base))).arrayBuffer();
    await initialize(demo.base);
    await settle();
    resetPeak(pid);
    const base = memoryKiB(pid).rss;
    const result = await work(demo);
    await settle();
    return { result, baseMiB: base / 1024, growthMiB: (memoryKiB(pid).peak - base) / 1024 };
  } finally {
    await demo.stop();
  }
}

const fmt = (n: number) => n.toFixed(1);
console.log(`demo: ${demoMain}`);
for (const flood of runs('bodies') ? FLOODS : []) {
  const { result, baseMiB, growthMiB } = await measure(async (demo) =>
    chunkedFlood(new URL(flood.path, demo.base), await flood.headers(demo)),
  );
  console.log(
    `${flood.name}: ${result.status}, ${result.ending} after ${fmt(result.sentMiB)} MiB sent; peak RSS +${fmt(growthMiB)} MiB ` +
      `over ${fmt(baseMiB)} MiB (growth/body ${(growthMiB / FLOOD_CHUNKS).toFixed(3)})`,
  );
}

/** Eight at a time, as a script would; the statuses in order of arrival. */
async function initializes(base: URL, token: string): Promise<number[]> {
  const statuses: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < INITIALIZES) {
        next++;
        statuses.push((await initialize(base, token)).status);
      }
    }),
  );
  return statuses;
}

if (runs('initializes')) {
  // The anchor: the same 5,000 requests with a token nobody has, so none gets past authentication.
  const anchor = await measure((demo) => initializes(demo.base, 'nobody'));
  const { result, baseMiB, growthMiB } = await measure((demo) => initializes(demo.base, 'demo-alice'));
  const accepted = result.filter((s) => s === 200).length;
  console.log(
    `${INITIALIZES} initializes by alice: ${accepted + 1} sessions held (the warm-up's and ${summarize([...result].sort())}); ` +
      `peak RSS +${fmt(growthMiB)} MiB over ${fmt(baseMiB)} MiB; the same requests refused at authentication: ` +
      `+${fmt(anchor.growthMiB)} MiB (ratio ${(growthMiB / anchor.growthMiB).toFixed(2)})`,
  );
}

if (runs('logins')) {
  const { result } = await measure(async (demo) => {
    const page = await fetch(new URL('/login', demo.base));
    const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())?.[1] ?? '';
    const statuses: number[] = [];
    for (let i = 0; i < WRONG_PASSWORDS; i++) {
      const response = await fetch(new URL('/login', demo.base), {
        method: 'POST',
        headers: { ...FORM, origin: demo.base.origin, cookie },
        body: new URLSearchParams({ csrf, next: '/', username: 'alice', password: `wrong-${i}` }),
        redirect: 'manual',
      });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    return statuses;
  });
  console.log(`${WRONG_PASSWORDS} wrong passwords for alice: ${summarize(result)}`);
}

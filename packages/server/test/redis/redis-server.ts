import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../../../test/support/listen.js';

/** A real `redis-server` (Debian's) on a free loopback port, with AOF on in a temporary directory. */
export interface TestRedis {
  readonly url: string;
  readonly port: number;
  readonly dir: string;
  /** Whether the process is running. */
  readonly running: boolean;
  /** Stops it: SIGTERM (clean shutdown, AOF flushed) or SIGKILL (a crash: AOF as written so far). */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  /** Starts it again on the same port and directory; it reloads its AOF. */
  start(): Promise<void>;
  /** Stops it and deletes its directory. Call in afterAll. */
  dispose(): Promise<void>;
}

const REDIS_SERVER = process.env.REDIS_SERVER ?? '/usr/bin/redis-server';
const START_TIMEOUT_MS = 10_000;

/**
 * Whether the redis-server answering on `port` is ready and is the process `pid`: another test's redis-server can
 * take a port between `freePort()` and our bind, and a test must never share (or be killed with) someone else's.
 * Loading an AOF answers -LOADING: not ready yet.
 */
function readyAs(port: number, pid: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    let reply = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('INFO server\r\n'));
    socket.on('data', (data: Buffer) => {
      reply += data.toString();
      if (!reply.startsWith('$')) return done(false);
      const id = /^process_id:(\d+)\r$/m.exec(reply);
      if (id) done(Number(id[1]) === pid);
      else if (reply.length > 65_536) done(false);
    });
  });
}

export async function startTestRedis(): Promise<TestRedis> {
  const dir = mkdtempSync(join(tmpdir(), 'elicitkit-redis-'));
  let port = await freePort();
  let child: ChildProcess | undefined;
  let watchdog: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  const output: string[] = [];

  const start = async () => {
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes'];
    args.push('--save', '', '--daemonize', 'no', '--protected-mode', 'yes', '--loglevel', 'warning');
    const proc = spawn(REDIS_SERVER, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child = proc;
    exited = new Promise((resolve) => proc.once('exit', () => resolve()));
    // Should this process die without cleaning up, the watchdog's stdin closes and it kills redis-server.
    watchdog = spawn('sh', ['-c', `read _; kill -9 ${proc.pid} 2>/dev/null`], {
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    watchdog.unref();
    (watchdog.stdin as unknown as { unref?: () => void } | null)?.unref?.();
    proc.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
    proc.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
    const end = Date.now() + START_TIMEOUT_MS;
    while (!(await readyAs(port, proc.pid ?? -1))) {
      if (proc.exitCode !== null || Date.now() > end) {
        proc.kill('SIGKILL');
        throw new Error(`redis-server did not start on 127.0.0.1:${port}: ${output.join('').slice(-2000)}`);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  const stop = async (signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM') => {
    watchdog?.kill('SIGKILL');
    watchdog = undefined;
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill(signal);
      await exited;
    }
    child = undefined;
  };

  // A port taken between freePort() and redis-server's bind: take another (a restart keeps its port).
  for (let attempt = 1; ; attempt++) {
    try {
      await start();
      break;
    } catch (error) {
      if (attempt === 3 || !output.join('').includes('Address already in use')) throw error;
      output.length = 0;
      port = await freePort();
    }
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    dir,
    get running() {
      return child !== undefined && child.exitCode === null && child.signalCode === null;
    },
    stop,
    start,
    async dispose() {
      await stop('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

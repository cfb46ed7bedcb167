// @needs redis-server
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/support/listen.js';
import { NODE_TS } from '../../../test/support/node-ts.js';
import { startTestRedis, type TestRedis } from '../../server/test/redis/redis-server.js';
import { BOOKING, bookThrough } from './helpers/booking-host.js';
import { ELICIT } from './helpers/elicit-bin.js';

/**
 * Issue 40: `elicit bridge` as operators deploy it: an address to listen on, the address the other instances reach it
 * at, who may call it, and no open proxy by accident.
 */

const V1_STDIO_SERVER = [
  '--',
  ...NODE_TS,
  join(import.meta.dirname, '../../client/test/helpers/stdio-server-v1.ts'),
];
let redis: TestRedis;
let scratch: string;
const children: ChildProcess[] = [];
beforeAll(async () => {
  redis = await startTestRedis();
  scratch = await mkdtemp(join(tmpdir(), 'elicit-bridge-deploy-'));
});
afterAll(async () => {
  await Promise.all(children.map(stop));
  await redis?.dispose();
  await rm(scratch, { recursive: true, force: true });
});

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    process.kill(-child.pid!, 'SIGTERM');
  });
}

/** `elicit bridge …` serving; resolves with the endpoint from its first line and what it said on stderr meanwhile. */
async function serving(args: string[]): Promise<{ url: URL; stderr: () => string }> {
  const child = spawn(ELICIT[0]!, [...ELICIT.slice(1), 'bridge', ...args, ...V1_STDIO_SERVER], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  children.push(child);
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`elicit bridge exited ${code}: ${stderr}`)));
  });
  return { url: new URL(/^MCP endpoint: (\S+)$/.exec(line)![1]!), stderr: () => stderr };
}

/** `elicit bridge …` expected to refuse: its exit code and stderr. */
function refused(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(ELICIT[0]!, [...ELICIT.slice(1), 'bridge', ...args, ...V1_STDIO_SERVER], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('exit', (code) => resolve({ code, stderr }));
  });
}

/** An instance on 0.0.0.0 at an explicit port it advertises; a port taken before the bind is traded for another. */
async function onAFreePort(): Promise<{ url: URL; stderr: () => string }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const advertise = `http://127.0.0.1:${port}`;
    const args = [
      '--host',
      '0.0.0.0',
      '--port',
      String(port),
      '--advertise',
      advertise,
      '--redis',
      redis.url,
    ];
    try {
      return await serving(args);
    } catch (error) {
      if (attempt === 3 || !/already in use/.test(String(error))) throw error;
    }
  }
}

describe('elicit bridge on several machines', () => {
  it('[contract] two instances on 0.0.0.0, each advertising its address, route a 2026-07-28 retry to the holder', async () => {
    const instances = [];
    for (let i = 0; i < 2; i++) instances.push(await onAFreePort());
    // The endpoint printed is the advertised one, never 0.0.0.0.
    const urls = instances.map((instance) => instance.url);
    expect(urls.map((url) => url.host)).not.toContain(expect.stringContaining('0.0.0.0'));
    expect(await bookThrough(urls)).toEqual({ action: 'accept', content: BOOKING });
    // Beyond loopback with no --callers, it says that only this machine is served.
    expect(instances[0]!.stderr()).toContain(
      'listening on 0.0.0.0 without --callers, so only callers on this machine are served',
    );
  }, 60_000);

  it('--host 0.0.0.0 with --redis but no --advertise is refused before anything is served, naming --advertise', async () => {
    const run = await refused(['--host', '0.0.0.0', '--port', '0', '--redis', redis.url]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/Invalid option shared\.advertise: listening on 0\.0\.0\.0.*--advertise/);
  });
});

describe('elicit bridge --callers', () => {
  it('serves the named callers, each their own principal, and answers 401 to anyone else', async () => {
    const token = randomBytes(24).toString('hex');
    const file = join(scratch, 'callers');
    await writeFile(file, `# who may call\nalice ${token}\n`, { mode: 0o600 });
    const { url } = await serving(['--port', '0', '--callers', file]);
    const anonymous = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer realm="elicit bridge"');
    const wrong = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${'x'.repeat(48)}` },
    });
    expect(wrong.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect(await bookThrough([url], { authorization: `Bearer ${token}` })).toEqual({
      action: 'accept',
      content: BOOKING,
    });
  }, 60_000);

  it('refuses a callers file others may read, naming the fix, and one with a short token, never printing it', async () => {
    const loose = join(scratch, 'loose');
    await writeFile(loose, `alice ${randomBytes(24).toString('hex')}\n`);
    await chmod(loose, 0o644);
    const looseRun = await refused(['--port', '0', '--callers', loose]);
    expect(looseRun.code).toBe(2);
    expect(looseRun.stderr).toContain(
      `cannot use --callers ${loose}: others may read it (mode 644): chmod 600 ${loose}`,
    );
    const short = join(scratch, 'short');
    await writeFile(short, 'alice hunter2\n', { mode: 0o600 });
    const shortRun = await refused(['--port', '0', '--callers', short]);
    expect(shortRun.code).toBe(2);
    expect(shortRun.stderr).toContain("alice's token must be at least 16 bytes");
    expect(shortRun.stderr).not.toContain('hunter2');
  });

  it('refuses -H credentials offered to unauthenticated callers on a public address', async () => {
    const args = [
      '--host',
      '0.0.0.0',
      '--allow-unauthenticated',
      '-H',
      'Authorization: Bearer upstream-secret',
    ];
    const run = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(ELICIT[0]!, [...ELICIT.slice(1), 'bridge', ...args, 'http://127.0.0.1:1/mcp'], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      child.once('exit', (code) => resolve({ code, stderr }));
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('-H credentials would be offered to anyone who reaches 0.0.0.0');
    expect(run.stderr).not.toContain('upstream-secret');
  });
});

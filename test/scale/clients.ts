import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { NODE_TS } from '../support/node-ts.js';
import { type ClientApp, tokenOf } from './instance.js';

export interface ScaleClient {
  user: string;
  app: ClientApp;
  client: Client;
  /** `elicitationId`s of the `elicitation/create` requests received. */
  elicitations: string[];
  /**
   * `elicitationId`s of the completion notices received, with when each arrived: `at` by performance.now(),
   * `wallAt` by the high-resolution wall clock (comparable with another process's).
   */
  notices: { id: string; at: number; wallAt: number }[];
  /** Resolves with the next `elicitation/create` id (after those already received). */
  nextElicitation(timeoutMs?: number): Promise<string>;
  /** Resolves with the next completion notice id. */
  nextNotice(timeoutMs?: number): Promise<string>;
  close(): Promise<void>;
}

function waiterList<T>(what: string) {
  const waiting: ((value: T) => void)[] = [];
  return {
    push: (value: T) => waiting.shift()?.(value),
    next: (timeoutMs: number) =>
      new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${what} within ${timeoutMs} ms`)), timeoutMs);
        waiting.push((value) => {
          clearTimeout(timer);
          resolve(value);
        });
      }),
  };
}

/**
 * A real SDK client over Streamable HTTP for `user` in client app `app` (its OAuth client id and clientInfo
 * name), declaring URL mode, consenting to every URL elicitation. The same user and app on a new connection
 * is the same client reconnecting.
 */
export async function connectScaleClient(
  mcpUrl: URL,
  user: string,
  app: ClientApp = 'cli',
): Promise<ScaleClient> {
  const elicitations: string[] = [];
  const notices: { id: string; at: number; wallAt: number }[] = [];
  const created = waiterList<string>('elicitation/create');
  const noticed = waiterList<string>('completion notice');
  const client = new Client(
    { name: `scale-${app}`, version: '1.0.0' },
    { capabilities: { elicitation: { form: {}, url: {} } } },
  );
  client.setRequestHandler('elicitation/create', async (request) => {
    const id = (request.params as { elicitationId?: string }).elicitationId ?? '';
    elicitations.push(id);
    created.push(id);
    return { action: 'accept' };
  });
  client.setNotificationHandler('notifications/elicitation/complete', (notification) => {
    const id = notification.params.elicitationId;
    notices.push({ id, at: performance.now(), wallAt: performance.timeOrigin + performance.now() });
    noticed.push(id);
  });
  const transport = new StreamableHTTPClientTransport(mcpUrl, {
    requestInit: { headers: { Authorization: `Bearer ${tokenOf(user, app)}` } },
  });
  await client.connect(transport);
  return {
    user,
    app,
    client,
    elicitations,
    notices,
    nextElicitation: (timeoutMs = 10_000) => created.next(timeoutMs),
    nextNotice: (timeoutMs = 10_000) => noticed.next(timeoutMs),
    close: () => client.close(),
  };
}

/** The text of a tool result, or of its error. */
export function resultText(result: unknown): string {
  const content = (result as { content?: { type: string; text?: string }[] }).content ?? [];
  return content.map((c) => c.text ?? '').join('');
}

/** The elicitation URL moved to `base`: what a load balancer does when the browser's request lands there. */
export const onInstance = (url: string, base: URL) => {
  const moved = new URL(url);
  return new URL(`${moved.pathname}${moved.search}`, base).href;
};

export interface InstanceProcess {
  name: string;
  base: URL;
  mcpUrl: URL;
  /** SIGKILL: the instance dies with its connections, as a crashed process. */
  kill(): Promise<void>;
  /** SIGTERM: a clean stop. */
  stop(): Promise<void>;
}

const MAIN = fileURLToPath(new URL('./instance-main.ts', import.meta.url));

export interface SpawnOptions {
  name: string;
  redisUrl?: string;
  keyPrefix?: string;
  loadUsers?: number;
  /** `memory`: no Redis, one instance alone (the benchmarks' anchor). */
  store?: 'redis' | 'memory';
  timeCompletions?: boolean;
}

/** Starts `instance-main.ts` as a child process and waits until it serves. */
export async function spawnInstance(options: SpawnOptions): Promise<InstanceProcess> {
  const { name } = options;
  const args = ['--name', name, '--redis', options.redisUrl ?? '', '--prefix', options.keyPrefix ?? 'scale:'];
  args.push('--load-users', String(options.loadUsers ?? 0), '--store', options.store ?? 'redis');
  if (options.timeCompletions) args.push('--time-completions');
  const child = spawn(process.execPath, [...NODE_TS.slice(1), MAIN, ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const errors: string[] = [];
  child.stderr.on('data', (d: Buffer) => errors.push(d.toString()));
  const base = await new Promise<URL>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start: ${errors.join('')}`)), 30_000);
    child.once('exit', (code) =>
      reject(new Error(`${name} exited with ${code}: ${errors.join('').slice(-2000)}`)),
    );
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (!line.startsWith('{"ready"')) return;
      clearTimeout(timer);
      resolve(new URL((JSON.parse(line) as { ready: { base: string } }).ready.base));
    });
  });
  const signal = async (sig: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(sig);
    await exited;
  };
  return {
    name,
    base,
    mcpUrl: new URL('mcp', base),
    kill: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
  };
}

/** The URL elicitations a -32042 answer lists; fails when the call did not end in -32042. */
export async function requiredElicitations(
  call: Promise<unknown>,
): Promise<{ elicitationId: string; url: string }[]> {
  try {
    await call;
  } catch (error) {
    const { code, data } = error as {
      code?: number;
      data?: { elicitations?: { elicitationId: string; url: string }[] };
    };
    if (code === -32042 && data?.elicitations) return data.elicitations;
    throw error;
  }
  throw new Error('expected -32042 URLElicitationRequired');
}

import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { callToolWithElicitation, installElicitation } from '@elicitkit/client';
import { scriptedUI } from '@elicitkit/client/testing';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as V1StdioTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as V1HttpTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/support/listen.js';
import { NODE_TS } from '../../../test/support/node-ts.js';
import { startServer2026 } from '../../client/test/helpers/server-2026.js';
import { BOOKING, bookThrough } from './helpers/booking-host.js';
import { ELICIT } from './helpers/elicit-bin.js';

/**
 * Issue 28's contract for `elicit bridge`: `--port 0 <upstream>` prints `MCP endpoint: http://127.0.0.1:<port>/mcp`
 * as its first line and serves hosts of every revision; `--stdio` lets a stdio-only host reach a 2026-only HTTP
 * server.
 */

const V1_STDIO_SERVER = [
  ...NODE_TS,
  join(import.meta.dirname, '../../client/test/helpers/stdio-server-v1.ts'),
];
const cleanup: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const close of cleanup.splice(0).reverse()) await close();
});

/** Starts `elicit bridge …`; resolves with the endpoint from its first line. */
async function bridgeOnHttp(...args: string[]): Promise<URL> {
  return (await startBridge(args)).url;
}

/** Starts `elicit bridge …` with `env` added; resolves with its process and the endpoint from its first line. */
async function startBridge(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ child: ChildProcess; url: URL }> {
  // Its own process group, so that killing the group takes its stdio upstream with it, as a machine dying would.
  const child: ChildProcess = spawn(ELICIT[0]!, [...ELICIT.slice(1), 'bridge', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
    detached: true,
  });
  cleanup.push(() => stopped(child, 'SIGTERM'));
  const lines = createInterface({ input: child.stdout! });
  const line = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`elicit bridge exited ${code}`)));
  });
  const match = /^MCP endpoint: (http:\/\/127\.0\.0\.1:\d+\/mcp)$/.exec(line);
  if (!match) throw new Error(`unexpected first line: ${line}`);
  return { child, url: new URL(match[1]!) };
}

/* Issue 40: loud and clear when upstream is not there (one line naming it and why, the unreachable exit code, never a
 * stack trace), and upstream's identity shown to hosts. */

/** Runs `elicit <args>` to its end; resolves with its exit code and what it wrote. */
function elicit(
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  const started = performance.now();
  const child = spawn(ELICIT[0]!, [...ELICIT.slice(1), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  cleanup.push(() => child.exitCode === null && child.kill('SIGKILL'));
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  return new Promise((resolve) =>
    child.once('close', (code) => resolve({ code, stdout, stderr, ms: performance.now() - started })),
  );
}

/** An HTTP server that answers everything with `status`: an address with no MCP endpoint, or one that wants sign-in. */
async function answering(status: number): Promise<string> {
  const server = createServer((_, response) => response.writeHead(status).end());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(() => new Promise((resolve) => server.close(resolve)));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/mcp`;
}

/** Sends `signal` to `child`'s process group (the bridge and its upstream) unless it ended; resolves once it has. */
function stopped(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    process.kill(-child.pid!, signal);
  });
}

describe('elicit bridge', () => {
  it('--port 0 <stdio server>: prints the endpoint first; a 2026-07-28 host answers a 2025 push through it', async () => {
    const url = await bridgeOnHttp('--port', '0', '--', ...V1_STDIO_SERVER);
    expect(await bookThrough([url])).toEqual({ action: 'accept', content: BOOKING });
  });

  it('--stdio <2026-only HTTP server>: a stdio-only 2025 host gets the round pushed and the tool completes', async () => {
    const upstream = await startServer2026(
      {
        ask: (ctx) => {
          const answer = ctx.mcpReq.inputResponses?.name;
          if (answer) return { content: [{ type: 'text', text: `ANSWER ${JSON.stringify(answer)}` }] };
          return {
            resultType: 'input_required',
            inputRequests: {
              name: {
                method: 'elicitation/create',
                params: {
                  mode: 'form',
                  message: 'Who are you?',
                  requestedSchema: {
                    type: 'object',
                    properties: { name: { type: 'string' } },
                    required: ['name'],
                  },
                },
              },
            },
            requestState: 'st',
          };
        },
      },
      'http',
    );
    cleanup.push(() => upstream.close());
    const client = new V1Client(
      { name: 'stdio-host', version: '1.0.0' },
      { capabilities: { elicitation: { form: {} } } },
    );
    client.setRequestHandler(ElicitRequestSchema, async () => ({
      action: 'accept',
      content: { name: 'Grace' },
    }));
    await client.connect(
      new V1StdioTransport({
        command: ELICIT[0]!,
        args: [...ELICIT.slice(1), 'bridge', '--stdio', upstream.url!.href],
        stderr: 'ignore',
      }),
    );
    cleanup.push(() => client.close());
    const result = await client.callTool({ name: 'ask', arguments: {} });
    expect((result.content as { text: string }[])[0]?.text).toBe(
      'ANSWER {"action":"accept","content":{"name":"Grace"}}',
    );
  });

  it('elicit itself is a host of the bridge: elicit call answers the 2025 push from a file', async () => {
    const url = await bridgeOnHttp('--', ...V1_STDIO_SERVER);
    const scratch = await mkdtemp(join(tmpdir(), 'elicit-bridge-'));
    cleanup.push(() => rm(scratch, { recursive: true, force: true }));
    const answers = join(scratch, 'answers.json');
    await writeFile(answers, JSON.stringify({ name: 'Ada', seating: 'terrace' }));
    const run = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      const child = spawn(
        ELICIT[0]!,
        [...ELICIT.slice(1), 'call', url.href, 'book', '{}', '--answers', answers],
        {
          stdio: ['ignore', 'pipe', 'ignore'],
          env: { ...process.env, NO_COLOR: '1' },
        },
      );
      let stdout = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      child.once('exit', (code) => resolve({ code, stdout }));
    });
    expect(run.code).toBe(0);
    // The party size was not in the file: its default (2) filled it, on the bridge's side and upstream alike.
    expect(JSON.parse(run.stdout.trim())).toEqual({
      action: 'accept',
      content: { name: 'Ada', party: 2, seating: 'terrace' },
    });
  });

  it('killed mid-question and started again: the retry is refused, so the answer reaches no call and nothing twice', async () => {
    const port = String(await freePort());
    // The same state key across the restart, as instances share one: the new process opens the host's state and
    // finds no held call behind it.
    const env = { ELICITKIT_STATE_KEY: randomBytes(32).toString('base64') };
    const args = ['--port', port, '--', ...V1_STDIO_SERVER];
    const first = await startBridge(args, env);
    let onAsk!: () => void;
    const asked = new Promise<void>((resolve) => (onAsk = resolve));
    let answer!: (answer: { action: 'submit'; content: Record<string, unknown> }) => void;
    const ui = scriptedUI([], {
      form: () => {
        onAsk();
        return new Promise((resolve) => (answer = resolve));
      },
    });
    const client = new Client(
      { name: 'host-2026', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    installElicitation(client, { ui, modes: ['form'] });
    await client.connect(new StreamableHTTPClientTransport(first.url));
    cleanup.push(() => client.close());
    const call = callToolWithElicitation(client, { name: 'book', arguments: {} });
    await asked; // the round is with the person; the upstream call is held in the first process
    await stopped(first.child, 'SIGKILL');
    const second = await startBridge(args, env);
    expect(second.url.href).toBe(first.url.href);
    answer({ action: 'submit', content: { name: 'Ada', party: 2, seating: 'terrace' } });
    await expect(call).rejects.toThrow(/no longer held by the bridge .* make it again/);
    // The person is asked once, and no second call was started for the answer.
    expect(ui.prompts).toHaveLength(1);
  });

  it('refuses --port out of range, --port or --redis with --stdio, and a --redis that is no URL, naming what is wrong', async () => {
    const run = (...args: string[]) =>
      new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawn(ELICIT[0]!, [...ELICIT.slice(1), 'bridge', ...args], {
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let stderr = '';
        child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
        child.once('exit', (code) => resolve({ code, stderr }));
      });
    const big = await run('--port', '70000', 'http://127.0.0.1:1/mcp');
    expect(big.code).toBe(2);
    expect(big.stderr).toContain('--port expects a port number from 0 to 65535, got "70000"');
    const both = await run('--stdio', '--port', '1', 'http://127.0.0.1:1/mcp');
    expect(both.stderr).toContain('--stdio serves on stdin and stdout; leave out --port');
    const notRedis = await run('--redis', 'localhost:6379', 'http://127.0.0.1:1/mcp');
    expect(notRedis.code).toBe(2);
    expect(notRedis.stderr).toContain('--redis expects a redis:// or rediss:// URL, got "localhost:6379"');
    const stdioRedis = await run('--stdio', '--redis', 'redis://127.0.0.1:1', 'http://127.0.0.1:1/mcp');
    expect(stdioRedis.stderr).toContain('it does not apply to --stdio');
  });
});

const NO_STACK = /^\s+at /m;

describe('elicit bridge when upstream is not there', () => {
  it('[contract] nothing listening at the upstream URL: exit 3 within 15 s, one line naming the URL and why', async () => {
    const url = `http://127.0.0.1:${await freePort()}/mcp`;
    const run = await elicit(['bridge', '--port', '0', url]);
    expect(run.code).toBe(3);
    expect(run.ms).toBeLessThan(15_000);
    expect(run.stdout).toBe(''); // no endpoint printed: nothing is served
    expect(run.stderr).toBe(
      `elicit: cannot reach upstream ${url}: connection refused (nothing listens there)\n`,
    );
  });

  it('an address that is not an MCP endpoint (404), and one that wants credentials (401): exit 3, the status named', async () => {
    for (const [status, words] of [
      [404, 'HTTP 404: no MCP endpoint at this address'],
      [401, 'HTTP 401: it needs a sign-in or credentials (-H)'],
    ] as const) {
      const url = await answering(status);
      const run = await elicit(['bridge', '--port', '0', url]);
      expect(run.code, run.stderr).toBe(3);
      expect(run.stderr).toBe(`elicit: cannot reach upstream ${url}: ${words}\n`);
      expect(run.stderr).not.toMatch(NO_STACK);
    }
  });

  it('--stdio keeps serving (desktop hosts do not start it again); elicit call through it: exit 3, no stack trace', async () => {
    const url = `http://127.0.0.1:${await freePort()}/mcp`;
    const run = await elicit(['call', 'whoami', '--', ...ELICIT, 'bridge', '--stdio', url]);
    expect(run.stderr).not.toMatch(NO_STACK);
    expect(run.stderr).toContain(`cannot reach upstream ${url}: connection refused`);
    expect(run.code).toBe(3);
  });
});

describe("upstream's identity, shown to hosts", () => {
  it("[contract] a 2025 host's initialize result carries upstream's serverInfo name, its title the upstream's address", async () => {
    const endpoint = await bridgeOnHttp('--port', '0', '--', ...V1_STDIO_SERVER);
    const host = new V1Client({ name: 'v1-host', version: '1.0.0' });
    await host.connect(new V1HttpTransport(endpoint));
    cleanup.push(() => host.close());
    const info = host.getServerVersion()!;
    expect(info.name).toBe('v1-server');
    expect(info.version).toBe('1.32.2');
    expect(info.title).toMatch(/^V1 Test Server \(/);
    expect(info.title).toContain(V1_STDIO_SERVER.join(' ').slice(0, 60));
    expect(info.title).toContain('through elicit bridge');
  });
});

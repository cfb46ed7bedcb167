/**
 * The first call through a signed-in bridge and the calls after it (issue 39), in one run. Upstream: a v1 SDK server
 * behind MCP authorization (test/support/protected-server.ts: oidc-provider, protected resource metadata, a form
 * asked per call). `elicit bridge --stdio` signs in once, through Chromium, before timing (its browser is a `BROWSER`
 * script that hands the address over). Then per round: a stdio host spawns the bridge, which finds its stored
 * tokens, and makes one call (`first`: spawn to result), then 20 more on that connection (`later`). The anchor is a
 * v1 host connecting to the server directly with the same token: its own first and later calls; and the same bridge
 * given that token with `-H` (no sign-in), which isolates what the sign-in adds (reading the stored record).
 * mcp-remote 0.15 is left out: here its browser cannot be stood in for (the `open` package it uses ran neither
 * `BROWSER` nor an `xdg-open` on PATH), so it cannot be signed in without a person; its sign-in state files are
 * keyed by a hash of six settings, too brittle to write for it.
 * Run: node --conditions=@elicitkit/source --import tsx bench/bridge/signed-in.ts
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../test/support/chromium.js';
import { SIGN_IN_USERS, startProtectedServer } from '../../test/support/protected-server.js';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const ELICIT = [process.execPath, here('../../packages/terminal/bin/elicit.js')];
const ROUNDS = 8;
const LATER = 20;

const server = await startProtectedServer();
const scratch = await mkdtemp(join(tmpdir(), 'bench-signed-in-'));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const opened = join(scratch, 'opened.txt');
// The "browser" appends the address it was asked to open; the bench plays the person in Chromium.
const opener = `#!/bin/sh\nprintf '%s\\n' "$1" >> '${opened}'\n`;
await writeFile(join(scratch, 'xdg-open'), opener, { mode: 0o755 });
const env: Record<string, string> = {
  ...(process.env as Record<string, string>),
  NO_COLOR: '1',
  ELICIT_CONFIG_DIR: join(scratch, 'elicit'),
  BROWSER: join(scratch, 'xdg-open'),
};

async function host(transport: StdioClientTransport | StreamableHTTPClientTransport) {
  const client = new Client(
    { name: 'bench-host', version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } } },
  );
  client.setRequestHandler(
    ElicitRequestSchema,
    async () => ({ action: 'accept', content: { nickname: 'b' } }) as never,
  );
  await client.connect(transport);
  return { call: () => client.callTool({ name: 'whoami', arguments: {} }), close: () => client.close() };
}

const spawned = ([command, ...args]: string[]) =>
  host(
    new StdioClientTransport({
      command: command!,
      args,
      env,
      stderr: process.env.BENCH_DEBUG ? 'inherit' : 'ignore',
    }),
  );

/** Waits for the next address a proxy opened, and signs alice in there. */
async function signInWhenOpened(seen: number): Promise<void> {
  for (;;) {
    const lines = (await readFile(opened, 'utf8').catch(() => '')).trim().split('\n').filter(Boolean);
    if (lines.length > seen) {
      const page = await (await browser.newContext()).newPage();
      await page.goto(lines[seen]!);
      await page.getByLabel('Username').fill('alice');
      await page.getByLabel('Password').fill(SIGN_IN_USERS.alice.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('button', { name: 'Allow' }).click();
      await page.waitForLoadState('load');
      await page.context().close();
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Signs the proxy in once: a host spawns it, calls, and the bench signs in when it opens the browser. */
async function signInOnce(command: string[], seen: number): Promise<void> {
  const signing = signInWhenOpened(seen);
  const h = await spawned(command);
  await Promise.all([h.call(), signing]);
  await h.close();
}

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

async function measure(connect: () => ReturnType<typeof host>) {
  const first: number[] = [];
  const later: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const start = process.hrtime.bigint();
    const h = await connect();
    await h.call();
    first.push(ms(start));
    for (let i = 0; i < LATER; i++) {
      const at = process.hrtime.bigint();
      await h.call();
      later.push(ms(at));
    }
    await h.close();
  }
  return { first: p50(first), later: p50(later) };
}

try {
  const bridge = [...ELICIT, 'bridge', '--stdio', server.url.href];
  await signInOnce(bridge, 0);
  const token = server.accepted.at(-1)!;
  const direct = () =>
    host(
      new StreamableHTTPClientTransport(server.url, {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
  const results = {
    direct: await measure(direct),
    // The same bridge handed the token on its command line: what signing in itself adds, apart from the bridge.
    'bridge with -H': await measure(() =>
      spawned([...ELICIT, 'bridge', '--stdio', '-H', `Authorization: Bearer ${token}`, server.url.href]),
    ),
    bridge: await measure(() => spawned(bridge)),
  };
  const f = (v: number) => v.toFixed(1);
  for (const [name, r] of Object.entries(results))
    console.log(`${name}: first call ${f(r.first)} ms, later calls p50 ${f(r.later)} ms`);
  const { direct: d, bridge: b, 'bridge with -H': h } = results;
  console.log(
    `signed-in bridge ÷ the bridge with the token on its command line: first call ${(b.first / h.first).toFixed(2)}×, later calls p50 ${(b.later / h.later).toFixed(2)}×`,
  );
  console.log(
    `signed-in bridge, first call (spawn, stored tokens, connect, call) ÷ direct first call: ${(b.first / d.first).toFixed(2)}×`,
  );
  console.log(`signed-in bridge, later calls p50 ÷ direct: ${(b.later / d.later).toFixed(2)}×`);
} finally {
  await browser.close();
  await server.close();
  await rm(scratch, { recursive: true, force: true });
}
process.exit(0);

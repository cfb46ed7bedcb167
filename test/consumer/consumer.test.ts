// @needs npm
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CodeBlock, ROOT, readmeBlocks } from '../support/code-blocks.js';
import { type Packed, packAll, ScratchApp, timed, timings } from './scratch.js';

/**
 * Issue 19: elicitkit as its users get it. Every package is packed (`npm pack`), and the tarballs are installed into
 * scratch apps outside the workspace with `npm install`, next to the SDK from the npm registry, as the READMEs' Install
 * sections say. In the apps, the servers are the server README's own blocks and the host is compiled against the
 * installed `.d.ts`; form round trips run over stdio and Streamable HTTP on 2026-07-28 and 2025-11-25.
 *
 * - `full`: one `npm install` of the tarballs, both SDK packages and the optional peers of `/http`, `/url`, `/oauth`;
 *   `elicit bridge` from it fronts the README's stdio server for hosts of both revisions.
 * - `two-step`: the SDK first, elicitkit in a later `npm install` (the way issue 19's user hit two SDK copies and a
 *   bare HTTP 500): the peers must resolve to the app's one copy.
 * - `forms-only`: `@elicitkit/server` and the SDK, nothing else: no hono, jose, openid-client; the README's first
 *   server runs as pasted; each subpath fails at import naming what to install.
 * - a browser bundle (esbuild, platform browser) of the web README's host, from the `full` app's tarballs.
 *
 * The apps install from npm's own cache, which `npm install` of this checkout has filled (`--prefer-offline`).
 */

const SDK = ['@modelcontextprotocol/server@^2.4.0', '@modelcontextprotocol/client@^2.4.0'];
/** The v1 SDK, for the CommonJS apps on it (the full app has both generations, as an app moving between them does). */
const V1_SDK = '@modelcontextprotocol/sdk@^1.32.0';
/** The optional peers of `/http`, `/url` and `/oauth`, as the server README's Install table lists them. */
const HTTP_PEERS = ['@hono/node-server@^2.1.9'];
const URL_PEERS = ['hono@^4.13.19', 'jose@^6.2.18', 'openid-client@^6.9.0'];

/** Node programs need no DOM types (the web host does): without them each compile reads a megabyte less. */
const NODE_ONLY_LIBS = { lib: ['lib.es2023.d.ts'] };

const SERVER_README = 'packages/server/README.md';
const TERMINAL_README = 'packages/terminal/README.md';
const WEB_README = 'packages/web/README.md';

/** The first block of `readme` that contains `text`. */
function blockWith(readme: string, text: string): CodeBlock {
  const block = readmeBlocks(readme).find((b) => b.code.includes(text));
  if (!block) throw new Error(`${readme}: no ts block contains ${text}`);
  return block;
}

let scratch: string;
let packed: Packed;
const children: ChildProcess[] = [];
/** The three apps, installed side by side (npm waits on disk and network more than on the CPU). */
let apps: { full: ScratchApp; twoStep: ScratchApp; formsOnly: ScratchApp };

/** What importing each entry in `app` does: `'loaded'`, or the error's name, code, details and message. */
async function importOutcomes(app: ScratchApp, entries: string[]): Promise<Record<string, unknown>> {
  await app.write(
    'src/imports.mjs',
    `const outcomes = {};
for (const entry of ${JSON.stringify(entries)}) {
  outcomes[entry] = await import(entry).then(
    () => 'loaded',
    (error) => ({ name: error.name, code: error.code, details: error.details, message: error.message }),
  );
}
console.log(JSON.stringify(outcomes));
`,
  );
  return JSON.parse((await app.node(['src/imports.mjs'])).stdout) as Record<string, unknown>;
}

/** The server README's first block: a complete stdio server (`serveStdio(createServer)`). */
function stdioServerBlock(): CodeBlock {
  return blockWith(SERVER_README, 'serveStdio(createServer)');
}

/**
 * The same server over HTTP, as the README says: the first block with its last line replaced by the Transports
 * block (`serveMcpHttp(...)`), on a free port instead of 3000.
 */
function httpServerSource(): string {
  const http = blockWith(SERVER_README, 'serveMcpHttp(({ era, authInfo })');
  const first = stdioServerBlock().code.replace(/^serveStdio\(createServer\);.*$/m, '');
  const freePort = http.code.replace('{ port: 3000 }', '{ port: 0 }');
  expect(freePort).not.toBe(http.code);
  return `${first}\n${freePort}\n`;
}

async function hostSource(app: ScratchApp): Promise<void> {
  await copyFile(path.join(import.meta.dirname, 'app', 'host.ts'), path.join(app.dir, 'src', 'host.ts'));
}

/** Starts the app's compiled HTTP server; resolves with its MCP endpoint (the line the README prints). */
async function startHttpServer(app: ScratchApp): Promise<string> {
  const { child, match } = await app.start(['dist/server-http.js'], /MCP endpoint: (\S+)/);
  children.push(child);
  return match[1]!;
}

interface RoundTrip {
  target: string;
  revision: string;
  negotiated: string;
  prompts: number;
  text: string;
}

async function roundTrips(app: ScratchApp, targets: string[]): Promise<RoundTrip[]> {
  const { stdout } = await app.node(['dist/host.js', ...targets]);
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as RoundTrip[];
}

function expectOrdered(results: RoundTrip[], targets: string[]): void {
  const expected = targets.flatMap((target) =>
    ['2026-07-28', '2025-11-25'].map((revision) => ({
      target,
      revision,
      negotiated: revision,
      prompts: 1,
      text: 'Shipping to Ada, 12345.',
    })),
  );
  expect(results).toEqual(expected);
}

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'elicitkit-consumer-'));
  packed = await timed('npm pack', () => packAll(path.join(scratch, 'packs')));
  const [full, twoStep, formsOnly] = await Promise.all([
    ScratchApp.create(path.join(scratch, 'full'), 'consumer-full').then(async (app) => {
      await app.install(
        ...tarballs('core', 'server', 'client', 'terminal', 'web', 'bridge'),
        ...SDK,
        ...HTTP_PEERS,
        ...URL_PEERS,
        V1_SDK,
        'zod@^4.1.0',
      );
      return app;
    }),
    ScratchApp.create(path.join(scratch, 'two-step'), 'consumer-two-step').then(async (app) => {
      await app.install(...SDK, ...HTTP_PEERS);
      await app.install(...tarballs('core', 'server', 'client'));
      return app;
    }),
    ScratchApp.create(path.join(scratch, 'forms-only'), 'consumer-forms-only').then(async (app) => {
      await app.install(...tarballs('core', 'server'), '@modelcontextprotocol/server@^2.4.0');
      return app;
    }),
  ]);
  apps = { full, twoStep, formsOnly };
}, 600_000);

afterAll(async () => {
  console.log(`consumer test steps: ${timings.join(', ')}`);
  for (const child of children) child.kill();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

const tarballs = (...names: string[]) =>
  names.map((name) => {
    const file = packed.tarball[`@elicitkit/${name}`];
    if (!file) throw new Error(`@elicitkit/${name} was not packed`);
    return file;
  });

describe('consumer apps: packed tarballs installed next to the SDK from the registry', () => {
  it('full app: one npm install; README servers over stdio and HTTP, both revisions; README blocks compile', {
    timeout: 600_000,
  }, async () => {
    const app = apps.full;
    expect(await app.copiesOf('@modelcontextprotocol/server')).toHaveLength(1);
    expect(await app.copiesOf('@modelcontextprotocol/client')).toHaveLength(1);

    await app.write('src/server-stdio.ts', `${stdioServerBlock().code}\n`);
    await app.write('src/server-http.ts', httpServerSource());
    await hostSource(app);
    // The hosts the terminal and web READMEs write, type-checked here (the web one is bundled below).
    await app.write('src/terminal-host.ts', `${blockWith(TERMINAL_README, 'ui: terminalUI(').code}\n`);
    await app.write('src/web-host.ts', `${blockWith(WEB_README, 'webUI()').code}\n`);
    expect(
      await app.compile([
        'src/server-stdio.ts',
        'src/server-http.ts',
        'src/host.ts',
        'src/terminal-host.ts',
        'src/web-host.ts',
      ]),
    ).toEqual([]);

    const url = await startHttpServer(app);
    expectOrdered(await roundTrips(app, ['--http', url, '--stdio', 'dist/server-stdio.js']), [
      'http',
      'stdio',
    ]);
  });

  it('full app: elicit bridge, installed, fronts the README stdio server for hosts of both revisions', {
    timeout: 120_000,
  }, async () => {
    const app = await ScratchApp.attach(path.join(scratch, 'full'));
    const elicit = 'node_modules/@elicitkit/terminal/bin/elicit.js';
    const upstream = [process.execPath, 'dist/server-stdio.js'];
    const { child, match } = await app.start(
      [elicit, 'bridge', '--port', '0', '--', ...upstream],
      /^MCP endpoint: (\S+)$/m,
    );
    children.push(child);
    expectOrdered(await roundTrips(app, ['--http', match[1]!]), ['http']);
  });

  it('CommonJS apps (`require`): a server and a host on SDK v2 (stdio and HTTP, both revisions) and on v1', {
    timeout: 120_000,
  }, async () => {
    const app = await ScratchApp.attach(path.join(scratch, 'full'));
    for (const file of ['server.cjs', 'host.cjs'])
      await copyFile(path.join(import.meta.dirname, 'app', 'commonjs', file), path.join(app.dir, file));
    const trips = async (...args: string[]) => {
      const { stdout } = await app.node(['host.cjs', ...args]);
      return JSON.parse(stdout.trim().split('\n').at(-1)!) as unknown[];
    };
    const answered = (revision: string) => ({
      revision,
      negotiated: revision,
      prompts: 1,
      text: 'Shipping to Ada, 12345.',
    });
    const { child, match } = await app.start(['server.cjs', 'v2-http'], /MCP endpoint: (\S+)/);
    children.push(child);
    expect(await trips('v2', '--http', match[1]!)).toEqual([answered('2026-07-28'), answered('2025-11-25')]);
    expect(await trips('v2', '--stdio', 'server.cjs', 'v2-stdio')).toEqual([
      answered('2026-07-28'),
      answered('2025-11-25'),
    ]);
    expect(await trips('v1', '--stdio', 'server.cjs', 'v1-stdio')).toEqual([answered('2025-11-25')]);
    // TypeScript compiled to CommonJS ("module": "nodenext", a .cts file): the README's setting, type-checked against
    // the installed declarations, and the output run by Node as `require` calls.
    await mkdir(path.join(app.dir, 'src'), { recursive: true });
    await copyFile(
      path.join(import.meta.dirname, 'app', 'commonjs', 'order.cts'),
      path.join(app.dir, 'src', 'order.cts'),
    );
    expect(await app.compile(['src/order.cts'], NODE_ONLY_LIBS)).toEqual([]);
    expect(await readFile(path.join(app.dir, 'dist', 'order.cjs'), 'utf8')).toMatch(
      /require\("@elicitkit\/server"\)/,
    );
    expect(await trips('v2', '--stdio', 'dist/order.cjs')).toEqual([
      answered('2026-07-28'),
      answered('2025-11-25'),
    ]);
  });

  it('two-step app: the SDK installed first, elicitkit later; the peers dedupe to the one SDK copy', {
    timeout: 600_000,
  }, async () => {
    const app = apps.twoStep;
    expect(await app.copiesOf('@modelcontextprotocol/server')).toEqual([
      path.join(app.dir, 'node_modules', '@modelcontextprotocol', 'server'),
    ]);
    expect(await app.copiesOf('@modelcontextprotocol/client')).toEqual([
      path.join(app.dir, 'node_modules', '@modelcontextprotocol', 'client'),
    ]);

    await app.write('src/server-stdio.ts', `${stdioServerBlock().code}\n`);
    await app.write('src/server-http.ts', httpServerSource());
    await hostSource(app);
    const files = ['src/server-stdio.ts', 'src/server-http.ts', 'src/host.ts'];
    expect(await app.compile(files, NODE_ONLY_LIBS)).toEqual([]);

    const url = await startHttpServer(app);
    expectOrdered(await roundTrips(app, ['--http', url, '--stdio', 'dist/server-stdio.js']), [
      'http',
      'stdio',
    ]);

    // The relay's durable stores are subpaths of their own: without their database driver they name what to install.
    const relayEntries = [
      '@elicitkit/client/relay',
      '@elicitkit/client/relay/sqlite',
      '@elicitkit/client/relay/redis',
    ];
    const needs = (entry: string, packages: string[]) =>
      expect.objectContaining({ code: 'missing-peer-dependency', details: { entry, packages } });
    expect(await importOutcomes(app, relayEntries)).toEqual({
      '@elicitkit/client/relay': 'loaded',
      '@elicitkit/client/relay/sqlite': needs('@elicitkit/client/relay/sqlite', ['better-sqlite3']),
      '@elicitkit/client/relay/redis': needs('@elicitkit/client/relay/redis', ['ioredis']),
    });
  });

  it('forms-only app: no optional peer installed or needed; subpaths name what to install', {
    timeout: 600_000,
  }, async () => {
    const app = apps.formsOnly;
    const installed = await app.installedNames();
    for (const peer of ['hono', '@hono/node-server', 'jose', 'openid-client', 'better-sqlite3', 'ioredis']) {
      expect(installed.has(peer), peer).toBe(false);
    }

    // The README's first server, as pasted.
    await app.write('src/server.ts', `${stdioServerBlock().code}\n`);
    expect(await app.compile(['src/server.ts'], NODE_ONLY_LIBS)).toEqual([]);

    const outcomes = await importOutcomes(app, [
      '@elicitkit/server',
      '@elicitkit/server/http',
      '@elicitkit/server/url',
      '@elicitkit/server/login',
      '@elicitkit/server/store',
      '@elicitkit/server/vault',
      '@elicitkit/server/oauth',
      '@elicitkit/server/sqlite',
      '@elicitkit/server/redis',
    ]);
    const missing = (entry: string, packages: string[]) => ({
      name: 'UsageError',
      code: 'missing-peer-dependency',
      details: { entry, packages },
      message: expect.stringContaining(`npm install ${packages.join(' ')}`),
    });
    expect(outcomes).toEqual({
      '@elicitkit/server': 'loaded',
      '@elicitkit/server/http': missing('@elicitkit/server/http', ['@hono/node-server']),
      '@elicitkit/server/url': missing('@elicitkit/server/url', ['hono', 'jose']),
      '@elicitkit/server/login': missing('@elicitkit/server/login', ['@hono/node-server', 'hono']),
      '@elicitkit/server/store': 'loaded',
      '@elicitkit/server/vault': 'loaded',
      '@elicitkit/server/oauth': missing('@elicitkit/server/oauth', ['hono', 'openid-client']),
      '@elicitkit/server/sqlite': missing('@elicitkit/server/sqlite', ['better-sqlite3']),
      '@elicitkit/server/redis': missing('@elicitkit/server/redis', ['ioredis']),
    });

    // A host from the full app drives this app's stdio server on both revisions.
    const full = path.join(scratch, 'full');
    if (!existsSync(path.join(full, 'dist', 'host.js')))
      throw new Error('needs the full app (run the whole file)');
    const { stdout: trips } = await (await ScratchApp.attach(full)).node([
      'dist/host.js',
      '--stdio',
      path.join(app.dir, 'dist', 'server.js'),
    ]);
    expectOrdered(JSON.parse(trips.trim().split('\n').at(-1)!), ['stdio']);
  });

  it('browser bundle of the web README host, built with esbuild from the installed tarballs', {
    timeout: 120_000,
  }, async () => {
    const full = path.join(scratch, 'full');
    const entry = path.join(full, 'src', 'web-host.ts');
    if (!existsSync(entry)) throw new Error('needs the full app (run the whole file)');
    const result = await timed('esbuild web host', () =>
      build({
        entryPoints: [entry],
        absWorkingDir: full,
        bundle: true,
        platform: 'browser',
        format: 'esm',
        target: 'es2022',
        metafile: true,
        write: false,
        logLevel: 'silent',
      }),
    );
    const inputs = Object.keys(result.metafile.inputs);
    // elicitkit came from the installed tarballs, not from this workspace.
    for (const pkg of ['core', 'client', 'web']) {
      expect(
        inputs.some((input) => input.startsWith(`node_modules/@elicitkit/${pkg}/dist/`)),
        pkg,
      ).toBe(true);
    }
    expect(inputs.filter((input) => input.includes('packages/'))).toEqual([]);
    const externals = Object.values(result.metafile.outputs).flatMap((output) =>
      output.imports.filter((i) => i.external).map((i) => i.path),
    );
    // The client is browser-clean: nothing is left external, no alias needed.
    expect([...new Set(externals)]).toEqual([]);
    expect(result.outputFiles[0]!.text).toContain('elicit-form');
  });

  it('two SDK copies (folders of a checkout installed as links) are refused at once, naming both paths', {
    timeout: 600_000,
  }, async () => {
    const app = await ScratchApp.create(path.join(scratch, 'linked'), 'consumer-linked');
    await app.install(...SDK);
    // Folder installs link to the checkout, whose packages resolve the workspace's own SDK: a second copy.
    await app.install(...['core', 'server', 'client'].map((name) => path.join(ROOT, 'packages', name)));
    await app.write(
      'src/two-copies.mjs',
      `import { enableElicitation } from '@elicitkit/server';
import { installElicitation } from '@elicitkit/client';
import { McpServer } from '@modelcontextprotocol/server';
import { Client } from '@modelcontextprotocol/client';
const attempt = (f) => { try { f(); return 'accepted'; } catch (error) { return { name: error.name, message: error.message }; } };
console.log(JSON.stringify({
  server: attempt(() => enableElicitation(new McpServer({ name: 's', version: '1' }))),
  client: attempt(() => installElicitation(new Client({ name: 'c', version: '1' }), { ui: {} })),
}));
`,
    );
    const { stdout } = await app.node(['src/two-copies.mjs']);
    const outcome = JSON.parse(stdout) as Record<string, { name: string; message: string }>;
    for (const [side, sdk] of [
      ['server', '@modelcontextprotocol/server'],
      ['client', '@modelcontextprotocol/client'],
    ] as const) {
      expect(outcome[side]?.name, side).toBe('UsageError');
      expect(outcome[side]?.message).toContain(path.join(app.dir, 'node_modules', sdk));
      expect(outcome[side]?.message).toContain(path.join(ROOT, 'node_modules', sdk));
    }
  });

  it('an internal error while serving HTTP is logged by default, not only answered 500', {
    timeout: 120_000,
  }, async () => {
    const app = await ScratchApp.attach(path.join(scratch, 'full'));
    await app.write(
      'src/failing-server.mjs',
      `import { serveMcpHttp } from '@elicitkit/server/http';
const { url } = await serveMcpHttp(() => { throw new Error('factory failed on purpose'); }, { port: 0 });
console.log(\`MCP endpoint: \${url}\`);
`,
    );
    const { child, match, stderr } = await app.start(['src/failing-server.mjs'], /MCP endpoint: (\S+)/);
    children.push(child);
    const response = await fetch(match[1]!, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      // An initialize reaches the factory; a bare `server/discover` (no MCP-Protocol-Version, no `_meta`
      // envelope) is a 2025 request without a session, answered 400 before any server is made.
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: 'probe', version: '1' },
        },
      }),
    });
    expect(response.status).toBeGreaterThanOrEqual(500);
    const logged = await new Promise<string>((resolve) => {
      const check = () => (stderr().includes('\n') ? resolve(stderr()) : child.stderr?.once('data', check));
      check();
    });
    expect(logged).toContain('factory failed on purpose');
    expect(logged.trim().split('\n')).toHaveLength(1);
  });
});

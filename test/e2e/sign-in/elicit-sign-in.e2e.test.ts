// @needs chromium
import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ELICIT } from '../../../packages/terminal/test/helpers/elicit-bin.js';
import { CHROMIUM_ARGS } from '../../support/chromium.js';
import { type ProtectedServer, SIGN_IN_USERS, startProtectedServer } from '../../support/protected-server.js';

let server: ProtectedServer;
let browser: Browser;
let configDir: string;
let answers: string;

beforeAll(async () => {
  server = await startProtectedServer();
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  configDir = await mkdtemp(join(tmpdir(), 'elicit-sign-in-'));
  answers = join(configDir, 'answers.json');
  await writeFile(answers, JSON.stringify({ nickname: 'ally' }));
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (configDir) await rm(configDir, { recursive: true, force: true });
});

interface Run {
  child: ChildProcess;
  stderr: () => string;
  stdout: () => string;
  /** Resolves with the authorization URL of the first `Sign in` line. */
  signInUrl: Promise<URL>;
  done: Promise<number>;
}

/** `elicit …` as a script runs it (no terminal), its files under the test's config directory. */
function elicit(args: string[], env: Record<string, string> = {}): Run {
  const child = spawn(ELICIT[0]!, [...ELICIT.slice(1), ...args], {
    env: { ...process.env, NO_COLOR: '1', ELICIT_CONFIG_DIR: configDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let found: (url: URL) => void;
  const signInUrl = new Promise<URL>((resolve) => {
    found = resolve;
  });
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => {
    stderr += chunk;
    const line = /^.*Sign in.*?(https?:\/\/\S+)$/m.exec(stderr);
    if (line) found(new URL(line[1]!));
  });
  const done = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? -1)));
  // A run that ends without asking fails the wait with what it said.
  const asked = Promise.race([
    signInUrl,
    done.then((code) => Promise.reject(new Error(`elicit exited ${code} without a Sign in line: ${stderr}`))),
  ]);
  asked.catch(() => {});
  return { child, stderr: () => stderr, stdout: () => stdout, signInUrl: asked, done };
}

/** The person in Chromium: signs in at the authorization server and allows (or denies) the host. */
async function signInAs(
  url: URL,
  user: 'alice' | 'bob',
  decision: 'Allow' | 'Deny' = 'Allow',
  password: string = SIGN_IN_USERS[user].password,
): Promise<string> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(url.href);
    await page.getByLabel('Username').fill(user);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: decision }).click();
    await page.waitForURL(/^http:\/\/127\.0\.0\.1:\d+\/callback/);
    return (await page.locator('h1').textContent()) ?? '';
  } finally {
    await context.close();
  }
}

async function tokenFiles(): Promise<string[]> {
  const dir = join(configDir, 'sign-in');
  return (await readdir(dir).catch(() => [] as string[]))
    .filter((name) => name.endsWith('.json'))
    .map((name) => join(dir, name));
}

async function storedTokens(): Promise<{ access_token: string; refresh_token?: string }> {
  const [file] = await tokenFiles();
  return JSON.parse(await readFile(file!, 'utf8')).tokens;
}

const call = () => ['call', server.url.href, 'whoami', '--answers', answers, '--no-browser'];

describe('elicit signs in to a protected server (MCP authorization, oidc-provider, Chromium)', () => {
  it('signs in through the browser on a 401, then the call goes on with no further input', {
    timeout: 60_000,
  }, async () => {
    const run = elicit(call());
    const url = await run.signInUrl;
    expect(url.origin).toBe(server.calendar.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('resource')).toBe(server.url.href);
    expect(await signInAs(url, 'alice').catch((e) => `${e} ${run.stderr()}`)).toBe('Signed in');
    expect(await run.done, run.stderr()).toBe(0);
    expect(run.stdout()).toContain('signed in as alice; nickname ally');
    const files = await tokenFiles();
    expect(files).toHaveLength(1);
    expect((await stat(files[0]!)).mode & 0o777).toBe(0o600);
    const tokens = await storedTokens();
    for (const output of [run.stdout(), run.stderr()]) {
      expect(output).not.toContain(tokens.access_token);
      if (tokens.refresh_token) expect(output).not.toContain(tokens.refresh_token);
    }
  });

  it('reuses the stored tokens: no Sign in line on a second run', { timeout: 30_000 }, async () => {
    const run = elicit(call());
    expect(await run.done, run.stderr()).toBe(0);
    expect(run.stderr()).not.toContain('Sign in');
    expect(run.stdout()).toContain('signed in as alice');
  });

  it('refreshes an access token the server no longer accepts, with no Sign in line', {
    timeout: 30_000,
  }, async () => {
    const before = await storedTokens();
    server.expireTokens();
    const run = elicit(call());
    expect(await run.done, run.stderr()).toBe(0);
    expect(run.stderr()).not.toContain('Sign in');
    const after = await storedTokens();
    expect(after.access_token).not.toBe(before.access_token);
  });

  it('signs in again, once, when the refresh token is no longer honoured', { timeout: 60_000 }, async () => {
    const [file] = await tokenFiles();
    const stored = JSON.parse(await readFile(file!, 'utf8'));
    stored.tokens.refresh_token = 'revoked-or-never-issued';
    await writeFile(file!, JSON.stringify(stored), { mode: 0o600 });
    server.expireTokens();
    const run = elicit(call());
    expect(await signInAs(await run.signInUrl, 'alice')).toBe('Signed in');
    expect(await run.done, run.stderr()).toBe(0);
    expect(run.stderr().match(/Sign in/g)).toHaveLength(1);
    expect(run.stdout()).toContain('signed in as alice');
  });

  it('refuses a token file others can read, naming the fix, and reads nothing from it', {
    timeout: 30_000,
  }, async () => {
    const [file] = await tokenFiles();
    await chmod(file!, 0o644);
    const run = elicit(call());
    expect(await run.done).toBe(4);
    expect(run.stderr()).toContain(`chmod 600 ${file}`);
    await chmod(file!, 0o600);
  });

  it('elicit logout revokes the tokens and forgets them; the next run signs in again', {
    timeout: 60_000,
  }, async () => {
    const { access_token } = await storedTokens();
    expect(await server.calendar.verifyAccessToken(access_token, server.url.href)).toBeDefined();
    const logout = elicit(['logout', server.url.href]);
    expect(await logout.done, logout.stderr()).toBe(0);
    expect(logout.stderr()).toContain('revoked');
    expect(await tokenFiles()).toEqual([]);
    expect(await server.calendar.verifyAccessToken(access_token, server.url.href)).toBeUndefined();

    const run = elicit(call());
    const url = await run.signInUrl;
    expect(await signInAs(url, 'bob', 'Deny')).toBe('Sign-in not completed');
    expect(await run.done).toBe(4);
    expect(run.stderr()).toContain('refused');
  });

  it('opens the browser by default (BROWSER), and two runs at once sign in once', {
    timeout: 60_000,
  }, async () => {
    const opened = join(configDir, 'opened.txt');
    const browserScript = join(configDir, 'browser.sh');
    await writeFile(browserScript, `#!/bin/sh\nprintf '%s\\n' "$1" >> '${opened}'\n`, { mode: 0o755 });
    const args = ['call', server.url.href, 'whoami', '--answers', answers];
    const first = elicit(args, { BROWSER: browserScript });
    const url = await first.signInUrl;
    const second = elicit(args, { BROWSER: browserScript });
    expect(await signInAs(url, 'alice')).toBe('Signed in');
    expect(await first.done, first.stderr()).toBe(0);
    expect(await second.done, second.stderr()).toBe(0);
    expect(second.stderr()).not.toContain('Sign in');
    expect((await readFile(opened, 'utf8')).trim().split('\n')).toEqual([url.href]);
  });
});

describe('elicit bridge --stdio signs in upstream for a desktop host (a v1 SDK stdio host)', () => {
  it('answers initialize at once, signs in on the first request that needs upstream, and relays the form', {
    timeout: 60_000,
  }, async () => {
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
    const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
    const { ElicitRequestSchema } = await import('@modelcontextprotocol/sdk/types.js');
    const bridgeConfig = await mkdtemp(join(tmpdir(), 'elicit-bridge-sign-in-'));
    const transport = new StdioClientTransport({
      command: ELICIT[0]!,
      args: [...ELICIT.slice(1), 'bridge', '--stdio', '--no-browser', server.url.href],
      env: { ...(process.env as Record<string, string>), NO_COLOR: '1', ELICIT_CONFIG_DIR: bridgeConfig },
      stderr: 'pipe',
    });
    let stderr = '';
    let found: (url: URL) => void;
    const signInUrl = new Promise<URL>((resolve) => {
      found = resolve;
    });
    transport.stderr?.on('data', (chunk) => {
      stderr += chunk;
      const line = /Sign in.*?(https?:\/\/\S+)$/m.exec(stderr);
      if (line) found(new URL(line[1]!));
    });
    const host = new Client(
      { name: 'desktop-host', version: '1.0.0' },
      { capabilities: { elicitation: { form: {} } } },
    );
    host.setRequestHandler(ElicitRequestSchema, async () => ({
      action: 'accept',
      content: { nickname: 'desk' },
    }));
    try {
      await host.connect(transport);
      const listed = host.listTools();
      await signInAs(await signInUrl, 'alice');
      expect((await listed).tools.map((tool) => tool.name)).toContain('whoami');
      const result = await host.callTool({ name: 'whoami', arguments: {} });
      expect(JSON.stringify(result.content)).toContain('signed in as alice; nickname desk');
      const [file] = (await readdir(join(bridgeConfig, 'sign-in'))).filter((name) => name.endsWith('.json'));
      expect((await stat(join(bridgeConfig, 'sign-in', file!))).mode & 0o777).toBe(0o600);
    } finally {
      await host.close();
      await rm(bridgeConfig, { recursive: true, force: true });
    }
  });
});

describe('the demo as a protected resource: its own authorization server, the static tokens still accepted', () => {
  it('elicit signs bob in to the demo through Chromium and the call completes; a static demo token still works', {
    timeout: 60_000,
  }, async () => {
    const { startDemo } = await import('../../../examples/demo/src/demo-server.js');
    const { DEFAULT_USERS } = await import('../../../examples/demo/src/users.js');
    const dataDir = await mkdtemp(join(tmpdir(), 'elicit-demo-sign-in-'));
    const demo = await startDemo({
      port: 0,
      dataDir,
      users: DEFAULT_USERS,
      logger: { info() {}, warn() {} },
    });
    try {
      const colors = join(dataDir, 'answers.json');
      await writeFile(colors, JSON.stringify({ color: '#4169e1' }));
      const run = elicit(['call', demo.url.href, 'pick_color', '--answers', colors, '--no-browser']);
      const url = await run.signInUrl;
      expect(url.searchParams.get('resource')).toBe(demo.url.href);
      expect(await signInAs(url, 'bob', 'Allow', 'bob-pass')).toBe('Signed in');
      expect(await run.done, run.stderr()).toBe(0);
      expect(run.stdout()).toContain('#4169e1');
      const scripted = elicit([
        'call',
        demo.url.href,
        'pick_color',
        '--answers',
        colors,
        '-H',
        'Authorization: Bearer demo-alice',
      ]);
      expect(await scripted.done, scripted.stderr()).toBe(0);
    } finally {
      await demo.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

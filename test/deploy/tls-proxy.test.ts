// @needs chromium, redis-server, nginx
// Issue 29: the demo as it is deployed. Debian's nginx terminates TLS (a certificate made here, at test time) in
// front of two demo instances on one redis-server, each started with `--public-url https://localhost:<port>`.
// Chromium signs in and completes a URL flow and the OAuth flow through the proxy; a 2026-07-28 round and a task
// asked on one instance are answered on the other; one instance is killed mid-flow and the flow completes.
//
// Which instance serves a request: `?instance=a|b` on the MCP endpoint, or an `instance` cookie in the browser,
// sends it to that instance first (the other one is its backup, as a load balancer fails over); anything else is
// spread over both.

import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { callToolWithElicitation, installElicitation } from '@elicitkit/client';
import { scriptedUI } from '@elicitkit/client/testing';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRedis, type TestRedis } from '../../packages/server/test/redis/redis-server.js';
import { taskWireClient, type Wire } from '../../packages/server/test/tasks/wire-client.js';
import { ALICE, type DemoProcess, startDemoServer } from '../../packages/terminal/test/helpers/demo.js';
import { OpenedUrls } from '../e2e/oauth/host.js';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../support/chromium.js';
import { freePort } from '../support/listen.js';
import { makeCertificate, type Nginx, startNginx, tlsServer } from '../support/nginx.js';

let dir: string;
let redis: TestRedis;
let nginx: Nginx | undefined;
let browser: Browser;
let context: BrowserContext;
let publicOrigin: string;
let certificate: string;
const instances: Record<'a' | 'b', DemoProcess> = {} as never;
/** Where each instance listens (`127.0.0.1:<port>`), what nginx forwards to. */
const inside: Record<'a' | 'b', string> = { a: '', b: '' };
const addressOf = (demo: DemoProcess) =>
  /listening on: http:\/\/(127\.0\.0\.1:\d+)\//.exec(demo.stdout())![1]!;

/** fetch over https that trusts the test's certificate (and nothing else new): the MCP clients' transport. */
function trustingFetch(ca: string): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    return new Promise<Response>((resolve, reject) => {
      const outgoing = httpsRequest(
        request.url,
        { method: request.method, headers: Object.fromEntries(request.headers), ca, signal: request.signal },
        (incoming) => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(incoming.headers)) {
            for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value])
              headers.append(name, one);
          }
          const status = incoming.statusCode ?? 502;
          const empty = status === 204 || status === 304 || request.method === 'HEAD';
          resolve(
            new Response(empty ? null : (Readable.toWeb(incoming) as ReadableStream), { status, headers }),
          );
        },
      );
      outgoing.once('error', reject);
      outgoing.end(body);
    });
  };
}

/** The upstream (`127.0.0.1:<port>`) that served each response of `fetch`, in order (nginx's `X-Upstream`). */
function recordingUpstreams(inner: typeof fetch): { fetch: typeof fetch; upstreams: string[] } {
  const upstreams: string[] = [];
  return {
    upstreams,
    fetch: async (input, init) => {
      const response = await inner(input, init);
      upstreams.push(response.headers.get('x-upstream') ?? '');
      return response;
    },
  };
}

const mcpOn = (instance?: 'a' | 'b') => `${publicOrigin}/mcp${instance ? `?instance=${instance}` : ''}`;

/** An elicitkit host on 2026-07-28 whose requests go to `route()`'s instance, over TLS. */
async function host(route: () => 'a' | 'b', steps: Parameters<typeof scriptedUI>[0] = []) {
  const opened = new OpenedUrls();
  const ui = scriptedUI(steps, { url: { action: 'consent' } });
  const client = new Client(
    { name: 'deployed-host', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  installElicitation(client, { ui, opener: opened.opener, rateLimit: false });
  const tls = recordingUpstreams(trustingFetch(certificate));
  await client.connect(
    new StreamableHTTPClientTransport(new URL(mcpOn()), {
      requestInit: { headers: { Authorization: `Bearer ${ALICE.token}` } },
      fetch: (input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        url.searchParams.set('instance', route());
        return tls.fetch(url, init);
      },
    }),
  );
  return { client, ui, opened, upstreams: tls.upstreams };
}

/** Alice's browser, signed in through the proxy, its requests sent to `instance` first. */
async function signedIn(instance: 'a' | 'b'): Promise<Page> {
  await context.clearCookies();
  await context.addCookies([{ name: 'instance', value: instance, url: publicOrigin }]);
  const page = await context.newPage();
  await page.goto(`${publicOrigin}/login?next=%2F`);
  await page.fill('#username', ALICE.name);
  await page.fill('#password', ALICE.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  return page;
}

const textOf = (result: { content: unknown }) => (result.content as { text: string }[])[0]?.text;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'elicitkit-deploy-'));
  redis = await startTestRedis();
  certificate = await makeCertificate(dir);
  const port = await freePort();
  publicOrigin = `https://localhost:${port}`;
  const data = join(dir, 'data');
  const [a, b] = await Promise.all(
    ['a', 'b'].map(() => startDemoServer(data, ['--redis', redis.url, '--public-url', publicOrigin])),
  );
  instances.a = a!;
  instances.b = b!;
  inside.a = addressOf(instances.a);
  inside.b = addressOf(instances.b);
  const [A, B] = [inside.a, inside.b];
  nginx = await startNginx(
    dir,
    port,
    `  upstream both { server ${A} max_fails=1 fail_timeout=30s; server ${B} max_fails=1 fail_timeout=30s; }
  upstream a_first { server ${A} max_fails=1 fail_timeout=30s; server ${B} backup; }
  upstream b_first { server ${B} max_fails=1 fail_timeout=30s; server ${A} backup; }
  map $arg_instance $by_argument { a a_first; b b_first; default ""; }
  map $cookie_instance $by_cookie { a a_first; b b_first; default both; }
  map $by_argument $backend { "" $by_cookie; default $by_argument; }
${tlsServer(dir, port, 'proxy_pass http://$backend; add_header X-Upstream $upstream_addr always;')}`,
  );
  browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS });
  // The certificate is this test's own; Chromium is told to accept it, the Node clients trust it explicitly.
  context = await browser.newContext({ ignoreHTTPSErrors: true });
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  nginx?.stop();
  await Promise.allSettled(Object.values(instances).map((demo) => demo.stop()));
  await redis?.dispose();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the demo behind nginx (TLS) on two instances and one redis-server', () => {
  it('prints the public endpoint; Chromium signs in through the proxy with a Secure session cookie', async () => {
    expect(instances.a.stdout()).toMatch(new RegExp(`^MCP endpoint: ${publicOrigin}/mcp$`, 'm'));
    await signedIn('b');
    const session = (await context.cookies(publicOrigin)).find((c) => c.name === 'elicitkit_session');
    expect(session).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
  });

  it('a URL flow: the link is on the public origin, and the credential page completes it through the proxy', async () => {
    const { client, opened } = await host(() => 'a');
    const call = callToolWithElicitation(client, { name: 'set_api_key', arguments: {} });
    const href = await opened.next();
    expect(href).toMatch(new RegExp(`^${publicOrigin}/elicit/[A-Za-z0-9_-]{43}$`));
    const page = await signedIn('b'); // the browser reaches the other instance
    expect((await page.goto(href))?.headers()['x-upstream']).toBe(inside.b);
    await page.locator('#value').fill('sk-deployed-12345678');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('h1').textContent()).resolves.toBe('Saved');
    expect(textOf(await call)).toBe('Your Example API key is stored on the server, encrypted. Try use_api.');
    await client.close();
  });

  it("the demo's OAuth flow: the callback through the proxy matches the public redirect URI", async () => {
    const { client, opened } = await host(() => 'a');
    const call = callToolWithElicitation(client, { name: 'list_calendar_events', arguments: {} });
    const href = await opened.next();
    expect(href.startsWith(`${publicOrigin}/elicit/`)).toBe(true);
    // Example Calendar is instance a's own provider: the browser goes to a, as a sticky load balancer would.
    const page = await signedIn('a');
    await page.goto(href);
    await page.getByRole('button', { name: 'Continue to Example Calendar' }).click();
    await page.fill('#username', 'alice');
    await page.fill('#password', 'alice-calendar');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${publicOrigin}/oauth/callback/`));
    await expect(page.locator('h1').textContent()).resolves.toBe('Example Calendar connected');
    expect(textOf(await call)).toContain('Dentist');
    await client.close();
  });

  it('a 2026-07-28 round asked on a is answered on b', async () => {
    const [onA, onB] = (['a', 'b'] as const).map((instance) => {
      const recorded = recordingUpstreams(trustingFetch(certificate));
      return {
        recorded,
        client: taskWireClient(mcpOn(instance), { token: ALICE.token, tasks: false, ...recorded }),
      };
    });
    const asked = await onA!.client.rpc('tools/call', { name: 'pick_color', arguments: {} });
    expect(asked.result).toMatchObject({ resultType: 'input_required' });
    const [key] = Object.keys(asked.result.inputRequests as Wire);
    const answered = await onB!.client.rpc('tools/call', {
      name: 'pick_color',
      arguments: {},
      requestState: asked.result.requestState,
      inputResponses: { [key!]: { action: 'accept', content: { color: '#228b22' } } },
    });
    expect(answered.result.content[0].text).toBe('Napkins: #228b22.');
    expect(onA!.recorded.upstreams).toEqual([inside.a]);
    expect(onB!.recorded.upstreams).toEqual([inside.b]);
  });

  it('export_report as a task: made on a, answered and finished on b', async () => {
    const [onA, onB] = (['a', 'b'] as const).map((instance) => {
      const recorded = recordingUpstreams(trustingFetch(certificate));
      return { recorded, client: taskWireClient(mcpOn(instance), { token: ALICE.token, ...recorded }) };
    });
    const handle = await onA!.client.call('export_report', { month: 'May' });
    expect(handle).toMatchObject({ resultType: 'task' });
    const asked = await onB!.client.waitFor(handle.taskId, (task) => task.status === 'input_required');
    const [key] = Object.keys(asked.inputRequests as Wire);
    await onB!.client.update(handle.taskId, { [key!]: { action: 'accept', content: { confirm: true } } });
    const done = await onB!.client.waitFor(handle.taskId, (task) => task.status === 'completed');
    expect(done.result.content[0].text).toBe('Report for May sent to finance: 128 bookings.');
    expect(new Set(onA!.recorded.upstreams)).toEqual(new Set([inside.a]));
    expect(new Set(onB!.recorded.upstreams)).toEqual(new Set([inside.b]));
  }, 60_000);

  it('instance a killed mid-flow: the page and the retry reach b, and the flow completes', async () => {
    let instance: 'a' | 'b' = 'a';
    const { client, opened, upstreams } = await host(() => instance);
    const call = callToolWithElicitation(client, { name: 'set_api_key', arguments: {} });
    const href = await opened.next();
    instance = 'b';
    instances.a.child.kill('SIGKILL');
    await new Promise((resolve) => instances.a.child.once('exit', resolve));
    const page = await signedIn('a'); // a's browser: the proxy fails over to b
    expect((await page.goto(href))?.headers()['x-upstream']).toBe(inside.b);
    await page.locator('#value').fill('sk-after-the-crash-1234');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('h1').textContent()).resolves.toBe('Saved');
    expect(textOf(await call)).toBe('Your Example API key is stored on the server, encrypted. Try use_api.');
    expect(upstreams[0]).toBe(inside.a);
    expect(upstreams.at(-1)).toBe(inside.b);
    await client.close();
  }, 60_000);
});

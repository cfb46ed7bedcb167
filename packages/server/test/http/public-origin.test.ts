// Issue 29: behind a TLS-terminating proxy the server sees http://127.0.0.1:<port>; one setting (publicUrl, or
// trustProxy for the proxy's forwarded headers) makes every piece see the request as the browser made it. Nothing
// forwarded is trusted unless configured.

import { request as httpRequest } from 'node:http';
import { McpServer } from '@modelcontextprotocol/server';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { behindProxy, type ServedMcpHttp, serveMcpHttp } from '../../src/http/index.js';
import {
  createLoginRoutes,
  forwardedClientAddress,
  SessionCookies,
  staticUsers,
} from '../../src/url/login/index.js';
import { csrfOf } from '../url/browser.js';

const INSIDE = 'http://127.0.0.1:8080';
const PUBLIC = 'https://demo.example';
const echo = (request: Request) =>
  Response.json({ url: request.url, host: request.headers.get('host'), method: request.method });

describe('behindProxy', () => {
  it('without publicUrl or trustProxy, hands requests on unchanged (nothing forwarded is trusted)', async () => {
    const served = behindProxy(echo, {});
    expect(served).toBe(echo);
    const request = new Request(`${INSIDE}/a`, {
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' },
    });
    expect(await (await behindProxy(echo, { trustProxy: false })(request)).json()).toMatchObject({
      url: `${INSIDE}/a`,
    });
  });

  it('with publicUrl, every request is made there: path, query, method, headers (Host too) and body kept', async () => {
    const served = behindProxy(
      async (request: Request) => {
        return Response.json({
          url: request.url,
          host: request.headers.get('host'),
          method: request.method,
          cookie: request.headers.get('cookie'),
          body: await request.text(),
        });
      },
      { publicUrl: `${PUBLIC}/ignored/path` },
    );
    const response = await served(
      new Request(`${INSIDE}/login?next=%2Fx`, {
        method: 'POST',
        headers: { cookie: 'a=1', host: '127.0.0.1:8080', 'x-forwarded-host': 'evil.example' },
        body: 'username=alice',
      }),
    );
    expect(await response.json()).toEqual({
      url: `${PUBLIC}/login?next=%2Fx`,
      host: '127.0.0.1:8080',
      method: 'POST',
      cookie: 'a=1',
      body: 'username=alice',
    });
  });

  it('with trustProxy alone, reads X-Forwarded-Proto and -Host; malformed values leave the request as it was', async () => {
    const served = behindProxy(echo, { trustProxy: true });
    const made = async (headers: Record<string, string>) =>
      ((await (await served(new Request(`${INSIDE}/p`, { headers }))).json()) as { url: string }).url;
    expect(await made({ 'x-forwarded-proto': 'https', 'x-forwarded-host': 'demo.example' })).toBe(
      `${PUBLIC}/p`,
    );
    expect(await made({ 'x-forwarded-proto': 'https, http', host: 'demo.example:8443' })).toBe(
      'https://demo.example:8443/p',
    );
    expect(await made({ 'x-forwarded-proto': 'gopher', 'x-forwarded-host': 'demo.example' })).toBe(
      `${INSIDE}/p`,
    );
    expect(await made({ 'x-forwarded-proto': 'https', 'x-forwarded-host': 'a/b@evil' })).toBe(`${INSIDE}/p`);
  });

  it('refuses a publicUrl that is no http(s) origin, naming the option', () => {
    for (const bad of ['not a url', 'ftp://demo.example', 'https://user:pw@demo.example']) {
      expect(() => behindProxy(echo, { publicUrl: bad })).toThrow(
        expect.objectContaining({ code: 'invalid-option', details: { option: 'publicUrl' } }),
      );
    }
  });
});

describe('the login behind a TLS-terminating proxy', () => {
  const SECRET = 'a-session-secret-that-is-32-bytes-long!!';
  const sessions = new SessionCookies({ secret: SECRET });
  const app = new Hono().route(
    '/',
    createLoginRoutes({ sessions, users: staticUsers({ alice: 'alice-pass' }) }),
  );

  async function signIn(fetch: (request: Request) => Response | Promise<Response>) {
    const form = await fetch(new Request(`${INSIDE}/login?next=%2F`));
    const cookie = (form.headers.get('set-cookie') ?? '').split(';')[0]!;
    const csrf = csrfOf(await form.text());
    // What a browser sends from the public page: its real origin.
    return fetch(
      new Request(`${INSIDE}/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          cookie,
          origin: PUBLIC,
          'sec-fetch-site': 'same-origin',
        },
        body: new URLSearchParams({ csrf, next: '/', username: 'alice', password: 'alice-pass' }),
      }),
    );
  }

  it('without publicUrl: the real Origin is refused as cross-site, and the cookie is not Secure', async () => {
    const response = await signIn((request) => app.fetch(request));
    expect(response.status).toBe(403);
    expect(await response.text()).toBe('Cross-site login refused');
  });

  it('with publicUrl: the login succeeds and the session cookie is Secure', async () => {
    const response = await signIn(
      behindProxy((request: Request) => app.fetch(request), { publicUrl: PUBLIC }),
    );
    expect(response.status).toBe(303);
    const [session = ''] = response.headers.getSetCookie();
    expect(session).toMatch(/^elicitkit_session=/);
    expect(session.toLowerCase()).toContain('; secure');
  });

  it('forwardedClientAddress reads the entry the proxy appended, not what the client claimed', async () => {
    const probe = new Hono().get('/', (c) => c.text(String(forwardedClientAddress(c))));
    const address = async (header?: string) =>
      (await probe.request('/', header ? { headers: { 'x-forwarded-for': header } } : {})).text();
    expect(await address('6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    expect(await address('203.0.113.7')).toBe('203.0.113.7');
    expect(await address()).toBe('undefined');
  });
});

describe('serveMcpHttp with publicUrl', () => {
  let served: ServedMcpHttp | undefined;
  afterEach(async () => {
    await served?.close();
    served = undefined;
  });

  it("accepts the public origin's Host (and loopback), refuses any other (DNS rebinding)", async () => {
    served = await serveMcpHttp(() => new McpServer({ name: 's', version: '1' }), { publicUrl: PUBLIC });
    // fetch cannot set Host (a forbidden header): a raw request can, as a rebinding page's browser would send it.
    const status = (host: string) =>
      new Promise<number | undefined>((resolve, reject) => {
        const request = httpRequest(served!.url, {
          method: 'GET',
          headers: { host, accept: 'text/event-stream' },
        });
        request.on('response', (response) => {
          response.resume();
          resolve(response.statusCode);
        });
        request.on('error', reject);
        request.end();
      });
    expect(await status('demo.example')).not.toBe(403);
    expect(await status('127.0.0.1')).not.toBe(403);
    expect(await status('evil.example')).toBe(403);
  });
});

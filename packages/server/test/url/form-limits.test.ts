import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { oauthProviders } from '../../src/oauth/index.js';
import { bearerIdentity, createUrlMode } from '../../src/url/index.js';
import {
  createLoginRoutes,
  LoginThrottle,
  type LoginThrottlePolicy,
  SessionCookies,
  staticUsers,
} from '../../src/url/login/index.js';
import { MemoryElicitationStore } from '../../src/url/store/index.js';
import { createVaultKeyring, generateVaultKey, parseVaultKey, Vault } from '../../src/url/vault/index.js';
import { csrfOf } from './browser.js';

const ORIGIN = 'http://127.0.0.1:8080';
const SECRET = 'a-session-secret-that-is-32-bytes-long!!';
const FORM = { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN };

/** An endless chunked form body that counts what was pulled from it. */
function endless(): { body: ReadableStream<Uint8Array>; pulled: () => number } {
  let pulled = 0;
  const chunk = new TextEncoder().encode(`a=${'x'.repeat(1022)}`);
  return {
    body: new ReadableStream({
      pull(controller) {
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    }),
    pulled: () => pulled,
  };
}

const chunkedPost = (app: Hono, path: string, body: ReadableStream<Uint8Array>) =>
  app.request(`${ORIGIN}${path}`, { method: 'POST', headers: FORM, body, duplex: 'half' } as RequestInit);

function pagesApp(maxBodyBytes?: number): Hono {
  return createUrlMode({
    store: new MemoryElicitationStore(),
    publicBaseUrl: ORIGIN,
    identity: bearerIdentity(),
    browserIdentity: () => 'alice',
    kinds: [{ name: 'plain', handle: () => new Response('handled') }],
    ...(maxBodyBytes ? { maxBodyBytes } : {}),
  }).routes;
}

/** Login routes whose client address is the `x-test-address` header (a test stand-in for the socket). */
function loginApp(throttle?: LoginThrottlePolicy | LoginThrottle | false, maxBodyBytes?: number): Hono {
  return new Hono().route(
    '/',
    createLoginRoutes({
      sessions: new SessionCookies({ secret: SECRET }),
      users: staticUsers({ alice: 'alice-pass', bob: 'bob-pass' }),
      clientAddress: (c) => c.req.header('x-test-address'),
      ...(throttle !== undefined ? { throttle } : {}),
      ...(maxBodyBytes ? { maxBodyBytes } : {}),
    }),
  );
}

/** Posts the login form with a fresh login token, as a browser would. */
async function attempt(app: Hono, username: string, password: string, address = '192.0.2.1') {
  const form = await app.request(`${ORIGIN}/login`);
  const cookie = (form.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const response = await app.request(`${ORIGIN}/login`, {
    method: 'POST',
    headers: { ...FORM, cookie, 'x-test-address': address },
    body: new URLSearchParams({ csrf: csrfOf(await form.text()), next: '/', username, password }),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    page: await response.text(),
  };
}

describe('form bodies are bounded while they are read (hono body-limit)', () => {
  it('an elicitation page answers 413 to a chunked POST and stops reading past the bound', async () => {
    const stream = endless();
    const response = await chunkedPost(pagesApp(8 * 1024), `/elicit/${'A'.repeat(43)}`, stream.body);
    expect(response.status).toBe(413);
    expect(response.headers.get('connection')).toBe('close');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(stream.pulled()).toBeLessThanOrEqual(8 * 1024 + 4 * 1024);
  });

  it('the pages default to 64 KiB, declared or chunked', async () => {
    const declared = await pagesApp().request(`${ORIGIN}/elicit/${'A'.repeat(43)}`, {
      method: 'POST',
      headers: FORM,
      body: `a=${'x'.repeat(64 * 1024)}`,
    });
    expect(declared.status).toBe(413);
    const stream = endless();
    expect((await chunkedPost(pagesApp(), `/elicit/${'A'.repeat(43)}`, stream.body)).status).toBe(413);
    expect(stream.pulled()).toBeLessThanOrEqual(68 * 1024);
  });

  it('the login form answers 413 to a chunked POST (default 16 KiB) before reading more', async () => {
    const stream = endless();
    const response = await chunkedPost(loginApp(), '/login', stream.body);
    expect(response.status).toBe(413);
    expect(response.headers.get('connection')).toBe('close');
    expect(stream.pulled()).toBeLessThanOrEqual(20 * 1024);
    const small = endless();
    expect((await chunkedPost(loginApp(undefined, 2048), '/login', small.body)).status).toBe(413);
    expect(small.pulled()).toBeLessThanOrEqual(6 * 1024);
  });

  it('the OAuth callback refuses anything but GET unread, closing the connection', async () => {
    const store = new MemoryElicitationStore();
    const elicitations = createUrlMode({
      store,
      vault: new Vault({ store, keys: createVaultKeyring(parseVaultKey(generateVaultKey())) }),
      oauth: oauthProviders([
        {
          name: 'calendar',
          displayName: 'Calendar',
          issuer: 'https://calendar.example',
          clientId: 'c',
          scopes: ['read'],
        },
      ]),
      publicBaseUrl: ORIGIN,
      identity: bearerIdentity(),
      browserIdentity: () => 'alice',
    });
    const app = elicitations.routes;
    const stream = endless();
    const response = await chunkedPost(app, '/oauth/callback/calendar', stream.body);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
    expect(response.headers.get('connection')).toBe('close');
    expect(stream.pulled()).toBeLessThanOrEqual(2 * 1024);
    await elicitations.close();
  });

  it('over real HTTP on 127.0.0.1, a chunked login POST with no Content-Length gets 413', async () => {
    const app = loginApp(undefined, 4096);
    const { server, port } = await new Promise<{ server: ReturnType<typeof serve>; port: number }>((done) => {
      const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) =>
        done({ server, port: info.port }),
      );
    });
    try {
      const status = await new Promise<number | undefined>((resolve, reject) => {
        const request = httpRequest(
          { host: '127.0.0.1', port, path: '/login', method: 'POST', headers: FORM },
          (response) => {
            response.resume();
            resolve(response.statusCode);
          },
        );
        request.on('error', reject);
        for (let i = 0; i < 16; i++) request.write(`a=${'x'.repeat(1022)}`);
        request.end();
      });
      expect(status).toBe(413);
    } finally {
      await new Promise<void>((done) => {
        server.close(() => done());
        if ('closeAllConnections' in server) server.closeAllConnections();
      });
    }
  });
});

describe('login throttling (injected clock)', () => {
  it('answers the 11th wrong password for an account with 429 and Retry-After, without checking it', async () => {
    let now = 0;
    const app = loginApp({ clock: { now: () => now } });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await attempt(app, 'alice', `wrong-${i}`)).status);
    expect(statuses).toEqual(Array(10).fill(401));
    const blocked = await attempt(app, 'alice', 'alice-pass');
    expect(blocked).toMatchObject({ status: 429, retryAfter: '1' });
    expect(blocked.page).toContain('Too many failed sign-ins. Wait 1 seconds');
    now += 1000;
    // The wait doubles with each failure past the free ones.
    expect((await attempt(app, 'alice', 'wrong')).status).toBe(401);
    expect(await attempt(app, 'alice', 'wrong')).toMatchObject({ status: 429, retryAfter: '2' });
    now += 2000;
    expect((await attempt(app, 'alice', 'alice-pass')).status).toBe(303);
    // A success clears the account's count.
    expect((await attempt(app, 'alice', 'wrong')).status).toBe(401);
  });

  it('the issue’s flood: 60 wrong passwords as fast as possible get 429 from the 11th on; paced, ≤ 20 checked a minute', async () => {
    let now = 0;
    const frozen = loginApp({ clock: { now: () => now } });
    const fast: number[] = [];
    for (let i = 0; i < 60; i++) fast.push((await attempt(frozen, 'alice', `wrong-${i}`)).status);
    expect(fast).toEqual([...Array(10).fill(401), ...Array(50).fill(429)]);
    const paced = loginApp({ clock: { now: () => now } });
    const checkedAt: number[] = [];
    // One guess every 1.5 s for three minutes: the back-off, not the pace, decides how many are checked.
    for (let i = 0; i < 120; i++, now += 1500) {
      if ((await attempt(paced, 'alice', `wrong-${i}`)).status === 401) checkedAt.push(now);
    }
    const mostInAMinute = Math.max(
      ...checkedAt.map((t) => checkedAt.filter((u) => u >= t && u < t + 60_000).length),
    );
    expect(mostInAMinute).toBeLessThanOrEqual(20);
    expect(checkedAt.length).toBeLessThan(20);
  });

  it('treats an unknown username exactly like a known one (no enumeration)', async () => {
    const now = 0;
    const app = loginApp({ clock: { now: () => now } });
    const known = [];
    const unknown = [];
    for (let i = 0; i < 12; i++) {
      known.push(await attempt(app, 'alice', 'wrong', '192.0.2.1'));
      unknown.push(await attempt(app, 'nobody', 'wrong', '192.0.2.2'));
    }
    const shape = (r: { status: number; retryAfter: string | null; page: string }) => ({
      status: r.status,
      retryAfter: r.retryAfter,
      message: /role="alert">([^<]*)</.exec(r.page)?.[1],
    });
    expect(unknown.map(shape)).toEqual(known.map(shape));
  });

  it('slows one address guessing many accounts, and only that address', async () => {
    const now = 0;
    const app = loginApp({ clock: { now: () => now } });
    for (let i = 0; i < 20; i++)
      expect((await attempt(app, `user${i}`, 'wrong', '198.51.100.7')).status).toBe(401);
    expect((await attempt(app, 'bob', 'bob-pass', '198.51.100.7')).status).toBe(429);
    expect((await attempt(app, 'bob', 'bob-pass', '198.51.100.8')).status).toBe(303);
  });

  it('reads the client address from the socket under @hono/node-server by default', async () => {
    const app = new Hono().route(
      '/',
      createLoginRoutes({
        sessions: new SessionCookies({ secret: SECRET }),
        users: staticUsers({ bob: 'bob-pass' }),
      }),
    );
    const { server, base } = await new Promise<{ server: ReturnType<typeof serve>; base: string }>((done) => {
      const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) =>
        done({ server, base: `http://127.0.0.1:${info.port}` }),
      );
    });
    const over = async (username: string, password: string) => {
      const form = await fetch(`${base}/login`);
      const cookie = (form.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      const response = await fetch(`${base}/login`, {
        method: 'POST',
        headers: { ...FORM, origin: base, cookie },
        body: new URLSearchParams({ csrf: csrfOf(await form.text()), next: '/', username, password }),
        redirect: 'manual',
      });
      await response.arrayBuffer();
      return response.status;
    };
    try {
      // 20 different accounts, one failure each: only the address (127.0.0.1) can have counted them.
      for (let i = 0; i < 20; i++) expect(await over(`user${i}`, 'wrong')).toBe(401);
      expect(await over('bob', 'bob-pass')).toBe(429);
    } finally {
      await new Promise<void>((done) => {
        server.close(() => done());
        if ('closeAllConnections' in server) server.closeAllConnections();
      });
    }
  });

  it('forgets failures after a quiet hour, keeps a bounded number of keys, and can be turned off', async () => {
    let now = 0;
    const throttle = new LoginThrottle({
      clock: { now: () => now },
      accountFreeFailures: 2,
      maxTrackedKeys: 3,
    });
    throttle.failed('alice', undefined);
    throttle.failed('ALICE', undefined);
    expect(throttle.waitMs('Alice', undefined)).toBe(1000);
    now += 60 * 60 * 1000;
    expect(throttle.waitMs('alice', undefined)).toBe(0);
    throttle.failed('alice', undefined);
    throttle.failed('alice', undefined);
    for (const name of ['a', 'b', 'c']) throttle.failed(name, undefined);
    // Four keys for a table of three: the least recently failed (alice) was dropped.
    expect(throttle.waitMs('alice', undefined)).toBe(0);
    expect(() => new LoginThrottle({ baseDelayMs: 0 })).toThrow(RangeError);
    const open = loginApp(false);
    const statuses = [];
    for (let i = 0; i < 30; i++) statuses.push((await attempt(open, 'alice', 'wrong')).status);
    expect(new Set(statuses)).toEqual(new Set([401]));
  });
});

import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { sameOriginPath } from '../../src/url/browser/next-path.js';
import { createLoginRoutes, SessionCookies, staticUsers } from '../../src/url/index.js';
import { csrfOf } from './browser.js';

const SECRET = 'a-session-secret-that-is-32-bytes-long!!';
const ORIGIN = 'http://127.0.0.1:8080';

const cookieHeader = (setCookie: string) => setCookie.split(';')[0] ?? '';

describe('SessionCookies', () => {
  it('issues an HttpOnly, SameSite=Lax cookie, Secure only over https, and reads it back', () => {
    const sessions = new SessionCookies({ secret: SECRET });
    const http = sessions.issue('alice', new Request(`${ORIGIN}/`));
    expect(http).toMatch(/HttpOnly/);
    expect(http).toMatch(/SameSite=Lax/);
    expect(http).not.toMatch(/Secure/);
    expect(sessions.issue('alice', new Request('https://app.example/'))).toMatch(/; Secure/);
    const request = new Request(`${ORIGIN}/`, { headers: { cookie: `other=1; ${cookieHeader(http)}` } });
    expect(sessions.read(request)).toBe('alice');
  });

  it('refuses forged, re-signed, expired and foreign cookies', () => {
    let now = Date.now();
    const sessions = new SessionCookies({ secret: SECRET, maxAgeSeconds: 60, now: () => now });
    const value = cookieHeader(sessions.issue('alice', new Request(`${ORIGIN}/`))).split('=')[1] ?? '';
    const read = (v: string) =>
      sessions.read(new Request(`${ORIGIN}/`, { headers: { cookie: `elicitkit_session=${v}` } }));
    const [v1, payload, mac] = value.split('.');
    const bobPayload = Buffer.from(JSON.stringify({ u: 'bob', exp: 9e9 })).toString('base64url');
    expect(read(`${v1}.${bobPayload}.${mac}`)).toBeUndefined();
    expect(read(`${v1}.${payload}.${'A'.repeat(mac?.length ?? 0)}`)).toBeUndefined();
    const foreign = new SessionCookies({ secret: `${SECRET}-other` });
    expect(
      foreign.read(new Request(`${ORIGIN}/`, { headers: { cookie: `elicitkit_session=${value}` } })),
    ).toBeUndefined();
    expect(read(value)).toBe('alice');
    now += 61_000;
    expect(read(value)).toBeUndefined();
    expect(() => new SessionCookies({ secret: 'short' })).toThrow(/32 bytes/);
  });
});

describe('sameOriginPath (no open redirect)', () => {
  it.each([
    ['/elicit/abc', '/elicit/abc'],
    ['/a?b=c', '/a?b=c'],
    ['//evil.example/x', '/'],
    ['/\\evil.example', '/'],
    ['/\t/evil.example', '/'],
    ['https://evil.example/', '/'],
    ['http://127.0.0.1:8080/ok', '/'],
    ['javascript:alert(1)', '/'],
    ['', '/'],
  ])('%j → %j', (next, expected) => {
    expect(sameOriginPath(next, ORIGIN)).toBe(expected);
  });
});

describe('login routes', () => {
  const sessions = new SessionCookies({ secret: SECRET });
  const app = new Hono().route(
    '/',
    createLoginRoutes({ sessions, users: staticUsers({ alice: 'alice-pass' }) }),
  );

  async function loginForm(next = '/') {
    const response = await app.request(`${ORIGIN}/login?next=${encodeURIComponent(next)}`);
    const page = await response.text();
    return { page, csrf: csrfOf(page), cookie: cookieHeader(response.headers.get('set-cookie') ?? '') };
  }

  const post = (form: Record<string, string>, headers: Record<string, string> = {}) =>
    app.request(`${ORIGIN}/login`, { method: 'POST', body: new URLSearchParams(form), headers });

  it('logs in with the right password and redirects to a same-origin next only', async () => {
    const { csrf, cookie } = await loginForm('/elicit/abc');
    const ok = await post(
      { csrf, next: '/elicit/abc', username: 'alice', password: 'alice-pass' },
      { cookie },
    );
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/elicit/abc');
    const session = ok.headers.getSetCookie().find((c) => c.startsWith('elicitkit_session='));
    expect(session).toMatch(/HttpOnly; SameSite=Lax/);
    const evil = await post(
      { csrf, next: '//evil.example/', username: 'alice', password: 'alice-pass' },
      { cookie },
    );
    expect(evil.headers.get('location')).toBe('/');
  });

  it('refuses a wrong password, a missing login token, and a cross-site post', async () => {
    const { csrf, cookie, page } = await loginForm('/x');
    expect(page).toContain('value="/x"');
    const wrong = await post({ csrf, username: 'alice', password: 'nope' }, { cookie });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.getSetCookie().some((c) => c.startsWith('elicitkit_session='))).toBe(false);
    const noToken = await post({ csrf, username: 'alice', password: 'alice-pass' });
    expect(noToken.status).toBe(401);
    const crossSite = await post(
      { csrf, username: 'alice', password: 'alice-pass' },
      { cookie, origin: 'https://evil.example' },
    );
    expect(crossSite.status).toBe(403);
  });

  it('escapes what it echoes', async () => {
    const { page } = await loginForm('/"><script>x</script>');
    expect(page).not.toContain('<script>');
  });
});

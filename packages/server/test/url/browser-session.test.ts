import { Hono } from 'hono';
import { generateSignedCookie } from 'hono/cookie';
import { describe, expect, it } from 'vitest';
import { createLoginRoutes, SessionCookies, staticUsers } from '../../src/url/login/index.js';
import { sameOriginPath } from '../../src/url/login/next-path.js';
import { csrfOf } from './browser.js';

const SECRET = 'a-session-secret-that-is-32-bytes-long!!';
const ORIGIN = 'http://127.0.0.1:8080';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

const cookieHeader = (setCookie: string) => setCookie.split(';')[0] ?? '';
/** A `Set-Cookie` value's attributes, names lower-cased, order ignored. */
const attributesOf = (setCookie: string) =>
  Object.fromEntries(
    setCookie
      .split(';')
      .slice(1)
      .map((part) => {
        const [name = '', value = ''] = part.trim().split('=');
        return [name.toLowerCase(), value];
      }),
  );
const withCookie = (cookie: string, url = `${ORIGIN}/`) => new Request(url, { headers: { cookie } });

describe('SessionCookies', () => {
  it('[E-48] issues Path=/, HttpOnly, SameSite=Lax, Max-Age from maxAgeMs in seconds, Secure only over https', async () => {
    const sessions = new SessionCookies({ secret: SECRET, maxAgeMs: 90 * 60 * 1000 });
    const http = await sessions.issue('alice', new Request(`${ORIGIN}/`));
    expect(attributesOf(http)).toEqual({ path: '/', httponly: '', samesite: 'Lax', 'max-age': '5400' });
    const https = await sessions.issue('alice', new Request('https://app.example/'));
    expect(attributesOf(https)).toEqual({
      path: '/',
      httponly: '',
      samesite: 'Lax',
      'max-age': '5400',
      secure: '',
    });
    expect(await sessions.read(withCookie(`other=1; ${cookieHeader(http)}`))).toBe('alice');
    expect(await sessions.read(new Request(`${ORIGIN}/`))).toBeUndefined();
    expect(
      attributesOf(await new SessionCookies({ secret: SECRET }).issue('a', new Request(ORIGIN))),
    ).toMatchObject({ 'max-age': String(8 * 60 * 60) });
  });

  it('secure: true and false override the scheme; clearing keeps the attributes with Max-Age=0', async () => {
    const always = new SessionCookies({ secret: SECRET, secure: true });
    expect(attributesOf(await always.issue('alice', new Request(`${ORIGIN}/`)))).toHaveProperty('secure');
    const never = new SessionCookies({ secret: SECRET, secure: false });
    expect(attributesOf(await never.issue('alice', new Request('https://app.example/')))).not.toHaveProperty(
      'secure',
    );
    const cleared = new SessionCookies({ secret: SECRET }).clear(new Request('https://app.example/'));
    expect(cookieHeader(cleared)).toBe('elicitkit_session=');
    expect(attributesOf(cleared)).toEqual({
      path: '/',
      httponly: '',
      samesite: 'Lax',
      'max-age': '0',
      secure: '',
    });
  });

  it('[E-57] [E-61] refuses forged, re-signed, tampered, foreign and expired cookies', async () => {
    let now = Date.now();
    const sessions = new SessionCookies({ secret: SECRET, maxAgeMs: 60_000, clock: { now: () => now } });
    const value = cookieHeader(await sessions.issue('alice', new Request(`${ORIGIN}/`))).slice(
      'elicitkit_session='.length,
    );
    const read = (v: string) => sessions.read(withCookie(`elicitkit_session=${v}`));
    const [payload = '', mac = ''] = decodeURIComponent(value).split(/\.(?=[^.]+$)/);
    const bob = `v1.${Buffer.from(JSON.stringify({ u: 'bob', exp: now + 9e9 })).toString('base64url')}`;
    // Bob's payload under Alice's signature, a flipped signature, and an unsigned value.
    expect(await read(encodeURIComponent(`${bob}.${mac}`))).toBeUndefined();
    expect(
      await read(encodeURIComponent(`${payload}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`)),
    ).toBe(undefined);
    expect(await read(payload)).toBeUndefined();
    // Signed with the raw secret (not the session key derived from it), or with another secret.
    const rawSigned = await generateSignedCookie('elicitkit_session', bob, SECRET);
    expect(await sessions.read(withCookie(cookieHeader(rawSigned)))).toBeUndefined();
    expect(
      await new SessionCookies({ secret: `${SECRET}-other` }).read(withCookie(`elicitkit_session=${value}`)),
    ).toBe(undefined);
    expect(await read(value)).toBe('alice');
    // A browser that keeps the cookie past its Max-Age gains nothing: the expiry inside is checked here.
    now += 60_001;
    expect(await read(value)).toBeUndefined();
  });

  it('refuses a short secret and a lifetime browsers would not keep', () => {
    expect(() => new SessionCookies({ secret: 'short' })).toThrow(/32 bytes/);
    expect(() => new SessionCookies({ secret: SECRET, maxAgeMs: 0 })).toThrow(/maxAgeMs/);
    expect(() => new SessionCookies({ secret: SECRET, maxAgeMs: 401 * 24 * 3600 * 1000 })).toThrow(
      /400 days/,
    );
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

  async function loginForm(next = '/', origin = ORIGIN) {
    const response = await app.request(`${origin}/login?next=${encodeURIComponent(next)}`);
    const setCookie = response.headers.get('set-cookie') ?? '';
    const page = await response.text();
    return { page, csrf: csrfOf(page), cookie: cookieHeader(setCookie), setCookie };
  }

  const post = (form: Record<string, string>, headers: Record<string, string> = {}, path = '/login') =>
    app.request(`${ORIGIN}${path}`, {
      method: 'POST',
      body: new URLSearchParams(form),
      headers: { ...FORM, ...headers },
    });

  it('[E-48] the login token cookie: HttpOnly, SameSite=Lax, Path=/, ten minutes, Secure only over https', async () => {
    const { setCookie } = await loginForm();
    expect(setCookie).toMatch(/^elicitkit_login_csrf=[A-Za-z0-9_-]{32};/);
    expect(attributesOf(setCookie)).toEqual({ path: '/', httponly: '', samesite: 'Lax', 'max-age': '600' });
    expect(attributesOf((await loginForm('/', 'https://app.example')).setCookie)).toHaveProperty('secure');
  });

  it('logs in with the right password, drops the login token, and redirects to a same-origin next only', async () => {
    const { csrf, cookie } = await loginForm('/elicit/abc');
    const ok = await post(
      { csrf, next: '/elicit/abc', username: 'alice', password: 'alice-pass' },
      { cookie },
    );
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/elicit/abc');
    const [session = '', dropped = ''] = ok.headers.getSetCookie();
    expect(session).toMatch(/^elicitkit_session=/);
    expect(attributesOf(session)).toMatchObject({ path: '/', httponly: '', samesite: 'Lax' });
    expect(await sessions.read(withCookie(cookieHeader(session)))).toBe('alice');
    expect(cookieHeader(dropped)).toBe('elicitkit_login_csrf=');
    expect(attributesOf(dropped)).toMatchObject({ 'max-age': '0' });
    const evil = await post(
      { csrf, next: '//evil.example/', username: 'alice', password: 'alice-pass' },
      { cookie },
    );
    expect(evil.headers.get('location')).toBe('/');
  });

  it('[E-62] refuses a wrong password, a missing or foreign login token, and a cross-site post', async () => {
    const { csrf, cookie, page } = await loginForm('/x');
    expect(page).toContain('value="/x"');
    const wrong = await post({ csrf, username: 'alice', password: 'nope' }, { cookie });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.getSetCookie().some((c) => c.startsWith('elicitkit_session='))).toBe(false);
    expect((await post({ csrf, username: 'alice', password: 'alice-pass' })).status).toBe(401);
    const other = await loginForm();
    const foreign = await post({ csrf: other.csrf, username: 'alice', password: 'alice-pass' }, { cookie });
    expect(foreign.status).toBe(401);
    for (const headers of <Record<string, string>[]>[
      { origin: 'https://evil.example' },
      { origin: 'null', 'sec-fetch-site': 'cross-site' },
      { origin: ORIGIN, 'sec-fetch-site': 'same-site' },
    ]) {
      const crossSite = await post(
        { csrf, username: 'alice', password: 'alice-pass' },
        { cookie, ...headers },
      );
      expect(crossSite.status).toBe(403);
      expect(crossSite.headers.getSetCookie()).toEqual([]);
    }
    const ownPage = await post(
      { csrf, username: 'alice', password: 'alice-pass' },
      { cookie, origin: 'null', 'sec-fetch-site': 'same-origin' },
    );
    expect(ownPage.status).toBe(303);
  });

  it('logs out with a cleared cookie, and refuses a cross-site logout', async () => {
    const out = await post({}, { origin: ORIGIN, 'sec-fetch-site': 'same-origin' }, '/logout');
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/login');
    expect(attributesOf(out.headers.get('set-cookie') ?? '')).toMatchObject({ 'max-age': '0' });
    const forged = await post(
      {},
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      '/logout',
    );
    expect(forged.status).toBe(403);
    expect(forged.headers.get('set-cookie')).toBeNull();
  });

  it('escapes what it echoes', async () => {
    const { page } = await loginForm('/"><script>x</script>');
    expect(page).not.toContain('<script>');
  });
});

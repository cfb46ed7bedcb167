import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoginRoutes, SessionCookies, staticUsers } from '../../src/url/login/index.js';
import { csrfOf, TestBrowser } from './browser.js';
import type { TestServer } from './harness.js';
import { expectPageHeaders, expectSecurityHeaders, pageSecurityHeaders, styleOf } from './page-headers.js';
import { type SecretPageFixture, startSecretPageFixture } from './secret-page-fixture.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('security headers of the elicitation pages, pinned on every page type', () => {
  let fixture: SecretPageFixture;
  let server: TestServer;
  let url: string;
  let browser: TestBrowser;

  beforeAll(async () => {
    fixture = await startSecretPageFixture();
    ({ server, url, browser } = fixture);
  });
  afterAll(() => fixture.close());

  it('the form page, and each refusal before it is done', async () => {
    const page = await expectPageHeaders(await browser.request(url));
    const bob = new TestBrowser();
    await bob.login(server.base, 'bob', 'bob-pass');
    await expectPageHeaders(await bob.request(url));
    await expectPageHeaders(await browser.request(`${url.slice(0, -2)}zz`));
    await expectPageHeaders(await new TestBrowser().request(url, { form: { value: 'x' } }));
    await expectPageHeaders(await browser.request(url, { form: { csrf: 'A'.repeat(43), value: 'x' } }));
    await expectPageHeaders(
      await browser.request(url, {
        form: { csrf: csrfOf(page), value: 'x' },
        headers: { origin: 'https://evil.example' },
      }),
    );
    await expectPageHeaders(
      await browser.request(url, { form: { csrf: csrfOf(page), value: 'x'.repeat(70 * 1024) } }),
    );
    await expectPageHeaders(await browser.request(url, { form: { csrf: csrfOf(page), value: '  ' } }));
  });

  it('redirects and plain-text refusals carry the same headers', async () => {
    const expected = pageSecurityHeaders(styleOf(await (await browser.request(url)).text()));
    const toLogin = await new TestBrowser().request(url);
    expect(toLogin.status).toBe(303);
    expectSecurityHeaders(toLogin, expected);
    const crossSiteLogin = await browser.request(new URL('login', server.base), {
      form: { csrf: 'x', username: 'alice', password: 'alice-pass' },
      headers: { origin: 'https://evil.example' },
    });
    expect(crossSiteLogin.status).toBe(403);
    expectSecurityHeaders(crossSiteLogin, expected);
    const logout = await new TestBrowser().request(new URL('logout', server.base), { form: {} });
    expect(logout.status).toBe(303);
    expectSecurityHeaders(logout, expected);
  });

  it('the done page, and the page of a link already used', async () => {
    const page = await (await browser.request(url)).text();
    const done = await browser.request(url, { form: { csrf: csrfOf(page), value: 'sk-pinned' } });
    expect(done.status).toBe(200);
    await expectPageHeaders(done);
    const again = await browser.request(url);
    expect(again.status).toBe(410);
    await expectPageHeaders(again);
  });
});

describe('security headers of the login form, pinned on every page type', () => {
  const ORIGIN = 'http://127.0.0.1:8080';
  const app = new Hono().route(
    '/',
    createLoginRoutes({
      sessions: new SessionCookies({ secret: 'a-session-secret-that-is-32-bytes-long!!' }),
      users: staticUsers({ alice: 'alice-pass' }),
      throttle: { accountFreeFailures: 1, baseDelayMs: 60_000 },
      maxBodyBytes: 1024,
    }),
  );
  const post = (form: Record<string, string>, cookie = '') =>
    app.request(`${ORIGIN}/login`, {
      method: 'POST',
      body: new URLSearchParams(form),
      headers: { ...FORM, cookie },
    });

  it('the form, a wrong password, an expired form, a throttled account and a too-large post', async () => {
    const form = await app.request(`${ORIGIN}/login`);
    expect(form.status).toBe(200);
    const cookie = (form.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const csrf = csrfOf(await expectPageHeaders(form));
    const wrong = await post({ csrf, username: 'mallory', password: 'x' }, cookie);
    expect(wrong.status).toBe(401);
    await expectPageHeaders(wrong);
    const throttled = await post({ csrf, username: 'mallory', password: 'x' }, cookie);
    expect(throttled.status).toBe(429);
    await expectPageHeaders(throttled);
    const expired = await post({ csrf: 'nope', username: 'alice', password: 'alice-pass' }, cookie);
    expect(expired.status).toBe(401);
    await expectPageHeaders(expired);
    const tooLarge = await post({ csrf, username: 'x'.repeat(2048), password: 'x' }, cookie);
    expect(tooLarge.status).toBe(413);
    await expectPageHeaders(tooLarge);
  });
});

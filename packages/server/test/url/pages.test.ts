import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearerIdentity, createUrlMode, secretKind, urlElicitationRequired } from '../../src/url/index.js';
import { parsePublicBaseUrl } from '../../src/url/public-url.js';
import { MemoryElicitationStore } from '../../src/url/store/index.js';
import { createVaultKeyring, generateVaultKey, parseVaultKey, Vault } from '../../src/url/vault/index.js';
import { csrfOf, TestBrowser } from './browser.js';
import type { TestServer } from './harness.js';
import { type SecretPageFixture, startSecretPageFixture } from './secret-page-fixture.js';

const SECRET = 'sk-page-test-DO-NOT-ECHO';

describe('elicitation pages', () => {
  let fixture: SecretPageFixture;
  let server: TestServer;
  let url: string;
  let browser: TestBrowser;

  beforeEach(async () => {
    fixture = await startSecretPageFixture();
    ({ server, url, browser } = fixture);
  });
  afterEach(() => fixture.close());

  it('[E-02] the secret page is a plain form: no script, CSRF token, strict CSP, no-store, no framing, no referrer', async () => {
    const response = await browser.request(url);
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('<form method="post"');
    expect(page).toContain('type="password"');
    expect(page).not.toMatch(/<script/i);
    expect(csrfOf(page)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it('every answer of the pages carries the security headers, errors included', async () => {
    const bob = new TestBrowser();
    await bob.login(server.base, 'bob', 'bob-pass');
    for (const response of [
      await bob.request(url),
      await browser.request(`${url.slice(0, -2)}zz`),
      await browser.request(url, { form: { value: 'x' } }),
    ]) {
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
  });

  it('a POST needs the CSRF token of this elicitation and user, and our own origin', async () => {
    const page = await (await browser.request(url)).text();
    expect((await browser.request(url, { form: { value: SECRET } })).status).toBe(403);
    expect((await browser.request(url, { form: { csrf: 'A'.repeat(43), value: SECRET } })).status).toBe(403);
    const crossSite = await browser.request(url, {
      form: { csrf: csrfOf(page), value: SECRET },
      headers: { origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect(await server.vault.get('alice', 'api_key')).toBeUndefined();
    const sameSite = await browser.request(url, {
      form: { csrf: csrfOf(page), value: SECRET },
      headers: { origin: server.base.origin },
    });
    expect(sameSite.status).toBe(200);
  });

  it('[E-37] the value never appears in a page or a log, also when it is refused', async () => {
    const page = await (await browser.request(url)).text();
    const tooLong = await browser.request(url, {
      form: { csrf: csrfOf(page), value: `${SECRET}${'x'.repeat(5000)}` },
    });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).not.toContain(SECRET);
    const blank = await browser.request(url, { form: { csrf: csrfOf(page), value: '   ' } });
    expect(blank.status).toBe(400);
    const saved = await browser.request(url, { form: { csrf: csrfOf(page), value: SECRET } });
    expect(await saved.text()).not.toContain(SECRET);
    expect(JSON.stringify(server.logs)).not.toContain(SECRET);
    expect(server.logs.some((l) => l.event === 'secret.stored')).toBe(true);
  });

  it('a POST without a session asks to log in and stores nothing', async () => {
    const page = await (await browser.request(url)).text();
    const anonymous = new TestBrowser();
    const response = await anonymous.request(url, { form: { csrf: csrfOf(page), value: SECRET } });
    expect(response.status).toBe(401);
    expect(await server.vault.get('alice', 'api_key')).toBeUndefined();
  });
});

describe('configuration and request checks', () => {
  const kinds = () => [
    secretKind({
      vault: new Vault({
        store: new MemoryElicitationStore(),
        keys: createVaultKeyring(parseVaultKey(generateVaultKey())),
      }),
    }),
  ];
  const make = (publicBaseUrl: string) =>
    createUrlMode({
      store: new MemoryElicitationStore(),
      publicBaseUrl,
      identity: bearerIdentity(),
      browserIdentity: () => undefined,
      kinds: kinds(),
    });

  it('[E-48] publicBaseUrl must be https, except loopback', () => {
    expect(() => make('http://mcp.example.com/')).toThrow(/https/);
    expect(() => make('https://user:pw@mcp.example.com/')).toThrow(/credentials/);
    expect(() => make('not a url')).toThrow(/valid absolute URL/);
    expect(() => make('https://mcp.example.com/app')).not.toThrow();
    expect(parsePublicBaseUrl('https://mcp.example.com/app').href).toBe('https://mcp.example.com/app/');
    expect(parsePublicBaseUrl('http://localhost:3000').href).toBe('http://localhost:3000/');
    expect(parsePublicBaseUrl('http://127.0.0.1:3000').href).toBe('http://127.0.0.1:3000/');
    expect(() =>
      createUrlMode({
        store: new MemoryElicitationStore(),
        publicBaseUrl: 'https://x.example',
        identity: bearerIdentity(),
        browserIdentity: () => undefined,
        kinds: [],
      }),
    ).toThrow(/kind/);
  });

  it('[E-25] [E-26] [E-15] urlElicitationRequired checks the list it sends', () => {
    const good = {
      mode: 'url' as const,
      elicitationId: 'id-1',
      url: 'https://mcp.example.com/elicit/id-1',
      message: 'Connect',
    };
    const error = urlElicitationRequired([good]);
    expect(error.code).toBe(-32042);
    expect(error.elicitations).toEqual([good]);
    expect(() => urlElicitationRequired([])).toThrow(/at least one/);
    expect(() => urlElicitationRequired([{ ...good, mode: 'form' } as never])).toThrow(/\[0\]\.mode/);
    expect(() => urlElicitationRequired([{ ...good, elicitationId: '' }])).toThrow(/\[0\]\.elicitationId/);
    expect(() => urlElicitationRequired([good, { ...good, url: 'javascript:alert(1)' }])).toThrow(
      /\[1\]\.url/,
    );
    expect(() => urlElicitationRequired([{ ...good, message: '' }])).toThrow(/\[0\]\.message/);
  });
});

describe('request checks', () => {
  it('unknown kinds and bad parameters are refused before anything is stored or sent', async () => {
    const vault = new Vault({
      store: new MemoryElicitationStore(),
      keys: createVaultKeyring(parseVaultKey(generateVaultKey())),
    });
    const service = { kinds: new Map([['secret', secretKind({ vault })]]) };
    const { checkRequest } = await import('../../src/url/flow/request.js');
    expect(() => checkRequest({ kind: 'payment', message: 'x' }, service.kinds)).toThrow(/not registered/);
    expect(() => checkRequest({ kind: 'secret', message: '' }, service.kinds)).toThrow(/message/);
    expect(() => checkRequest({ kind: 'secret', message: 'm', params: {} }, service.kinds)).toThrow(/name/);
    expect(() =>
      checkRequest({ kind: 'secret', message: 'm', params: { name: '../x' } }, service.kinds),
    ).toThrow(/name/);
    expect(() =>
      checkRequest({ kind: 'secret', message: 'm', params: { name: 'ok' }, ttlMs: 5 }, service.kinds),
    ).toThrow(/ttlMs/);
    expect(
      checkRequest({ kind: 'secret', message: 'm', params: { name: 'ok' } }, service.kinds).kind.name,
    ).toBe('secret');
  });
});

describe('html and htmlPage', () => {
  it('escapes every interpolated value (hono/html) and the page drops control and bidi characters', async () => {
    const { html, htmlPage } = await import('../../src/url/pages/html.js');
    const { raw } = await import('hono/html');
    const hostile = '<img src=x onerror=alert(1)> "quoted" \'single\' \u202egnp.exe\u0007\r';
    const body = html`<p title="${hostile}">${hostile}</p>${raw('<b>ok</b>')}${[html`<i>${'&'}</i>`, false, null]}`;
    const page = await htmlPage({ title: `t\u202e${hostile}`, body }).text();
    expect(page).not.toContain('<img');
    expect(page).not.toContain('"quoted"');
    expect(page).not.toContain("'single'");
    expect(page).not.toMatch(/[\u202e\u0007\r]/);
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(page).toContain('<b>ok</b><i>&amp;</i></main>');
  });

  it('renders a body that interpolated a promise, with the same cleaning', async () => {
    const { html, htmlPage } = await import('../../src/url/pages/html.js');
    const later = Promise.resolve(html`<b>${'late \u202e<x>'}</b>`);
    const response = htmlPage({ title: 'Later', body: html`<p>${later}</p>`, status: 201 });
    expect(response.status).toBe(201);
    expect(await response.text()).toContain('<p><b>late &lt;x&gt;</b></p>');
  });
});

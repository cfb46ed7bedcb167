import { createServer, type Server } from 'node:http';
import { type AddressInfo, Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { InstallElicitationOptions, UrlPrompt } from '../src/index.js';
import { scriptedUI } from '../src/testing/index.js';
import { connectToRawServer } from './helpers/raw-server.js';
import { recordingOpener } from './helpers/wait.js';

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanup.map((close) => close()));
  cleanup = [];
});

async function setup(options: Partial<InstallElicitationOptions> = {}) {
  const ui = scriptedUI();
  const opener = recordingOpener();
  const connection = await connectToRawServer({ ui, opener, rateLimit: false, ...options });
  cleanup.push(connection.close);
  return { ui, opener, ...connection };
}

const urlRequest = (url: string, elicitationId = 'e1') => ({
  mode: 'url',
  message: 'Connect your account',
  url,
  elicitationId,
});

describe('URL mode', () => {
  it('[E-52] [E-54] [E-55] gives the UI the full URL, the registrable domain and every warning', async () => {
    const { server, ui } = await setup();
    ui.push({ url: { action: 'decline' } }, { url: { action: 'decline' } });
    await server.elicit(urlRequest('https://login.example.co.uk/connect?state=abc'));
    const plain = (ui.prompts[0] as UrlPrompt).url;
    expect(plain.display.full).toBe('https://login.example.co.uk/connect?state=abc');
    expect(plain.display.registrableDomain).toBe('example.co.uk');
    expect(plain.display.subdomain).toBe('login');

    await server.elicit(urlRequest('https://xn--pypal-4ve.com/login', 'e2'));
    const punycode = (ui.prompts[1] as UrlPrompt).url;
    expect(punycode.warnings.map((warning) => warning.code)).toContain('punycode');
  });

  for (const [url, expected] of [
    ['https://p\u0430ypal.com/', ['mixed-script', 'punycode']],
    ['https://paypal.com.evil.example/', ['domain-in-subdomain']],
    ['https://user:pw@example.com/', ['userinfo']],
    ['https://127.0.0.1:8443/', ['ip-address', 'non-standard-port']],
  ] as const) {
    it(`[E-55] passes every warning for ${JSON.stringify(url)} to the UI`, async () => {
      const { server, ui } = await setup();
      ui.push({ url: { action: 'decline' } });
      await server.elicit(urlRequest(url));
      const codes = (ui.prompts[0] as UrlPrompt).url.warnings.map((warning) => warning.code);
      expect([...codes].sort()).toEqual([...expected].sort());
    });
  }

  for (const [label, url] of [
    ['javascript:', 'javascript:alert(document.cookie)'],
    ['data:', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
    ['file:', 'file:///etc/passwd'],
    ['control characters', 'https://example.com/\u0000\u001b[31m'],
    ['not a URL', 'not a url'],
  ] as const) {
    it(`[E-49] refuses ${label} URLs with -32602 and never shows them`, async () => {
      const { server, ui, opener } = await setup();
      const response = await server.elicit(urlRequest(url));
      expect(response.error?.code).toBe(-32602);
      expect(response.error?.message).toMatch(/^params\.url was refused: /);
      expect(ui.prompts).toHaveLength(0);
      expect(opener.opened).toHaveLength(0);
      // The notice says a request was refused, without repeating the URL.
      expect(ui.notices.map((notice) => notice.code)).toEqual(['request-rejected']);
      expect(ui.notices[0]?.message).not.toContain(url.slice(0, 12));
    });
  }

  it('[E-48] refuses plain http to remote hosts unless allowInsecureHttp is set, and then warns', async () => {
    const strict = await setup();
    expect((await strict.server.elicit(urlRequest('http://example.com/'))).error?.code).toBe(-32602);

    const lax = await setup({ allowInsecureHttp: true });
    lax.ui.push({ url: { action: 'decline' } });
    expect((await lax.server.elicit(urlRequest('http://example.com/'))).result).toEqual({
      action: 'decline',
    });
    expect((lax.ui.prompts[0] as UrlPrompt).url.warnings.map((warning) => warning.code)).toContain(
      'not-https',
    );
  });

  it('[E-51] [E-53] opens exactly the normalized href, only after consent', async () => {
    const { server, ui, opener } = await setup();
    ui.push({ url: { action: 'consent' } });
    const response = await server.elicit(urlRequest('HTTPS://Example.COM:443/a/../connect?x=1'));
    expect(response.result).toEqual({ action: 'accept' });
    const analysis = (ui.prompts[0] as UrlPrompt).url;
    expect(opener.opened).toEqual([analysis.href]);
    expect(analysis.href).toBe('https://example.com/connect?x=1');
    expect(ui.notices.map((notice) => notice.code)).toEqual(['url-opened']);
  });

  it('[E-51] does not open anything when the user declines or cancels', async () => {
    const { server, ui, opener } = await setup();
    ui.push({ url: { action: 'decline' } }, { url: { action: 'cancel' } });
    expect((await server.elicit(urlRequest('https://example.com/'))).result).toEqual({ action: 'decline' });
    expect((await server.elicit(urlRequest('https://example.com/', 'e2'))).result).toEqual({
      action: 'cancel',
    });
    expect(opener.opened).toEqual([]);
  });

  it('[E-16] answers accept without content: consent, not completion', async () => {
    const { server, ui } = await setup();
    ui.push({ url: { action: 'consent' } });
    const response = await server.elicit(urlRequest('https://example.com/'));
    expect(response.result).toStrictEqual({ action: 'accept' });
  });

  it('still answers accept when the browser cannot be opened, and shows the URL to open by hand', async () => {
    const { server, ui, host } = await setup({
      opener: async () => {
        throw new Error('no display');
      },
    });
    const errors: string[] = [];
    host.on('error', (event) => errors.push(event.during));
    ui.push({ url: { action: 'consent' } });
    const response = await server.elicit(urlRequest('https://example.com/connect'));
    expect(response.result).toEqual({ action: 'accept' });
    expect(ui.notices.at(-1)).toMatchObject({ code: 'open-failed' });
    expect(ui.notices.at(-1)?.message).toContain('https://example.com/connect');
    expect(errors).toEqual(['open']);
  });
});

describe('[E-50] no pre-fetching', () => {
  let target: Server;
  let hits = 0;
  beforeAll(async () => {
    target = createServer((_request, response) => {
      hits += 1;
      response.end('hello');
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => target.close(() => resolve())));

  it('[E-50] never requests the URL or its metadata, before or after consent', async () => {
    const { server, ui, opener } = await setup();
    const port = (target.address() as AddressInfo).port;
    const url = `http://127.0.0.1:${port}/connect`;
    // Every TCP connection this process attempts (fetch, http, dns-less sockets all end in Socket#connect),
    // and every timer the flow schedules, run on a fake clock that is then run dry: no waiting, and no
    // deferred pre-fetch can hide behind a delay.
    const connects = vi.spyOn(Socket.prototype, 'connect');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    try {
      ui.push({ url: { action: 'consent' } });
      const response = await server.elicit(urlRequest(url));
      expect(response.result).toEqual({ action: 'accept' });
      expect(opener.opened).toEqual([url]);
      await vi.runAllTimersAsync();
    } finally {
      vi.useRealTimers();
    }
    expect(connects.mock.calls.filter((args) => JSON.stringify(args).includes(String(port)))).toEqual([]);
    connects.mockRestore();
    expect(hits).toBe(0);
  });
});

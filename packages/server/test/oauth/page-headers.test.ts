import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfOf, TestBrowser } from '../url/browser.js';
import { connectClient, type TestClient } from '../url/harness.js';
import {
  expectPageHeaders,
  expectSecurityHeaders,
  pageSecurityHeaders,
  styleOf,
} from '../url/page-headers.js';
import { connectThroughProvider } from './helpers/browser.js';
import { expectUrlRequired } from './helpers/mcp.js';
import { type OAuthRig, startOAuthRig } from './helpers/rig.js';

let rig: OAuthRig;
let alice: TestClient;
let browser: TestBrowser;
beforeAll(async () => {
  rig = await startOAuthRig();
  alice = await connectClient(rig.mcpUrl, { token: 'demo-alice' });
  browser = new TestBrowser();
  await browser.login(rig.base, 'alice', 'alice-pass');
});
afterAll(async () => {
  await alice?.close();
  await rig?.close();
});

describe('security headers of the OAuth pages, pinned on every page type', () => {
  it('the connect page lets its form go to the provider, and nowhere else', async () => {
    const [elicitation] = await expectUrlRequired(alice);
    const provider = new URL(rig.calendar.issuer).origin;
    const page = await expectPageHeaders(await browser.request(elicitation?.url ?? ''), {
      formAction: provider,
    });
    const toProvider = await browser.request(elicitation?.url ?? '', { form: { csrf: csrfOf(page) } });
    expect(toProvider.status).toBe(303);
    expect(new URL(toProvider.headers.get('location') ?? '').origin).toBe(provider);
    expectSecurityHeaders(toProvider, pageSecurityHeaders(styleOf(page)));
  });

  it('the callback refuses other methods with Allow and a closed connection, and the same headers', async () => {
    const style = styleOf(await (await browser.request(new URL('oauth/callback/nobody', rig.base))).text());
    const response = await fetch(new URL('oauth/callback/calendar', rig.base), { method: 'POST', body: 'x' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
    expect(response.headers.get('connection')).toBe('close');
    expectSecurityHeaders(response, pageSecurityHeaders(style));
  });

  it('the connected page, and the callback refusals', async () => {
    const [elicitation] = await expectUrlRequired(alice);
    const halfway = await connectThroughProvider(browser, elicitation?.url ?? '', { stopAtCallback: true });
    const callback = new URL(halfway.callbackUrl ?? '');
    const anonymous = await new TestBrowser().request(callback);
    expect(anonymous.status).toBe(401);
    await expectPageHeaders(anonymous);
    const unknownProvider = await browser.request(new URL('oauth/callback/nobody', rig.base));
    expect(unknownProvider.status).toBe(404);
    await expectPageHeaders(unknownProvider);
    const tampered = new URL(callback);
    tampered.searchParams.set('state', 'A'.repeat(43));
    const refused = await browser.request(tampered);
    expect(refused.status).toBe(400);
    await expectPageHeaders(refused);
    const connected = await browser.request(callback);
    expect(connected.status).toBe(200);
    expect(await expectPageHeaders(connected)).toContain('Example Calendar connected');
  });
});

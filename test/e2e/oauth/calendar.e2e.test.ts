// @needs chromium
import { ClientErrorCode, callToolWithElicitation, RefusedError } from '@elicitkit/client';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CLIENT_SECRET,
  type OAuthRig,
  startOAuthRig,
} from '../../../packages/server/test/oauth/helpers/rig.js';
import { CHROMIUM_ARGS } from '../../support/chromium.js';
import { type Host, startHost } from './host.js';

const ACCESS_TOKEN_TTL_MS = 600_000;
const TOKEN_ENTRY = 'oauth.token:calendar';
const CALENDAR_PASSWORDS = { alice: 'alice-calendar-pass', bob: 'bob-calendar-pass' } as const;

let rig: OAuthRig;
let browser: Browser;
let alice: Host;
const hosts: Host[] = [];
const contexts: BrowserContext[] = [];
/** Everything that must never appear on an MCP wire: tokens, codes, states, verifiers, the client secret. */
const secrets = new Set<string>([CLIENT_SECRET]);

const rememberTokens = async (user: string) => {
  const text = await rig.vault.get(user, TOKEN_ENTRY);
  const tokens = text ? (JSON.parse(text) as { accessToken: string; refreshToken?: string }) : undefined;
  if (tokens?.accessToken) secrets.add(tokens.accessToken);
  if (tokens?.refreshToken) secrets.add(tokens.refreshToken);
  return tokens;
};
const forget = async () => {
  await rig.vault.delete('alice', TOKEN_ENTRY);
  await rig.vault.delete('bob', TOKEN_ENTRY);
};
const callbackPrefix = () => `${rig.base.href}oauth/callback/`;

/** A fresh browser profile for `user`, logged in at the MCP server's web app. */
async function userPage(user: 'alice' | 'bob'): Promise<Page> {
  const context = await browser.newContext();
  contexts.push(context);
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (url.href.startsWith(callbackPrefix())) {
      for (const name of ['code', 'state']) {
        const value = url.searchParams.get(name);
        if (value) secrets.add(value);
      }
    }
  });
  // E-61: the browser's user is established by the app's own login form, as a person would sign in.
  const page = await context.newPage();
  await page.goto(new URL(`login?next=${encodeURIComponent('/')}`, rig.base).href);
  await page.fill('#username', user);
  await page.fill('#password', `${user}-pass`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  return page;
}

/** From the connect page through the provider's login and consent, up to (not into) the callback. */
async function throughProvider(
  page: Page,
  href: string,
  options: { account?: 'alice' | 'bob'; decision?: 'Allow' | 'Deny' } = {},
): Promise<void> {
  const account = options.account ?? 'alice';
  await page.goto(href);
  await page.getByRole('button', { name: 'Continue to Example Calendar' }).click();
  await page.waitForURL((url) => url.href.startsWith(`${rig.calendar.issuer}/interaction/`));
  await page.fill('#username', account);
  await page.fill('#password', CALENDAR_PASSWORDS[account]);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: options.decision ?? 'Allow' }).click();
}

async function connectInBrowser(
  page: Page,
  href: string,
  options: Parameters<typeof throughProvider>[2] = {},
) {
  await throughProvider(page, href, options);
  await page.waitForURL((url) => url.href.startsWith(callbackPrefix()));
  return page.locator('h1').textContent();
}

/** Goes through the provider to the callback, which the server holds back; returns the callback URL. */
async function interceptCallback(page: Page, href: string): Promise<URL> {
  const held = rig.holdNextCallback();
  await connectInBrowser(page, href);
  return held;
}

const listEvents = (host: Host) =>
  callToolWithElicitation(host.client, { name: 'list_calendar_events', arguments: {} });
const text = (result: Awaited<ReturnType<typeof listEvents>>) =>
  (result.content as { type: string; text: string }[]).map((c) => c.text).join('\n');

/** Lets the host's manual "stop waiting" control fire when the test says so (E-22). */
function scriptCancelledWait(host: Host): () => void {
  let cancel: (() => void) | undefined;
  const pressed = new Promise<'cancel'>((resolve) => {
    cancel = () => resolve('cancel');
  });
  host.ui.push({ url: { action: 'consent' } }, { wait: () => pressed });
  return () => cancel?.();
}

beforeAll(async () => {
  // The provider, the API and elicitkit read this process's Date: faked, it runs with real time and can jump past
  // an access token's lifetime, so expiry needs no waiting (Chromium keeps its own clock; nothing it checks expires).
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  rig = await startOAuthRig({ accessTokenTtlMs: ACCESS_TOKEN_TTL_MS });
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  alice = await startHost(rig.mcpUrl, 'demo-alice');
  hosts.push(alice);
});

afterAll(async () => {
  await Promise.allSettled(hosts.map((h) => h.close()));
  await Promise.allSettled(contexts.map((c) => c.close()));
  await browser?.close();
  await rig?.close();
  vi.useRealTimers();
});

describe('third-party OAuth end to end, in Chromium', () => {
  it("[E-35] [E-36] list_calendar_events: -32042, consent, Chromium connects at the provider, completion, retry, alice's events", async () => {
    const call = listEvents(alice);
    const href = await alice.opened.next();
    expect(href).toMatch(new RegExp(`^${rig.base.href}elicit/[A-Za-z0-9_-]{43}$`));
    const page = await userPage('alice');
    expect(await connectInBrowser(page, href)).toBe('Example Calendar connected');
    const events = text(await call);
    expect(events).toContain('Dentist');
    expect(events).not.toContain('Bob: gym');
    expect(alice.ui.prompts).toHaveLength(1);
    expect(alice.ui.prompts[0]).toMatchObject({ kind: 'url', origin: 'required' });
    expect(alice.ui.notices.map((n) => n.code)).toContain('elicitation-complete');
    expect(await rememberTokens('alice')).toBeDefined();
    expect(await rig.vault.get('bob', TOKEN_ENTRY)).toBeUndefined();
  });

  it('[E-36] refreshes the access token after it expires, without asking the user again', async () => {
    const before = await rememberTokens('alice');
    vi.setSystemTime(Date.now() + ACCESS_TOKEN_TTL_MS + 1000);
    const prompts = alice.ui.prompts.length;
    expect(text(await listEvents(alice))).toContain('Dentist');
    expect(alice.ui.prompts).toHaveLength(prompts);
    const after = await rememberTokens('alice');
    expect(after?.accessToken).not.toBe(before?.accessToken);
    expect(rig.providerRequests.some((r) => r.body.includes('grant_type=refresh_token'))).toBe(true);
  });

  it("[E-61] [E-62] Bob's browser opening Alice's URL is refused, and no token is bound to anyone", async () => {
    await forget();
    const cancel = scriptCancelledWait(alice);
    const call = listEvents(alice).catch((error: unknown) => error);
    const href = await alice.opened.next();
    const bob = await userPage('bob');
    await bob.goto(href);
    expect(await bob.locator('h1').textContent()).toBe('Not your request');
    expect(await bob.getByRole('button', { name: /Continue/ }).count()).toBe(0);
    expect(await rig.vault.get('alice', TOKEN_ENTRY)).toBeUndefined();
    expect(await rig.vault.get('bob', TOKEN_ENTRY)).toBeUndefined();
    cancel();
    expect(await call).toBeInstanceOf(RefusedError);
  });

  it('consent denied at the provider: a clear page, a decline-equivalent outcome, and a later retry works', async () => {
    const cancel = scriptCancelledWait(alice);
    const call = listEvents(alice).catch((error: unknown) => error);
    const href = await alice.opened.next();
    const page = await userPage('alice');
    expect(await connectInBrowser(page, href, { decision: 'Deny' })).toBe('Access not allowed');
    expect(await page.locator('main').textContent()).toContain('Nothing was connected');
    const id = href.split('/').pop() ?? '';
    expect((await rig.store.get(id))?.status).toBe('expired');
    expect(await rig.vault.get('alice', TOKEN_ENTRY)).toBeUndefined();
    cancel();
    const refused = await call;
    expect(refused).toBeInstanceOf(RefusedError);
    expect((refused as RefusedError).code).toBe(ClientErrorCode.WaitCancelled);
    // Later, Alice tries again and allows.
    const retry = listEvents(alice);
    const again = await alice.opened.next();
    expect(again).not.toBe(href);
    expect(await connectInBrowser(await userPage('alice'), again)).toBe('Example Calendar connected');
    expect(text(await retry)).toContain('Dentist');
    await rememberTokens('alice');
  });

  it('[E-63] a tampered state is refused with nothing bound; the genuine response still completes', async () => {
    await forget();
    const call = listEvents(alice);
    const href = await alice.opened.next();
    const page = await userPage('alice');
    const callback = await interceptCallback(page, href);
    const tampered = new URL(callback);
    // One character changed, always to a different one (a fixed replacement equals the original 1 time in 64).
    const state = callback.searchParams.get('state') ?? '';
    tampered.searchParams.set('state', `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}`);
    await page.goto(tampered.href);
    expect(await page.locator('h1').textContent()).toBe('This sign-in response is not valid');
    expect(await rig.vault.get('alice', TOKEN_ENTRY)).toBeUndefined();
    await page.goto(callback.href);
    expect(await page.locator('h1').textContent()).toBe('Example Calendar connected');
    expect(text(await call)).toContain('Dentist');
    await rememberTokens('alice');
  });

  it('an elicitation that expired while the user was at the provider: clear page, nothing bound', async () => {
    await forget();
    const cancel = scriptCancelledWait(alice);
    const call = listEvents(alice).catch((error: unknown) => error);
    const href = await alice.opened.next();
    const page = await userPage('alice');
    const callback = await interceptCallback(page, href);
    rig.advanceClock(16 * 60_000);
    await page.goto(callback.href);
    expect(await page.locator('h1').textContent()).toBe('Link expired');
    expect(await rig.vault.get('alice', TOKEN_ENTRY)).toBeUndefined();
    cancel();
    expect(await call).toBeInstanceOf(RefusedError);
  });

  it('[E-33] [E-34] [E-37] every MCP message of the run carries no third-party token, code, state or secret', () => {
    for (const request of rig.providerRequests) {
      const verifier = new URLSearchParams(request.body).get('code_verifier');
      if (verifier) secrets.add(verifier);
      // E-34: nothing the MCP client holds is sent to the provider.
      expect(JSON.stringify(request)).not.toContain('demo-alice');
    }
    expect(secrets.size).toBeGreaterThan(12);
    const wire = JSON.stringify(hosts.flatMap((h) => h.wire));
    expect(hosts.flatMap((h) => h.wire).length).toBeGreaterThan(20);
    for (const secret of secrets) expect(wire.includes(secret), 'a secret reached the MCP wire').toBe(false);
  });
});

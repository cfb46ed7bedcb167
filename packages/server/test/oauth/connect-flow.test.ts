import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TestBrowser } from '../url/browser.js';
import { connectClient, type TestClient } from '../url/harness.js';
import { connectThroughProvider } from './helpers/browser.js';
import { callText, expectUrlRequired } from './helpers/mcp.js';
import { CLIENT_ID, CLIENT_SECRET, type OAuthRig, startOAuthRig } from './helpers/rig.js';

let rig: OAuthRig;
const clients: TestClient[] = [];
const connect = async (token: string) => {
  const client = await connectClient(rig.mcpUrl, { token });
  clients.push(client);
  return client;
};
const TOKEN_ENTRY = 'oauth.token:calendar';
const storedTokens = async (user: string) => {
  const text = await rig.vault.get(user, TOKEN_ENTRY);
  return text === undefined ? undefined : (JSON.parse(text) as Record<string, string>);
};
const loggedIn = async (user: 'alice' | 'bob') => {
  const browser = new TestBrowser();
  await browser.login(rig.base, user, `${user}-pass`);
  return browser;
};

beforeAll(async () => {
  rig = await startOAuthRig();
});
afterAll(async () => {
  await Promise.allSettled(clients.map((c) => c.close()));
  await rig?.close();
});
beforeEach(async () => {
  await rig.vault.delete('alice', TOKEN_ENTRY);
  await rig.vault.delete('bob', TOKEN_ENTRY);
});

describe('third-party OAuth: the connect flow', () => {
  it("[E-35] [E-36] -32042, connect at the provider in the browser, completion notice, then alice's events", async () => {
    const alice = await connect('demo-alice');
    const [elicitation] = await expectUrlRequired(alice);
    expect(elicitation).toMatchObject({
      mode: 'url',
      url: `${rig.base.href}elicit/${elicitation?.elicitationId}`,
    });
    expect(elicitation?.message).toContain('Example Calendar');
    const browser = await loggedIn('alice');
    const notice = alice.nextNotice();
    const outcome = await connectThroughProvider(browser, elicitation?.url ?? '');
    expect(outcome.response.status).toBe(200);
    expect(outcome.text).toContain('Example Calendar connected');
    expect(await notice).toBe(elicitation?.elicitationId);
    expect((await rig.store.get(elicitation?.elicitationId ?? ''))?.status).toBe('completed');
    const events = await callText(alice);
    expect(events).toContain('Dentist');
    expect(events).toContain('Team lunch');
    expect(events).not.toContain('Bob: gym');
    // E-36: bound to (alice, calendar), nobody else.
    expect(await storedTokens('alice')).toMatchObject({ account: 'alice', tokenType: 'bearer' });
    expect(await storedTokens('bob')).toBeUndefined();
  });

  it('sends an authorization request with PKCE S256, a fresh state and nonce, the resource and its own callback', async () => {
    const alice = await connect('demo-alice');
    const [elicitation] = await expectUrlRequired(alice);
    const browser = await loggedIn('alice');
    const outcome = await connectThroughProvider(browser, elicitation?.url ?? '', { stopAtCallback: true });
    const params = outcome.authorizationUrl?.searchParams;
    expect(outcome.authorizationUrl?.origin).toBe(new URL(rig.calendar.issuer).origin);
    expect(params?.get('response_type')).toBe('code');
    expect(params?.get('client_id')).toBe(CLIENT_ID);
    expect(params?.get('redirect_uri')).toBe(`${rig.base.href}oauth/callback/calendar`);
    expect(params?.get('code_challenge_method')).toBe('S256');
    expect(params?.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params?.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params?.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params?.get('resource')).toBe(rig.calendar.apiResource);
    expect(params?.get('scope')).toBe('openid calendar.read');
    // The state names nothing: not the elicitation, not the user.
    expect(params?.get('state')).not.toContain(elicitation?.elicitationId ?? '-');
    // RFC 9207: the provider says who answered.
    expect(outcome.callbackUrl?.searchParams.get('iss')).toBe(rig.calendar.issuer);
    // The verifier never reaches the browser.
    expect(browser.visited.join('\n')).not.toContain('code_verifier');
  });

  it('[E-33] [E-37] no third-party token, code, state or client secret ever crosses the MCP connection', async () => {
    const alice = await connect('demo-alice');
    const [elicitation] = await expectUrlRequired(alice);
    const browser = await loggedIn('alice');
    const notice = alice.nextNotice();
    const outcome = await connectThroughProvider(browser, elicitation?.url ?? '');
    await notice;
    expect(await callText(alice)).toContain('Dentist');
    const tokens = await storedTokens('alice');
    const tokenRequest = rig.providerRequests.findLast((r) =>
      r.body.includes('grant_type=authorization_code'),
    );
    const verifier = new URLSearchParams(tokenRequest?.body).get('code_verifier');
    const secrets = [
      tokens?.accessToken,
      tokens?.refreshToken,
      outcome.callbackUrl?.searchParams.get('code'),
      outcome.callbackUrl?.searchParams.get('state'),
      verifier,
      CLIENT_SECRET,
    ];
    expect(secrets.every((s) => typeof s === 'string' && s.length >= 20)).toBe(true);
    const wire = JSON.stringify(alice.wire);
    expect(alice.wire.length).toBeGreaterThan(4);
    for (const secret of secrets) expect(wire).not.toContain(secret);
  });

  it("[E-34] the provider only ever sees this server's own client credentials, never the MCP bearer token", async () => {
    const alice = await connect('demo-alice');
    const [elicitation] = await expectUrlRequired(alice);
    const browser = await loggedIn('alice');
    await connectThroughProvider(browser, elicitation?.url ?? '');
    const tokenRequest = rig.providerRequests.findLast((r) =>
      r.body.includes('grant_type=authorization_code'),
    );
    // RFC 6749 §2.3.1: HTTP Basic over the form-urlencoded client id and secret.
    const basic = /^Basic (.+)$/.exec(tokenRequest?.headers.authorization ?? '')?.[1] ?? '';
    const [id, secret] = Buffer.from(basic, 'base64').toString().split(':').map(decodeURIComponent);
    expect([id, secret]).toEqual([CLIENT_ID, CLIENT_SECRET]);
    expect(rig.providerRequests.length).toBeGreaterThan(0);
    for (const request of rig.providerRequests) {
      const seen = JSON.stringify(request);
      expect(seen).not.toContain('demo-alice');
      expect(request.headers.authorization ?? '').not.toMatch(/^Bearer /i);
    }
  });

  it("[E-61] [E-62] Bob's browser cannot complete Alice's connection, at the page or at the callback", async () => {
    const alice = await connect('demo-alice');
    const [elicitation] = await expectUrlRequired(alice);
    const bob = await loggedIn('bob');
    const atPage = await connectThroughProvider(bob, elicitation?.url ?? '');
    expect(atPage.response.status).toBe(403);
    expect(atPage.text).toContain('Not your request');
    // Alice goes through the provider; her callback URL then leaks to Bob, whose browser follows it first.
    const aliceBrowser = await loggedIn('alice');
    const halfway = await connectThroughProvider(aliceBrowser, elicitation?.url ?? '', {
      stopAtCallback: true,
    });
    const stolen = await bob.request(halfway.callbackUrl ?? '');
    expect(stolen.status).toBe(400);
    expect(await stolen.text()).toContain('Nothing was connected');
    expect(await storedTokens('alice')).toBeUndefined();
    expect(await storedTokens('bob')).toBeUndefined();
    expect((await rig.store.get(elicitation?.elicitationId ?? ''))?.status).toBe('pending');
    // Alice's own browser still finishes it.
    const finished = await aliceBrowser.request(halfway.callbackUrl ?? '');
    expect(await finished.text()).toContain('Example Calendar connected');
    expect(await storedTokens('alice')).toBeDefined();
    expect(await storedTokens('bob')).toBeUndefined();
  });

  it('[E-63] a tampered state is refused, and a used callback cannot be replayed', async () => {
    const alice = await connect('demo-alice');
    const [elicitation] = await expectUrlRequired(alice);
    const browser = await loggedIn('alice');
    const halfway = await connectThroughProvider(browser, elicitation?.url ?? '', { stopAtCallback: true });
    const tampered = new URL(halfway.callbackUrl ?? '');
    tampered.searchParams.set('state', 'A'.repeat(43));
    const refused = await browser.request(tampered);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('This sign-in response is not valid');
    expect(await storedTokens('alice')).toBeUndefined();
    tampered.searchParams.delete('state');
    expect((await browser.request(tampered)).status).toBe(400);
    expect((await browser.request(halfway.callbackUrl ?? '')).status).toBe(200);
    const replay = await browser.request(halfway.callbackUrl ?? '');
    expect(replay.status).toBe(400);
    expect(rig.logs.some((l) => l.event === 'oauth.callback-state-refused')).toBe(true);
  });

  it('refuses a response whose iss is not the provider (RFC 9207 mix-up defense); nothing is bound', async () => {
    const alice = await connect('demo-alice');
    const [elicitation] = await expectUrlRequired(alice);
    const browser = await loggedIn('alice');
    const outcome = await connectThroughProvider(browser, elicitation?.url ?? '', {
      tamper: (callback) => {
        callback.searchParams.set('iss', 'https://attacker.example');
        return callback;
      },
    });
    expect(outcome.response.status).toBe(400);
    expect(outcome.text).toContain('could not be verified');
    expect(await storedTokens('alice')).toBeUndefined();
    expect((await rig.store.get(elicitation?.elicitationId ?? ''))?.status).toBe('pending');
    // The code was never redeemed: no token request followed the refused response.
    const code = outcome.callbackUrl?.searchParams.get('code') ?? '-';
    expect(rig.providerRequests.some((r) => r.body.includes(code))).toBe(false);
  });

  it('denied consent at the provider: a clear page, the elicitation ends like a decline, and a later retry works', async () => {
    const alice = await connect('demo-alice');
    const [first] = await expectUrlRequired(alice);
    const browser = await loggedIn('alice');
    // A tool awaiting this flow in-band hears of the refusal at once, not when the link would have expired.
    const waiting = rig.elicitations
      .waitForCompletion(first?.elicitationId ?? '')
      .catch((error: unknown) => error);
    const denied = await connectThroughProvider(browser, first?.url ?? '', { decision: 'deny' });
    expect(await waiting).toMatchObject({ code: 'elicitation-expired' });
    expect(denied.callbackUrl?.searchParams.get('error')).toBe('access_denied');
    expect(denied.response.status).toBe(403);
    expect(denied.text).toContain('Access not allowed');
    expect(denied.text).toContain('Nothing was connected');
    expect((await rig.store.get(first?.elicitationId ?? ''))?.status).toBe('expired');
    expect(await storedTokens('alice')).toBeUndefined();
    // The old link is dead; a later call asks again with a new elicitation, which can succeed.
    expect((await browser.request(first?.url ?? '')).status).toBe(410);
    const [second] = await expectUrlRequired(alice);
    expect(second?.elicitationId).not.toBe(first?.elicitationId);
    const notice = alice.nextNotice();
    await connectThroughProvider(browser, second?.url ?? '');
    await notice;
    expect(await callText(alice)).toContain('Dentist');
  });

  it("[E-32] the provider account never identifies the MCP user: alice connecting bob's calendar binds it to alice", async () => {
    const alice = await connect('demo-alice');
    const bob = await connect('demo-bob');
    const [elicitation] = await expectUrlRequired(alice);
    const browser = await loggedIn('alice');
    const notice = alice.nextNotice();
    await connectThroughProvider(browser, elicitation?.url ?? '', {
      account: { username: 'bob', password: 'bob-calendar-pass' },
    });
    await notice;
    expect(await callText(alice)).toContain('Bob: gym');
    expect(await storedTokens('alice')).toMatchObject({ account: 'bob' });
    expect(await storedTokens('bob')).toBeUndefined();
    await expectUrlRequired(bob);
  });

  it('an elicitation that expired while the user was at the provider: clear page, nothing bound', async () => {
    const alice = await connect('demo-alice');
    const [elicitation] = await expectUrlRequired(alice);
    const browser = await loggedIn('alice');
    const halfway = await connectThroughProvider(browser, elicitation?.url ?? '', { stopAtCallback: true });
    rig.advanceClock(16 * 60_000);
    const late = await browser.request(halfway.callbackUrl ?? '');
    expect(late.status).toBe(410);
    expect(await late.text()).toContain('Link expired');
    expect(await storedTokens('alice')).toBeUndefined();
    const code = halfway.callbackUrl?.searchParams.get('code') ?? '-';
    expect(rig.providerRequests.some((r) => r.body.includes(code))).toBe(false);
  });
});

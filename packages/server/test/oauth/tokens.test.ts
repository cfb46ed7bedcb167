import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TestClient } from '../url/harness.js';
import { connectedAlice } from './helpers/connected.js';
import { callText, expectUrlRequired } from './helpers/mcp.js';
import { CLIENT_ID, CLIENT_SECRET, type OAuthRig, startOAuthRig } from './helpers/rig.js';

const ACCESS_TOKEN_TTL_MS = 600_000;
const basicAuth = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
let rig: OAuthRig;
let alice: TestClient;
const stored = async () => JSON.parse((await rig.vault.get('alice', 'oauth.token:calendar')) ?? 'null');
const refreshRequests = () => rig.providerRequests.filter((r) => r.body.includes('grant_type=refresh_token'));
const eventsStatus = async (token: string) =>
  (await fetch(rig.calendar.eventsUrl, { headers: { Authorization: `Bearer ${token}` } })).status;

/**
 * Every clock in this process (the provider's, the API's, elicitkit's) reads the faked `Date`, which runs with
 * real time and jumps past the access token's lifetime on demand: expiry without waiting for it.
 */
const outliveAccessToken = () => vi.setSystemTime(Date.now() + ACCESS_TOKEN_TTL_MS + 1000);

// A fresh provider, server and connection per test: no test depends on what an earlier one left behind.
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  rig = await startOAuthRig({ accessTokenTtlMs: ACCESS_TOKEN_TTL_MS });
  alice = await connectedAlice(rig);
});
afterEach(async () => {
  await alice?.close();
  await rig?.close();
  vi.useRealTimers();
});

describe('third-party OAuth: tokens after the connection', () => {
  it('[E-36] refreshes an expired access token transparently with the refresh token', async () => {
    const before = await stored();
    expect(before.refreshToken).toEqual(expect.any(String));
    expect(await eventsStatus(before.accessToken)).toBe(200);
    outliveAccessToken();
    expect(await eventsStatus(before.accessToken)).toBe(401);
    expect(await callText(alice)).toContain('Dentist');
    const after = await stored();
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(refreshRequests()).toHaveLength(1);
    // RFC 8707: the refreshed token is for the same API.
    expect(new URLSearchParams(refreshRequests()[0]?.body).get('resource')).toBe(rig.calendar.apiResource);
  });

  it('coalesces concurrent refreshes of one user into one request', async () => {
    outliveAccessToken();
    const already = refreshRequests().length;
    const tokens = await Promise.all(
      Array.from({ length: 5 }, () => rig.elicitations.accessTokenFor('alice', 'calendar')),
    );
    expect(new Set(tokens).size).toBe(1);
    expect(refreshRequests().length - already).toBe(1);
    expect(await eventsStatus(tokens[0] ?? '')).toBe(200);
  });

  it('two instances on one store refresh one user once: the other waits for the new tokens (a rotated refresh token is never used twice)', async () => {
    const other = rig.anotherInstance();
    outliveAccessToken();
    const already = refreshRequests().length;
    const tokens = await Promise.all([
      rig.elicitations.accessTokenFor('alice', 'calendar'),
      other.accessTokenFor('alice', 'calendar'),
      rig.elicitations.accessTokenFor('alice', 'calendar'),
      other.accessTokenFor('alice', 'calendar'),
    ]);
    expect(refreshRequests().length - already).toBe(1);
    expect(new Set(tokens).size).toBe(1);
    expect(await eventsStatus(tokens[0] ?? '')).toBe(200);
    expect(rig.logs.filter((entry) => entry.event === 'oauth.refresh-rejected')).toEqual([]);
  });

  it('a refresh token the provider refuses ends the connection: the next call asks to connect again (-32042)', async () => {
    const { refreshToken } = await stored();
    // The user revokes the app at the provider (RFC 7009, as the provider's own settings page would).
    const revoked = await fetch(`${rig.calendar.issuer}/token/revocation`, {
      method: 'POST',
      headers: {
        Authorization: basicAuth,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ token: refreshToken, token_type_hint: 'refresh_token' }),
    });
    expect(revoked.status).toBe(200);
    outliveAccessToken();
    const [elicitation] = await expectUrlRequired(alice);
    expect(elicitation?.mode).toBe('url');
    expect(await rig.vault.get('alice', 'oauth.token:calendar')).toBeUndefined();
  });

  it('disconnect revokes at the provider (RFC 7009) and forgets the tokens', async () => {
    const { refreshToken } = await stored();
    const outcome = JSON.parse(await callText(alice, 'disconnect_calendar'));
    expect(outcome).toEqual({ revoked: true, removed: true });
    const revocations = rig.providerRequests.filter((r) => r.url.endsWith('/token/revocation'));
    expect(revocations.map((r) => new URLSearchParams(r.body).get('token_type_hint'))).toEqual([
      'refresh_token',
      'access_token',
    ]);
    // The grant is gone at the provider: the old refresh token no longer works there.
    const refresh = await fetch(`${rig.calendar.issuer}/token`, {
      method: 'POST',
      headers: { Authorization: basicAuth, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    });
    expect(refresh.status).toBe(400);
    expect(((await refresh.json()) as { error: string }).error).toBe('invalid_grant');
    expect(await rig.vault.get('alice', 'oauth.token:calendar')).toBeUndefined();
    await expectUrlRequired(alice);
    expect(JSON.parse(await callText(alice, 'disconnect_calendar'))).toEqual({
      revoked: false,
      removed: false,
    });
  });
});

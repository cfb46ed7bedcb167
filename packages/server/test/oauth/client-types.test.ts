import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../url/harness.js';
import { connectedAlice } from './helpers/connected.js';
import { callText } from './helpers/mcp.js';
import { CLIENT_ID, type OAuthRig, startOAuthRig } from './helpers/rig.js';

let rig: OAuthRig;
let alice: TestClient | undefined;

beforeAll(async () => {
  // A public client (no secret, PKCE alone) configured with explicit endpoints instead of discovery.
  rig = await startOAuthRig({
    publicClient: true,
    provider: (calendar) => ({
      issuer: undefined,
      endpoints: {
        issuer: calendar.issuer,
        authorization: `${calendar.issuer}/auth`,
        token: `${calendar.issuer}/token`,
        revocation: `${calendar.issuer}/token/revocation`,
      },
    }),
  });
});
afterAll(async () => {
  await alice?.close();
  await rig?.close();
});

describe('third-party OAuth: a public client with explicit endpoints', () => {
  it('connects with PKCE alone: no client authentication, no discovery request', async () => {
    alice = await connectedAlice(rig);
    expect(await callText(alice)).toContain('Dentist');
    expect(rig.providerRequests.some((r) => r.url.includes('.well-known'))).toBe(false);
    const tokenRequest = rig.providerRequests.find((r) => r.body.includes('grant_type=authorization_code'));
    expect(tokenRequest?.headers.authorization).toBeUndefined();
    const body = new URLSearchParams(tokenRequest?.body);
    expect(body.get('client_id')).toBe(CLIENT_ID);
    expect(body.get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(body.get('client_secret')).toBeNull();
  });
});

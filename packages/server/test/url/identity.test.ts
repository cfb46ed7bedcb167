import { OAuthError, verifyBearerToken } from '@modelcontextprotocol/server';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { bearerIdentity, jwtVerifier, localIdentity, staticTokenVerifier } from '../../src/url/index.js';
import { MemoryElicitationStore } from '../../src/url/store/index.js';
import { connectClient, startTestServer, type TestClient, type TestServer } from './harness.js';

const ISSUER = 'https://auth.example.com';
const AUDIENCE = 'https://mcp.example.com/mcp';

async function signer() {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const sign = (
    claims: Record<string, unknown>,
    options: { exp?: string; iss?: string; aud?: string } = {},
  ) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256' })
      .setIssuer(options.iss ?? ISSUER)
      .setAudience(options.aud ?? AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(options.exp ?? '5m')
      .sign(privateKey);
  return { sign, publicKey, jwk: await exportJWK(publicKey) };
}

describe('identity from verified credentials', () => {
  it('[E-31] [E-58] jwtVerifier puts the verified sub in authInfo, and bearerIdentity reads it', async () => {
    const { sign, publicKey } = await signer();
    const verifier = jwtVerifier({ issuer: ISSUER, audience: AUDIENCE, key: publicKey });
    const token = await sign({ sub: 'alice', client_id: 'desk-app', scope: 'mcp files' });
    const authInfo = await verifier.verifyAccessToken(token);
    expect(authInfo).toMatchObject({
      clientId: 'desk-app',
      scopes: ['mcp', 'files'],
      extra: { sub: 'alice' },
    });
    expect(authInfo.resource?.href).toBe(AUDIENCE);
    expect(await bearerIdentity()({ authInfo })).toBe('alice');
    // The SDK's own bearer check accepts it too (expiry present, resource matches).
    const viaSdk = await verifyBearerToken(`Bearer ${token}`, {
      verifier,
      expectedResource: new URL(AUDIENCE),
    });
    expect(viaSdk.extra?.sub).toBe('alice');
  });

  it('[E-57] jwtVerifier refuses forged, foreign, expired and sub-less tokens', async () => {
    const { sign, publicKey } = await signer();
    const other = await signer();
    const verifier = jwtVerifier({ issuer: ISSUER, audience: AUDIENCE, key: publicKey });
    const refused = async (token: string) => {
      await expect(verifier.verifyAccessToken(token)).rejects.toBeInstanceOf(OAuthError);
    };
    await refused(await other.sign({ sub: 'alice' }));
    await refused(await sign({ sub: 'alice' }, { iss: 'https://evil.example' }));
    await refused(await sign({ sub: 'alice' }, { aud: 'https://other.example/mcp' }));
    await refused(await sign({ sub: 'alice' }, { exp: '-1m' }));
    await refused(await sign({}));
    await refused('not-a-jwt');
  });

  it('jwtVerifier takes a JWKS resolver too', async () => {
    const { createLocalJWKSet } = await import('jose');
    const { sign, jwk } = await signer();
    const verifier = jwtVerifier({
      issuer: ISSUER,
      audience: AUDIENCE,
      jwks: createLocalJWKSet({ keys: [jwk] }),
    });
    const authInfo = await verifier.verifyAccessToken(await sign({ sub: 'bob', azp: 'web' }));
    expect(authInfo).toMatchObject({ clientId: 'web', extra: { sub: 'bob' } });
  });

  it('staticTokenVerifier maps development tokens to users and refuses others', async () => {
    const verifier = staticTokenVerifier({
      'demo-alice': 'alice',
      'demo-bob': { sub: 'bob', clientId: 'cli' },
    });
    expect(await verifier.verifyAccessToken('demo-alice')).toMatchObject({
      clientId: 'static:alice',
      extra: { sub: 'alice' },
    });
    expect((await verifier.verifyAccessToken('demo-bob')).clientId).toBe('cli');
    await expect(verifier.verifyAccessToken('demo-carol')).rejects.toBeInstanceOf(OAuthError);
    expect(() => staticTokenVerifier({ short: 'x' })).toThrow(/8 characters/);
  });

  it('[E-29] [E-57] bearerIdentity ignores anything unverified; localIdentity is explicit', async () => {
    const resolve = bearerIdentity();
    expect(await resolve({})).toBeUndefined();
    expect(await resolve({ authInfo: { token: 't', clientId: 'c', scopes: [] } })).toBeUndefined();
    expect(
      await resolve({ authInfo: { token: 't', clientId: 'c', scopes: [], extra: { sub: '' } } }),
    ).toBeUndefined();
    expect(
      await resolve({ authInfo: { token: 't', clientId: 'c', scopes: [], extra: { sub: 'a\u202eb' } } }),
    ).toBeUndefined();
    expect(await localIdentity('me')({})).toBe('me');
    expect(() => localIdentity('')).toThrow();
  });
});

describe('identity over the wire', () => {
  let server: TestServer;
  const clients: TestClient[] = [];
  afterEach(async () => {
    await Promise.allSettled(clients.splice(0).map((c) => c.close()));
    await server.close();
  });

  it('[E-28] without a verified user, URL elicitations refuse to start with a clear error', async () => {
    const store = new MemoryElicitationStore();
    server = await startTestServer({ store, anonymous: true });
    const client = await connectClient(server.mcpUrl);
    clients.push(client);
    const result = await client.client.callTool({ name: 'set_api_key', arguments: {} });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('needs a verified user');
    expect(client.wire.some((m) => 'method' in m && m.method === 'elicitation/create')).toBe(false);
  });

  it("[E-29] a session opened by Alice cannot be used with Bob's token to start elicitations", async () => {
    const store = new MemoryElicitationStore();
    server = await startTestServer({ store });
    const client = await connectClient(server.mcpUrl, { token: 'demo-alice' });
    clients.push(client);
    client.headers.Authorization = 'Bearer demo-bob';
    // The endpoint refuses the session id with other credentials before any tool runs (403).
    const outcome = await client.client.callTool({ name: 'use_api', arguments: {} }).then(
      (result) => JSON.stringify(result),
      (error: unknown) => String(error),
    );
    expect(outcome).toMatch(/belongs to other credentials/);
    expect(server.logs.some((l) => l.event === 'elicitation.created')).toBe(false);
  });
});

import { McpServer } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/index.js';
import {
  OAuthConnectionErrorCode,
  type OAuthProviderOptions,
  oauthProviders,
} from '../../src/oauth/index.js';
import { createUrlMode, localIdentity, secretKind } from '../../src/url/index.js';
import { MemoryElicitationStore } from '../../src/url/store/index.js';
import { createVaultKeyring, generateVaultKey, parseVaultKey, Vault } from '../../src/url/vault/index.js';

const vault = new Vault({
  store: new MemoryElicitationStore(),
  keys: createVaultKeyring(parseVaultKey(generateVaultKey())),
});
const valid: OAuthProviderOptions = {
  name: 'calendar',
  displayName: 'Example Calendar',
  issuer: 'https://calendar.example',
  clientId: 'client',
  clientSecret: 'secret',
  scopes: ['openid', 'calendar.read'],
};
const configError = (provider: Partial<OAuthProviderOptions>, where: string) => {
  let caught: unknown;
  try {
    oauthProviders([{ ...valid, ...provider } as OAuthProviderOptions]);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(UsageError);
  expect((caught as UsageError).code).toBe(OAuthConnectionErrorCode.InvalidConfig);
  expect((caught as Error).message).toContain(where);
};

describe('third-party OAuth: configuration', () => {
  it('accepts discovery, explicit endpoints, confidential and public clients', () => {
    expect(() => oauthProviders([valid])).not.toThrow();
    const { clientSecret: _secret, issuer: _issuer, ...publicClient } = valid;
    const explicit = {
      ...publicClient,
      endpoints: {
        issuer: 'http://127.0.0.1:9000',
        authorization: 'http://127.0.0.1:9000/auth',
        token: 'http://127.0.0.1:9000/token',
      },
    };
    expect(() => oauthProviders([explicit])).not.toThrow();
  });

  it('names the provider and the option that is wrong', () => {
    configError({ name: 'Calendar!' }, 'providers[].name');
    configError({ displayName: '' }, 'providers.calendar.displayName');
    configError({ issuer: undefined }, 'providers.calendar.issuer / endpoints');
    configError(
      { endpoints: { issuer: 'https://a', authorization: 'https://a/x', token: 'https://a/t' } },
      'give exactly one',
    );
    configError({ issuer: 'http://calendar.example' }, 'providers.calendar.issuer: must use https');
    configError({ clientId: '' }, 'providers.calendar.clientId');
    configError({ scopes: [] }, 'providers.calendar.scopes');
    configError({ scopes: ['calendar read'] }, 'not a scope token');
    configError({ resource: 'https://api.example/#frag' }, 'providers.calendar.resource');
    configError({ authorizationParams: { state: 'fixed' } }, 'authorizationParams.state');
    configError(
      { authorizationParams: { redirect_uri: 'https://evil.example' } },
      'authorizationParams.redirect_uri',
    );
    configError({ clientSecret: undefined, clientAuthMethod: 'client_secret_post' }, 'clientAuthMethod');
    expect(() => oauthProviders([valid, valid])).toThrow(/registered twice/);
    expect(() => oauthProviders([])).toThrow(/at least one provider/);
    expect(() => oauthProviders([valid], { refreshSkewMs: -1 })).toThrow(/refreshSkewMs/);
    expect(() => oauthProviders([valid], { providerTimeoutMs: 10 })).toThrow(/providerTimeoutMs/);
  });

  it('wires into URL mode in one call: redirect URI and kind at once, unknown providers refused', async () => {
    const store = new MemoryElicitationStore();
    const browserIdentity = () => 'alice';
    const urlMode = createUrlMode({
      store,
      vault,
      oauth: oauthProviders([valid]),
      publicBaseUrl: 'http://127.0.0.1:1/app/',
      identity: localIdentity('alice'),
      browserIdentity,
      logger: { info() {}, warn() {} },
    });
    expect(urlMode.redirectUri('calendar')).toBe('http://127.0.0.1:1/app/oauth/callback/calendar');
    expect(() => urlMode.redirectUri('mail')).toThrow(expect.objectContaining({ code: 'unknown-provider' }));
    await expect(urlMode.accessTokenFor('alice', 'mail')).rejects.toThrow(
      expect.objectContaining({
        name: 'UsageError',
        code: 'unknown-provider',
        details: { provider: 'mail' },
        message: expect.stringContaining('known: calendar'),
      }),
    );
    // The callback route is mounted with the pages: a GET without state is refused as not this browser's.
    const callback = await urlMode.fetch(new Request('http://127.0.0.1:1/oauth/callback/calendar'));
    expect(callback.status).toBe(400);
    await urlMode.close();

    expect(() =>
      createUrlMode({
        store,
        oauth: oauthProviders([valid]),
        publicBaseUrl: 'http://127.0.0.1:1/',
        identity: localIdentity('alice'),
        browserIdentity,
      }),
    ).toThrow(/oauth needs vault/);
    expect(() =>
      createUrlMode({
        store,
        vault,
        oauth: oauthProviders([valid], { kindName: 'secret' }),
        kinds: [secretKind({ vault })],
        publicBaseUrl: 'http://127.0.0.1:1/',
        identity: localIdentity('alice'),
        browserIdentity,
      }),
    ).toThrow(/kind "secret" registered twice/);
    const withoutOAuth = createUrlMode({
      store,
      kinds: [secretKind({ vault })],
      publicBaseUrl: 'http://127.0.0.1:1/',
      identity: localIdentity('alice'),
      browserIdentity,
    });
    expect(() => withoutOAuth.redirectUri('calendar')).toThrow(/OAuth is not configured/);
    const handle = withoutOAuth.attach(new McpServer({ name: 'no-oauth', version: '1.0.0' }));
    expect(() => handle.oauth).toThrow(/OAuth is not configured; pass oauth: oauthProviders/);
    await withoutOAuth.close();
    await store.close();
  });
});

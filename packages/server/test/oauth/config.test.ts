import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/index.js';
import {
  OAuthConnectionErrorCode,
  OAuthConnections,
  type OAuthProviderOptions,
} from '../../src/oauth/index.js';
import {
  createVaultKeyring,
  generateVaultKey,
  localIdentity,
  MemoryElicitationStore,
  parseVaultKey,
  UrlElicitations,
  Vault,
} from '../../src/url/index.js';

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
    new OAuthConnections({ vault, providers: [{ ...valid, ...provider } as OAuthProviderOptions] });
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(UsageError);
  expect((caught as UsageError).code).toBe(OAuthConnectionErrorCode.InvalidConfig);
  expect((caught as Error).message).toContain(where);
};

describe('third-party OAuth: configuration', () => {
  it('accepts discovery, explicit endpoints, confidential and public clients', () => {
    expect(() => new OAuthConnections({ vault, providers: [valid] })).not.toThrow();
    const { clientSecret: _secret, issuer: _issuer, ...publicClient } = valid;
    const explicit = {
      ...publicClient,
      endpoints: {
        issuer: 'http://127.0.0.1:9000',
        authorization: 'http://127.0.0.1:9000/auth',
        token: 'http://127.0.0.1:9000/token',
      },
    };
    expect(() => new OAuthConnections({ vault, providers: [explicit] })).not.toThrow();
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
    expect(() => new OAuthConnections({ vault, providers: [valid, valid] })).toThrow(/registered twice/);
    expect(() => new OAuthConnections({ vault, providers: [] })).toThrow(/at least one provider/);
    expect(() => new OAuthConnections({ vault, providers: [valid], refreshSkewMs: -1 })).toThrow(
      /refreshSkewMs/,
    );
  });

  it('refuses unknown providers and routes mounted for a service without its kind', async () => {
    const oauth = new OAuthConnections({ vault, providers: [valid] });
    expect(() => oauth.redirectUri('calendar')).toThrow(
      expect.objectContaining({ code: 'routes-not-mounted' }),
    );
    await expect(oauth.accessToken('alice', 'mail')).rejects.toThrow(
      expect.objectContaining({
        name: 'UsageError',
        code: 'unknown-provider',
        details: { provider: 'mail' },
        message: expect.stringContaining('known: calendar'),
      }),
    );
    const store = new MemoryElicitationStore();
    const withoutKind = new UrlElicitations({
      store,
      publicBaseUrl: 'http://127.0.0.1:1/',
      identity: localIdentity('alice'),
      kinds: [new OAuthConnections({ vault, providers: [valid] }).kind],
    });
    expect(() => oauth.routes({ elicitations: withoutKind, browserIdentity: () => 'alice' })).toThrow(
      /register oauth.kind/,
    );
    const elicitations = new UrlElicitations({
      store,
      publicBaseUrl: 'http://127.0.0.1:1/app/',
      identity: localIdentity('alice'),
      kinds: [oauth.kind],
    });
    oauth.routes({ elicitations, browserIdentity: () => 'alice' });
    expect(oauth.redirectUri('calendar')).toBe('http://127.0.0.1:1/app/oauth/callback/calendar');
    expect(oauth.kind.checkParams?.({ provider: 'mail' })).toContain('not registered');
    expect(oauth.kind.checkParams?.({ provider: 'calendar' })).toBeUndefined();
    await Promise.all([withoutKind.close(), elicitations.close(), store.close()]);
  });
});

import { isLoopbackHost, UsageError } from '@elicitkit/core';
import { OAuthConnectionErrorCode } from '../errors.js';

/** Endpoints given by hand, for providers without discovery metadata. */
export interface OAuthEndpoints {
  /** The issuer identifier, checked against `iss` in authorization responses (RFC 9207). */
  issuer: string;
  authorization: string;
  token: string;
  /** RFC 7009 token revocation; without it `disconnect` only forgets the tokens. */
  revocation?: string;
}

/** One third-party service this server connects to on behalf of its users, as an OAuth client. */
export interface OAuthProviderOptions {
  /** Registry key, used in vault entry names and the callback path: 1-64 of a-z 0-9 - _. */
  name: string;
  /** What users see: "Connect your Example Calendar account". */
  displayName: string;
  /** Discover the endpoints from this issuer (OpenID Connect discovery, or RFC 8414 with `discovery: 'oauth2'`). */
  issuer?: string;
  discovery?: 'oidc' | 'oauth2';
  /** Or give them by hand. Exactly one of `issuer` and `endpoints`. */
  endpoints?: OAuthEndpoints;
  clientId: string;
  /** Omit for a public client: PKCE alone protects the code (RFC 7636), no client authentication. */
  clientSecret?: string;
  /** How a confidential client authenticates at the token endpoint. Default `client_secret_basic`. */
  clientAuthMethod?: 'client_secret_basic' | 'client_secret_post';
  /** Scopes to ask for. With `openid` the flow is OpenID Connect: a `nonce` is sent and the ID token checked. */
  scopes: readonly string[];
  /** RFC 8707 resource indicator: the API the access token is for (sent on authorization, code and refresh). */
  resource?: string;
  /** Extra authorization request parameters (e.g. `prompt`, `access_type`); protocol parameters are refused. */
  authorizationParams?: Readonly<Record<string, string>>;
}

export const PROVIDER_NAME = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/** Parameters this module sets itself; letting configuration override them would undo its checks. */
const RESERVED_PARAMS = new Set([
  'client_id',
  'redirect_uri',
  'response_type',
  'response_mode',
  'scope',
  'state',
  'nonce',
  'code_challenge',
  'code_challenge_method',
  'resource',
  'request',
  'request_uri',
]);

/** Whether `url` may be used at all, and whether it needs openid-client's insecure-requests switch. */
export function checkEndpointUrl(value: string, where: string): { url: URL; insecure: boolean } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(OAuthConnectionErrorCode.InvalidConfig, `${where}: not an absolute URL`);
  }
  // RFC 9700 §2.6 / RFC 6749 §3.1: TLS everywhere; plain http only to this machine, for development and tests.
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    throw new UsageError(
      OAuthConnectionErrorCode.InvalidConfig,
      `${where}: must use https (http only for loopback hosts)`,
    );
  }
  if (url.username || url.password || url.hash) {
    throw new UsageError(
      OAuthConnectionErrorCode.InvalidConfig,
      `${where}: must not carry credentials or a fragment`,
    );
  }
  return { url, insecure: url.protocol === 'http:' };
}

/** Checks one provider's configuration; every problem names the provider and the option. */
export function checkProviderOptions(options: OAuthProviderOptions): void {
  const name = typeof options?.name === 'string' ? options.name : '';
  if (!PROVIDER_NAME.test(name)) {
    throw new UsageError(
      OAuthConnectionErrorCode.InvalidConfig,
      `providers[].name: 1-64 characters of a-z 0-9 - _, got "${name.slice(0, 64)}"`,
    );
  }
  const where = `providers.${name}`;
  const fail = (message: string) => {
    throw new UsageError(OAuthConnectionErrorCode.InvalidConfig, `${where}.${message}`);
  };
  if (
    typeof options.displayName !== 'string' ||
    options.displayName.trim() === '' ||
    options.displayName.length > 100
  ) {
    fail('displayName: required, 1-100 characters');
  }
  if ((options.issuer === undefined) === (options.endpoints === undefined))
    fail('issuer / endpoints: give exactly one');
  if (options.issuer !== undefined) checkEndpointUrl(options.issuer, `${where}.issuer`);
  if (options.endpoints) {
    for (const key of ['issuer', 'authorization', 'token', 'revocation'] as const) {
      const value = options.endpoints[key];
      if (value !== undefined || key !== 'revocation')
        checkEndpointUrl(String(value), `${where}.endpoints.${key}`);
    }
  }
  if (typeof options.clientId !== 'string' || options.clientId.length === 0) fail('clientId: required');
  if (
    options.clientSecret !== undefined &&
    (typeof options.clientSecret !== 'string' || options.clientSecret === '')
  ) {
    fail('clientSecret: a non-empty string, or omit it for a public client');
  }
  if (options.clientAuthMethod !== undefined && options.clientSecret === undefined) {
    fail('clientAuthMethod: only for a confidential client (with clientSecret)');
  }
  if (!Array.isArray(options.scopes) || options.scopes.length === 0) fail('scopes: at least one scope');
  for (const scope of options.scopes) {
    // RFC 6749 §3.3: scope-token = 1*( %x21 / %x23-5B / %x5D-7E )
    if (typeof scope !== 'string' || !/^[\x21\x23-\x5b\x5d-\x7e]+$/.test(scope))
      fail(`scopes: "${String(scope).slice(0, 40)}" is not a scope token`);
  }
  if (options.resource !== undefined) {
    // RFC 8707 §2: an absolute URI without a fragment.
    let resource: URL | undefined;
    try {
      resource = new URL(options.resource);
    } catch {}
    if (!resource || resource.hash) fail('resource: an absolute URI without a fragment (RFC 8707 §2)');
  }
  for (const [key, value] of Object.entries(options.authorizationParams ?? {})) {
    if (RESERVED_PARAMS.has(key))
      fail(`authorizationParams.${key}: set by this module, cannot be configured`);
    if (typeof value !== 'string') fail(`authorizationParams.${key}: must be a string`);
  }
}

/** Whether the flow is OpenID Connect (an ID token and a nonce) rather than plain OAuth. */
export const isOpenIdConnect = (options: OAuthProviderOptions) => options.scopes.includes('openid');

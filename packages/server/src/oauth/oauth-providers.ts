import { integerOption } from '@elicitkit/core';
import {
  type BoundOAuth,
  bindOAuth,
  type OAuthBindContext,
  type OAuthProviders,
} from '../url/flow/oauth-binding.js';
import { ConnectionOAuth } from './connection-oauth.js';
import { OAuthConnectionErrorCode } from './errors.js';
import { AuthorizationAttempts } from './flow/attempts.js';
import { callbackRoutes, oauthRedirectUri } from './flow/callback-routes.js';
import { connectKind } from './flow/connect-kind.js';
import type { OAuthProviderOptions } from './provider/provider-options.js';
import { type ProviderFetch, ProviderRegistry } from './provider/provider-registry.js';
import { ConnectionTokens } from './tokens/connection-tokens.js';

/** Options of {@link oauthProviders}: timings, the provider-facing fetch, and the kind's name. */
export interface OAuthProvidersOptions {
  /** Name of the elicitation kind. Default `oauth`. */
  kindName?: string;
  /** Refresh an access token this long before it expires. Default 60 s. */
  refreshSkewMs?: number;
  /** Longest time a user may spend at the provider before coming back. Default 10 minutes. */
  attemptTtlMs?: number;
  /** Timeout of each request to a provider. Default 10 s. */
  providerTimeoutMs?: number;
  /** Used for every request to providers (discovery, token, revocation); default the global `fetch`. */
  fetch?: ProviderFetch;
}

/**
 * This server as an OAuth client of third-party services, on behalf of its users, through URL-mode elicitation
 * ("URL Mode Elicitation for OAuth Flows", E-32..E-37). Pass the result to `createUrlMode({ oauth })`: URL mode
 * then registers the `oauth` kind, serves `GET /oauth/callback/:provider` beside the elicitation pages, keeps the
 * tokens in its vault, and gives every attached connection `url.oauth.accessToken(ctx, provider)`.
 *
 * ```ts
 * const urlMode = createUrlMode({ store, publicBaseUrl, identity: bearerIdentity(), vault,
 *   browserIdentity: sessions.browserIdentity, csrfSecret, oauth: oauthProviders([{ name: 'calendar',
 *   displayName: 'Example Calendar', issuer: 'https://calendar.example', clientId: 'my-server',
 *   clientSecret: process.env.CALENDAR_CLIENT_SECRET, scopes: ['openid', 'calendar.read'] }]) });
 * ```
 *
 * Provider options are checked here, at once; nothing is fetched until a user connects.
 */
export function oauthProviders(
  providers: readonly OAuthProviderOptions[],
  options: OAuthProvidersOptions = {},
): OAuthProviders {
  const refreshSkewMs = options.refreshSkewMs ?? 60_000;
  const attemptTtlMs = options.attemptTtlMs ?? 10 * 60_000;
  const providerTimeoutMs = options.providerTimeoutMs ?? 10_000;
  for (const [key, value, min] of [
    ['refreshSkewMs', refreshSkewMs, 0],
    ['attemptTtlMs', attemptTtlMs, 1000],
    ['providerTimeoutMs', providerTimeoutMs, 1000],
  ] as const) {
    integerOption(
      key,
      value,
      { min },
      { code: OAuthConnectionErrorCode.InvalidConfig, where: 'oauthProviders' },
    );
  }
  const registry = new ProviderRegistry(providers, {
    timeoutMs: providerTimeoutMs,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const kindName = options.kindName ?? 'oauth';
  return { [bindOAuth]: (context) => bind(context, registry, { kindName, refreshSkewMs, attemptTtlMs }) };
}

function bind(
  context: OAuthBindContext,
  registry: ProviderRegistry,
  settings: { kindName: string; refreshSkewMs: number; attemptTtlMs: number },
): BoundOAuth {
  const { vault, clock, logger, publicBaseUrl } = context;
  const tokens = new ConnectionTokens({
    vault,
    registry,
    clock,
    refreshSkewMs: settings.refreshSkewMs,
    logger: () => logger,
  });
  const attempts = new AuthorizationAttempts(vault, clock);
  const redirectUri = (provider: string) => {
    registry.require(provider);
    return oauthRedirectUri(publicBaseUrl, provider);
  };
  return {
    kind: connectKind({
      name: settings.kindName,
      registry,
      attempts,
      redirectUri,
      attemptTtlMs: settings.attemptTtlMs,
      clock,
    }),
    redirectUri,
    async accessTokenFor(user, provider) {
      registry.require(provider);
      return tokens.accessToken(user, provider);
    },
    handleFor: (connection) =>
      new ConnectionOAuth({ connection, registry, tokens, kindName: settings.kindName }),
    routes: (service) =>
      callbackRoutes({
        registry,
        attempts,
        tokens,
        elicitations: service,
        browserIdentity: context.browserIdentity,
        clock,
      }),
  };
}

import { UsageError } from '@elicitkit/core';
import type { Hono } from 'hono';
import type { UrlElicitationConnection } from '../url/flow/connection-handle.js';
import type { UrlElicitations } from '../url/flow/url-elicitations.js';
import type { ElicitationKind } from '../url/kinds/types.js';
import { stderrLogger, type UrlElicitationLogger } from '../url/log.js';
import type { BrowserIdentity } from '../url/pages/app.js';
import type { Vault } from '../url/vault/vault.js';
import { OAuthConnectionHandle } from './connection-handle.js';
import { OAuthConnectionErrorCode } from './errors.js';
import { AuthorizationAttempts } from './flow/attempts.js';
import { callbackRoutes, oauthRedirectUri } from './flow/callback-routes.js';
import { connectKind } from './flow/connect-kind.js';
import type { OAuthProviderOptions } from './provider/provider-options.js';
import { type ProviderFetch, ProviderRegistry } from './provider/provider-registry.js';
import { ConnectionTokens } from './tokens/connection-tokens.js';

export interface OAuthConnectionsOptions {
  /** Where tokens and in-flight authorization attempts are kept, encrypted (E-30, E-36). */
  vault: Vault;
  providers: readonly OAuthProviderOptions[];
  /** Name of the elicitation kind. Default `oauth`. */
  kindName?: string;
  /** Refresh an access token this long before it expires. Default 60 s. */
  refreshSkewMs?: number;
  /** Longest time a user may spend at the provider before coming back. Default 10 minutes. */
  attemptTtlMs?: number;
  /** Timeout of each request to a provider, seconds. Default 10. */
  providerTimeoutSeconds?: number;
  /** Used for every request to providers (discovery, token, revocation); default the global `fetch`. */
  fetch?: ProviderFetch;
  now?: () => number;
  /** Default: the logger of the `UrlElicitations` passed to `routes`. */
  logger?: UrlElicitationLogger;
}

export interface OAuthRoutesOptions {
  elicitations: UrlElicitations;
  /** The same web session the elicitation pages use (E-61). */
  browserIdentity: BrowserIdentity;
}

/**
 * This server as an OAuth client of third-party services, on behalf of its users, through URL-mode elicitation
 * ("URL Mode Elicitation for OAuth Flows"). Register `kind` with `UrlElicitations`, mount `routes(...)` beside
 * the elicitation pages, and call `attach(urlConnection).requireConnection(ctx, provider)` from tools.
 *
 * ```ts
 * const oauth = new OAuthConnections({ vault, providers: [{ name: 'calendar', displayName: 'Example Calendar',
 *   issuer, clientId, clientSecret, scopes: ['openid', 'calendar.read'] }] });
 * const elicitations = new UrlElicitations({ store, publicBaseUrl, identity, kinds: [oauth.kind] });
 * web.route('/', createElicitationPages({ elicitations, browserIdentity }));
 * web.route('/', oauth.routes({ elicitations, browserIdentity }));
 * ```
 */
export class OAuthConnections {
  readonly kind: ElicitationKind;
  readonly #registry: ProviderRegistry;
  readonly #tokens: ConnectionTokens;
  readonly #attempts: AuthorizationAttempts;
  readonly #now: () => number;
  readonly #logger: UrlElicitationLogger | undefined;
  #elicitations: UrlElicitations | undefined;

  constructor(options: OAuthConnectionsOptions) {
    if (!options?.vault)
      throw new UsageError(OAuthConnectionErrorCode.InvalidConfig, 'OAuthConnections: vault is required');
    const refreshSkewMs = options.refreshSkewMs ?? 60_000;
    const attemptTtlMs = options.attemptTtlMs ?? 10 * 60_000;
    const timeoutSeconds = options.providerTimeoutSeconds ?? 10;
    for (const [key, value, min] of [
      ['refreshSkewMs', refreshSkewMs, 0],
      ['attemptTtlMs', attemptTtlMs, 1000],
      ['providerTimeoutSeconds', timeoutSeconds, 1],
    ] as const) {
      if (!Number.isInteger(value) || value < min) {
        throw new UsageError(
          OAuthConnectionErrorCode.InvalidConfig,
          `OAuthConnections: ${key} must be an integer >= ${min}`,
        );
      }
    }
    this.#now = options.now ?? Date.now;
    this.#logger = options.logger;
    this.#registry = new ProviderRegistry(options.providers, {
      timeoutSeconds,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
    this.#tokens = new ConnectionTokens({
      vault: options.vault,
      registry: this.#registry,
      now: this.#now,
      refreshSkewMs,
      logger: () => this.logger,
    });
    this.#attempts = new AuthorizationAttempts(options.vault, this.#now);
    this.kind = connectKind({
      name: options.kindName ?? 'oauth',
      registry: this.#registry,
      attempts: this.#attempts,
      redirectUri: (provider) => this.redirectUri(provider),
      attemptTtlMs,
      now: this.#now,
    });
  }

  get logger(): UrlElicitationLogger {
    return this.#logger ?? this.#elicitations?.logger ?? stderrLogger;
  }

  /** The callback routes, `GET /oauth/callback/:provider`, as a Hono app to mount beside the elicitation pages. */
  routes(options: OAuthRoutesOptions): Hono {
    if (this.#elicitations && this.#elicitations !== options.elicitations) {
      throw new UsageError(
        OAuthConnectionErrorCode.InvalidConfig,
        'OAuthConnections.routes: already bound to another UrlElicitations',
      );
    }
    if (options.elicitations.kinds.get(this.kind.name) !== this.kind) {
      throw new UsageError(
        OAuthConnectionErrorCode.InvalidConfig,
        `OAuthConnections.routes: register oauth.kind in UrlElicitations({ kinds }) (kind "${this.kind.name}" is missing or another)`,
      );
    }
    this.#elicitations = options.elicitations;
    return callbackRoutes({
      registry: this.#registry,
      attempts: this.#attempts,
      tokens: this.#tokens,
      elicitations: options.elicitations,
      browserIdentity: options.browserIdentity,
      now: this.#now,
    });
  }

  /** The redirect URI to register at `provider` (after `routes`; before, use `oauthRedirectUri`). */
  redirectUri(provider: string): string {
    this.#registry.require(provider);
    return oauthRedirectUri(this.#bound().publicBaseUrl, provider);
  }

  /** Third-party connections for the tools of one attached MCP connection. */
  attach(connection: UrlElicitationConnection): OAuthConnectionHandle {
    return new OAuthConnectionHandle({
      connection,
      registry: this.#registry,
      tokens: this.#tokens,
      kindName: this.kind.name,
    });
  }

  /**
   * A valid access token of `user` at `provider` (refreshed if it expired), or undefined when not connected. For
   * this server's own code; never return it to an MCP client (E-37).
   */
  async accessToken(user: string, provider: string): Promise<string | undefined> {
    this.#registry.require(provider);
    return this.#tokens.accessToken(user, provider);
  }

  /** Revokes the connection at the provider (RFC 7009, when offered) and forgets its tokens. */
  async disconnect(user: string, provider: string): Promise<{ revoked: boolean; removed: boolean }> {
    this.#registry.require(provider);
    return this.#tokens.revokeAndRemove(user, provider);
  }

  #bound(): UrlElicitations {
    if (!this.#elicitations) {
      throw new UsageError(
        OAuthConnectionErrorCode.RoutesNotMounted,
        'OAuthConnections: call routes({ elicitations, browserIdentity }) and mount them before connecting users',
      );
    }
    return this.#elicitations;
  }
}

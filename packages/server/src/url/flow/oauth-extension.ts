import type { ServerContext } from '@modelcontextprotocol/server';
import type { Hono } from 'hono';
import type { ElicitationKind } from '../kinds/types.js';
import type { UrlElicitationLogger } from '../log.js';
import type { BrowserIdentity } from '../pages/app.js';
import type { Vault } from '../vault/vault.js';
import type { UrlElicitationConnection } from './connection-handle.js';
import type { UrlElicitationService } from './service.js';

/**
 * How URL mode and third-party OAuth meet without `/url` loading openid-client: `@elicitkit/server/oauth` makes a
 * value carrying this key, `createUrlMode` calls it once with what OAuth needs. Package-internal; the symbol is not
 * exported from any entry.
 */
export const bindOAuth: unique symbol = Symbol('elicitkit.bindOAuth');

/** What OAuth gets from `createUrlMode`. */
export interface OAuthBindContext {
  vault: Vault;
  publicBaseUrl: URL;
  browserIdentity: BrowserIdentity;
  logger: UrlElicitationLogger;
  now: () => number;
}

/** OAuth bound to one URL mode: its kind, its callback routes, and the per-connection handle. */
export interface BoundOAuth {
  kind: ElicitationKind;
  /** `<publicBaseUrl>/oauth/callback/<provider>`; throws for a provider that is not registered. */
  redirectUri(provider: string): string;
  /** For this server's own code, outside a tool call (E-37: never hand it to an MCP client). */
  accessTokenFor(user: string, provider: string): Promise<string | undefined>;
  handleFor(connection: UrlElicitationConnection): OAuthConnectionHandle;
  routes(service: UrlElicitationService): Hono;
}

/**
 * Third-party OAuth providers for `createUrlMode({ oauth })`, made by `oauthProviders([...])` from
 * `@elicitkit/server/oauth`.
 */
export interface OAuthProviders {
  /** @internal How `createUrlMode` binds the providers; opaque to applications. */
  readonly [bindOAuth]: (context: OAuthBindContext) => BoundOAuth;
}

/** Options of `url.oauth.accessToken`: what the user reads when a connection is needed. */
export interface AccessTokenOptions {
  /** What the user reads before consenting; default names the provider and says what happens. */
  message?: string;
  /** The -32042 error's message. */
  errorMessage?: string;
}

/** The calling user's third-party connections, for the tools of one attached MCP connection (`url.oauth`). */
export interface OAuthConnectionHandle {
  /**
   * The calling user's access token at `provider`, refreshed transparently when it expired. When there is none
   * (never connected, refresh refused, revoked), throws `-32042` with a URL elicitation of kind `oauth`: the client
   * opens it, the user connects in the browser, and the client retries the tool call, which then gets a token.
   *
   * E-37: the token is for this server's requests to the provider; never put it in a tool result or any message.
   */
  accessToken(ctx: ServerContext, provider: string, options?: AccessTokenOptions): Promise<string>;
  /** Whether the calling user has tokens for `provider` (it does not check they still work). */
  isConnected(ctx: ServerContext, provider: string): Promise<boolean>;
  /** Revokes the calling user's connection to `provider` (RFC 7009 when offered) and forgets its tokens. */
  disconnect(ctx: ServerContext, provider: string): Promise<{ revoked: boolean; removed: boolean }>;
}

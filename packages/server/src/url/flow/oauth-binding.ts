import type { Clock } from '@elicitkit/core';
import type { Hono } from 'hono';
import type { BrowserIdentity } from '../identity/resolver.js';
import type { ElicitationKind } from '../kinds/types.js';
import type { UrlElicitationLogger } from '../log.js';
import type { Vault } from '../vault/vault.js';
import type { UrlElicitationConnection } from './connection-handle.js';
import type { OAuthConnectionHandle } from './oauth-handle.js';
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
  clock: Clock;
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
  /** @hidden How `createUrlMode` binds the providers: opaque to applications, which only pass the object on. */
  readonly [bindOAuth]: (context: OAuthBindContext) => BoundOAuth;
}

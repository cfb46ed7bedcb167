/**
 * @elicitkit/server/oauth: third-party OAuth through URL-mode elicitation, this server as an OAuth client of other
 * services (E-32..E-37). Loads openid-client; builds on `@elicitkit/server/url`.
 */
export { OAuthConnectionHandle, type RequireConnectionOptions } from './connection-handle.js';
export { OAuthConnectionErrorCode, type OAuthConnectionErrorDetails } from './errors.js';
export { oauthRedirectUri } from './flow/callback-routes.js';
export {
  OAuthConnections,
  type OAuthConnectionsOptions,
  type OAuthRoutesOptions,
} from './oauth-connections.js';
export type { OAuthEndpoints, OAuthProviderOptions } from './provider/provider-options.js';
export type { ProviderFetch } from './provider/provider-registry.js';

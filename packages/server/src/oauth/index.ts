/**
 * @elicitkit/server/oauth: third-party OAuth through URL-mode elicitation, this server as an OAuth client of other
 * services (E-32..E-37): `createUrlMode({ oauth: oauthProviders([...]) })`. Loads openid-client.
 *
 * @module @elicitkit/server/oauth
 */
export type { OAuthProviders } from '../url/flow/oauth-binding.js';
export type { AccessTokenOptions, OAuthConnectionHandle } from '../url/flow/oauth-handle.js';
export { OAuthConnectionErrorCode, type OAuthConnectionErrorDetails } from './errors.js';
export { type OAuthProvidersOptions, oauthProviders } from './oauth-providers.js';
export type { OAuthEndpoints, OAuthProviderOptions } from './provider/provider-options.js';
export type { ProviderFetch } from './provider/provider-registry.js';

/**
 * @elicitkit/server/url: URL-mode elicitation in one call, `createUrlMode` (identity-bound flows and their pages),
 * with stores, login routes, vault and kinds; see README "URL mode". Third-party OAuth plugs in as a value from
 * `@elicitkit/server/oauth`, so this entry never loads openid-client. Loads hono and jose; Node-only helpers (`loadOrCreateSecretFile`, `loadOrCreateVaultKeyFile`)
 * read files.
 *
 * @module @elicitkit/server/url
 */
export { createLoginRoutes, type LoginRoutesOptions } from './browser/login-routes.js';
export { DEFAULT_LOGIN_THROTTLE, LoginThrottle, type LoginThrottlePolicy } from './browser/login-throttle.js';
export { SessionCookies, type SessionCookiesOptions } from './browser/session-cookie.js';
export { staticUsers, type UserDirectory } from './browser/users.js';
export { UrlErrorCode, type UrlErrorDetails } from './errors.js';
export type { StartedUrlElicitation, UrlElicitationConnection } from './flow/connection-handle.js';
export type {
  AccessTokenOptions,
  OAuthConnectionHandle,
  OAuthProviders,
} from './flow/oauth-extension.js';
export type { UrlElicitationRequest } from './flow/request.js';
export { urlElicitationRequired } from './flow/required-error.js';
export { DEFAULT_TTL_MS } from './flow/service.js';
export { type JwtVerifierOptions, jwtVerifier } from './identity/jwt-verifier.js';
export { requestBearerIdentity } from './identity/request-bearer.js';
export {
  bearerIdentity,
  type IdentityResolver,
  type IdentitySource,
  localIdentity,
} from './identity/resolver.js';
export {
  type StaticTokenEntry,
  type StaticTokenVerifierOptions,
  staticTokenVerifier,
} from './identity/static-tokens.js';
export { type SecretKindOptions, secretKind } from './kinds/secret.js';
export type { ElicitationKind, KindPage } from './kinds/types.js';
export { stderrLogger, type UrlElicitationLogger } from './log.js';
export type { BrowserIdentity } from './pages/app.js';
export { DEFAULT_LOGIN_MAX_BODY_BYTES, DEFAULT_PAGE_MAX_BODY_BYTES } from './pages/form-body-limit.js';
export { type HtmlContent, html, htmlPage, type PageOptions } from './pages/html.js';
export { pageSecurityHeaders } from './pages/security-headers.js';
export { loadOrCreateSecretFile } from './secret-file.js';
export { MemoryElicitationStore } from './store/memory.js';
export type {
  ClientBinding,
  CompleteOutcome,
  CompletionEvent,
  CompletionListener,
  ElicitationRecord,
  ElicitationStatus,
  ElicitationStore,
  VaultRecord,
} from './store/types.js';
export { createUrlMode, type UrlElicitations, type UrlModeOptions } from './url-mode.js';
export {
  createVaultKeyring,
  generateVaultKey,
  loadOrCreateVaultKeyFile,
  parseVaultKey,
  VAULT_KEY_ENV,
  VAULT_PREVIOUS_KEYS_ENV,
  type VaultKey,
  type VaultKeyring,
  vaultKeyringFromEnv,
} from './vault/keys.js';
export { Vault, type VaultOptions, type VaultRecordStore } from './vault/vault.js';

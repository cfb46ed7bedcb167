/**
 * @elicitkit/server/url: URL-mode elicitation in one call, `createUrlMode` (identity-bound flows and the pages behind
 * their URLs), with what tool and kind authors use beside it: `url.start` / `url.require` and
 * `urlElicitationRequired`, the identity resolvers and bearer verifiers, kinds (`secretKind`, your own
 * `ElicitationKind`) and the page helpers they render with (`html`, `htmlPage`, `pageSecurityHeaders`); see README
 * "URL mode". Where state lives is `@elicitkit/server/store` (and `/sqlite`, `/redis`), secrets at rest
 * `@elicitkit/server/vault`, a browser login of its own `@elicitkit/server/login`. Third-party OAuth plugs in as a
 * value from `@elicitkit/server/oauth`, so this entry never loads openid-client. Loads hono and jose;
 * `loadOrCreateSecretFile` reads files (Node only).
 *
 * @module @elicitkit/server/url
 */
export { urlElicitationRequired } from '../delivery/url-2025.js';
export type { StartedUrlElicitation, UrlElicitationRequest } from '../delivery/url-flows.js';
export { loadOrCreateSecretFile } from '../files/secret-file.js';
export { UrlErrorCode, type UrlErrorDetails } from './errors.js';
export { DEFAULT_MAX_OPEN_FALLBACKS } from './fallback/form-fallback.js';
export { FALLBACK_FORM_KIND } from './fallback/form-kind.js';
export type { UrlElicitationConnection } from './flow/connection-handle.js';
export { DEFAULT_PAGE_MAX_BODY_BYTES } from './flow/pages.js';
export { DEFAULT_URL_FLOW_TTL_MS } from './flow/service.js';
export { type JwtVerifierOptions, jwtVerifier } from './identity/jwt-verifier.js';
export { requestBearerIdentity } from './identity/request-bearer.js';
export {
  type BrowserIdentity,
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
export { type HtmlContent, html, htmlPage, type PageOptions } from './pages/html.js';
export { pageSecurityHeaders } from './pages/security-headers.js';
export { createUrlMode, type UrlElicitations, type UrlModeOptions } from './url-mode.js';

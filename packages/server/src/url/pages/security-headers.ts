import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { STYLE_HASH } from './html.js';

/** No scripts at all, only our one stylesheet, forms only to ourselves, never framed. */
const PAGE_POLICY = {
  defaultSrc: ["'none'"],
  styleSrc: [`'sha256-${STYLE_HASH}'`],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  baseUri: ["'none'"],
};

/**
 * The pages' policy as a header value, with more `form-action` targets: the OAuth connect button posts to this
 * server, which redirects to the provider, and browsers check `form-action` along that redirect. hono writes the
 * same value for `PAGE_POLICY` (the page-header tests pin both).
 */
export function contentSecurityPolicy(formActions: readonly string[] = []): string {
  const policy = { ...PAGE_POLICY, formAction: [...PAGE_POLICY.formAction, ...formActions] };
  return Object.entries(policy)
    .map(([name, values]) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(' ')}`)
    .join('; ');
}

/**
 * The headers of every page that may show or take a secret, as a middleware for the routes that serve them.
 * hono's `secureHeaders` with the headers these pages have always sent, and only those: its other defaults
 * (HSTS, CORP, Origin-Agent-Cluster, X-XSS-Protection…) are off until added on purpose. A header the route set
 * itself is kept (the connect page widens `form-action`). `Cache-Control: no-store`, which secure-headers does
 * not cover, keeps secrets out of caches and the back/forward history.
 */
export function pageSecurityHeaders(): MiddlewareHandler {
  const headers = secureHeaders({
    contentSecurityPolicy: PAGE_POLICY,
    referrerPolicy: 'no-referrer',
    xFrameOptions: 'DENY',
    xContentTypeOptions: 'nosniff',
    crossOriginOpenerPolicy: 'same-origin',
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: false,
    originAgentCluster: false,
    strictTransportSecurity: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    overwrite: false,
  });
  return async (c, next) => {
    await headers(c, next);
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  };
}

import type { Context, MiddlewareHandler } from 'hono';
import { csrf } from 'hono/csrf';
import { HTTPException } from 'hono/http-exception';

export interface SameOriginFormsOptions {
  /** The pages' origin; default the request URL's own (right when nothing in front rewrites the Host). */
  origin?: string;
  /** The answer to a refused post. */
  refused: (c: Context) => Response | Promise<Response>;
}

/**
 * hono's `csrf` in front of the pages' form POSTs: a browser's cross-site form post is refused before the route
 * reads it. The CSRF token each form carries is the real defence; this is the second one. What stays ours, and
 * why:
 * - `Origin: null` is accepted. Our pages send `Referrer-Policy: no-referrer`, so browsers serialize their own
 *   POSTs' `Origin` as `null` (Fetch, "serialize a request origin"); hono's default would refuse our own forms
 *   in browsers without fetch metadata.
 * - But never against fetch metadata: `Origin: null` with `Sec-Fetch-Site: cross-site` (a sandboxed frame on
 *   another site) is refused, and a foreign `Origin` is refused whatever `Sec-Fetch-Site` says; hono would let
 *   either one header pass alone.
 * - `Sec-Fetch-Site: none` (a user-initiated navigation) is accepted like `same-origin`.
 * - A request with neither header is not from a browser (every browser sends `Origin` on a POST), so it cannot
 *   be a forged cross-site post: hono refuses it, we let the token decide (scripted clients, test drivers).
 * hono checks form content types only; any other body is refused by the token check, which reads form fields.
 */
export function sameOriginForms(options: SameOriginFormsOptions): MiddlewareHandler {
  const ours = (c: Context) => options.origin ?? new URL(c.req.url).origin;
  const originMayBe = (c: Context, origin = c.req.header('origin')) =>
    origin === undefined || origin === 'null' || origin === ours(c);
  const check = csrf({
    secFetchSite: (site, c) => (site === 'same-origin' || site === 'none') && originMayBe(c),
    origin: (origin, c) => c.req.header('sec-fetch-site') === undefined && originMayBe(c, origin),
  });
  return async (c, next) => {
    if (c.req.header('origin') === undefined && c.req.header('sec-fetch-site') === undefined) return next();
    let allowed = false;
    try {
      await check(c, async () => {
        allowed = true;
      });
    } catch (error) {
      if (!(error instanceof HTTPException)) throw error;
    }
    if (!allowed) return options.refused(c);
    await next();
  };
}

import type { CookieOptions } from 'hono/utils/cookie';

export interface CookieAttributes {
  /** Lifetime in milliseconds; 0 deletes the cookie. Sent as `Max-Age` in whole seconds. */
  maxAgeMs: number;
  /** Secure when the request came over https, so loopback http development keeps its cookies (E-48). */
  secure: boolean;
}

/**
 * hono's cookie options for every cookie of the package: `Path=/`, HttpOnly (no script reads it), SameSite=Lax
 * (not sent on another site's form posts), Secure over https.
 */
export function cookieOptions({ maxAgeMs, secure }: CookieAttributes): CookieOptions {
  return { path: '/', httpOnly: true, sameSite: 'Lax', secure, maxAge: Math.floor(maxAgeMs / 1000) };
}

export const isHttps = (request: Request) => new URL(request.url).protocol === 'https:';

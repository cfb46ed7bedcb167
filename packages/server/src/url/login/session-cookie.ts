import { createHmac } from 'node:crypto';
import { type Clock, systemClock, UsageError } from '@elicitkit/core';
import { generateCookie, generateSignedCookie } from 'hono/cookie';
import { parseSigned } from 'hono/utils/cookie';
import { UrlErrorCode } from '../errors.js';
import { isValidUserId } from '../identity/user-id.js';
import { cookieOptions, isHttps } from './cookies.js';

/** Options of {@link SessionCookies}: the signing secret and the cookie's attributes. */
export interface SessionCookiesOptions {
  /** HMAC key material, 32 bytes or more; the same on every instance. */
  secret: string | Uint8Array;
  /** Cookie name; default `elicitkit_session`. */
  name?: string;
  /** Lifetime in milliseconds, at most 400 days (what browsers keep); default 8 hours. */
  maxAgeMs?: number;
  /** `auto` (default): Secure when the request is https. */
  secure?: boolean | 'auto';
  /** Time source of the expiry, for tests. Default the system clock. */
  clock?: Clock;
}

const MAX_COOKIE_AGE_MS = 400 * 24 * 60 * 60 * 1000;

/**
 * A small signed-cookie web session for apps without one, on hono's signed cookies: the value is
 * `v1.<payload>` and its HMAC-SHA256; HttpOnly, SameSite=Lax, Secure over https. The payload carries the user and
 * an expiry that the server checks itself (a cookie kept past its `Max-Age` is still refused). It says which
 * user a browser is (E-61, E-57: a user id the browser cannot forge); `browserIdentity` plugs it into the pages.
 */
export class SessionCookies {
  readonly name: string;
  readonly #key: Uint8Array<ArrayBuffer>;
  readonly #maxAgeMs: number;
  readonly #secure: boolean | 'auto';
  readonly #clock: Clock;

  constructor(options: SessionCookiesOptions) {
    const material = Buffer.from(options.secret);
    if (material.length < 32)
      throw new UsageError(UrlErrorCode.InvalidConfig, 'SessionCookies: secret must be 32 bytes or more');
    // A key of its own: the same secret given to something else never makes its MACs valid sessions.
    this.#key = Uint8Array.from(createHmac('sha256', material).update('elicitkit.session.v1').digest());
    this.name = options.name ?? 'elicitkit_session';
    this.#maxAgeMs = options.maxAgeMs ?? 8 * 60 * 60 * 1000;
    if (!(this.#maxAgeMs >= 1000 && this.#maxAgeMs <= MAX_COOKIE_AGE_MS))
      throw new UsageError(
        UrlErrorCode.InvalidConfig,
        `SessionCookies: maxAgeMs must be between 1 second and 400 days, got ${String(options.maxAgeMs)}`,
      );
    this.#secure = options.secure ?? 'auto';
    this.#clock = options.clock ?? systemClock;
  }

  #secureFor(request: Request): boolean {
    return this.#secure === 'auto' ? isHttps(request) : this.#secure;
  }

  /** The `Set-Cookie` value that logs `user` in on this browser. */
  async issue(user: string, request: Request): Promise<string> {
    if (!isValidUserId(user))
      throw new UsageError(UrlErrorCode.InvalidConfig, 'SessionCookies.issue: not a valid user id');
    const exp = this.#clock.now() + this.#maxAgeMs;
    const payload = `v1.${Buffer.from(JSON.stringify({ u: user, exp })).toString('base64url')}`;
    const attributes = { maxAgeMs: this.#maxAgeMs, secure: this.#secureFor(request) };
    return generateSignedCookie(this.name, payload, this.#key, cookieOptions(attributes));
  }

  /** The `Set-Cookie` value that logs this browser out. */
  clear(request: Request): string {
    return generateCookie(this.name, '', cookieOptions({ maxAgeMs: 0, secure: this.#secureFor(request) }));
  }

  /** The logged-in user, or undefined for a missing, forged or expired cookie. */
  async read(request: Request): Promise<string | undefined> {
    const header = request.headers.get('cookie');
    if (!header) return undefined;
    const payload = (await parseSigned(header, this.#key, this.name))[this.name];
    if (typeof payload !== 'string' || !payload.startsWith('v1.')) return undefined;
    try {
      const { u, exp } = JSON.parse(Buffer.from(payload.slice(3), 'base64url').toString('utf8')) as {
        u: unknown;
        exp: unknown;
      };
      if (typeof exp !== 'number' || exp <= this.#clock.now() || !isValidUserId(u)) return undefined;
      return u;
    } catch {
      return undefined;
    }
  }

  /** For `createUrlMode({ browserIdentity })`: the logged-in user of a request, or undefined. */
  readonly browserIdentity = (request: Request): Promise<string | undefined> => this.read(request);
}

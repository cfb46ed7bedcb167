import { createHmac, timingSafeEqual } from 'node:crypto';
import { UsageError } from '@elicitkit/core';
import { UrlErrorCode } from '../errors.js';
import { isValidUserId } from '../identity/user-id.js';
import { isHttps, readCookie, serializeCookie } from './cookies.js';

export interface SessionCookiesOptions {
  /** HMAC key material, 32 bytes or more; the same on every instance. */
  secret: string | Uint8Array;
  /** Cookie name; default `elicitkit_session`. */
  name?: string;
  /** Lifetime; default 8 hours. */
  maxAgeSeconds?: number;
  /** `auto` (default): Secure when the request is https. */
  secure?: boolean | 'auto';
  now?: () => number;
}

/**
 * A small signed-cookie web session for apps without one: `v1.<payload>.<HMAC-SHA256>`, HttpOnly, SameSite=Lax,
 * Secure over https. It says which user a browser is; `browserIdentity` plugs it into the elicitation pages.
 */
export class SessionCookies {
  readonly name: string;
  readonly #key: Buffer;
  readonly #maxAge: number;
  readonly #secure: boolean | 'auto';
  readonly #now: () => number;

  constructor(options: SessionCookiesOptions) {
    const material = Buffer.from(options.secret);
    if (material.length < 32)
      throw new UsageError(UrlErrorCode.InvalidConfig, 'SessionCookies: secret must be 32 bytes or more');
    this.#key = createHmac('sha256', material).update('elicitkit.session.v1').digest();
    this.name = options.name ?? 'elicitkit_session';
    this.#maxAge = options.maxAgeSeconds ?? 8 * 60 * 60;
    this.#secure = options.secure ?? 'auto';
    this.#now = options.now ?? Date.now;
  }

  #sign(payload: string): string {
    return createHmac('sha256', this.#key).update(payload).digest('base64url');
  }

  #secureFor(request: Request): boolean {
    return this.#secure === 'auto' ? isHttps(request) : this.#secure;
  }

  /** The `Set-Cookie` value that logs `user` in on this browser. */
  issue(user: string, request: Request): string {
    if (!isValidUserId(user))
      throw new UsageError(UrlErrorCode.InvalidConfig, 'SessionCookies.issue: not a valid user id');
    const exp = Math.floor(this.#now() / 1000) + this.#maxAge;
    const payload = `v1.${Buffer.from(JSON.stringify({ u: user, exp })).toString('base64url')}`;
    return serializeCookie(this.name, `${payload}.${this.#sign(payload)}`, {
      maxAgeSeconds: this.#maxAge,
      secure: this.#secureFor(request),
    });
  }

  /** The `Set-Cookie` value that logs this browser out. */
  clear(request: Request): string {
    return serializeCookie(this.name, '', { maxAgeSeconds: 0, secure: this.#secureFor(request) });
  }

  /** The logged-in user, or undefined for a missing, forged or expired cookie. */
  read(request: Request): string | undefined {
    const value = readCookie(request, this.name);
    if (!value || value.length > 4096) return undefined;
    const dot = value.lastIndexOf('.');
    const payload = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1));
    const expected = Buffer.from(this.#sign(payload));
    if (dot < 0 || given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    try {
      const { u, exp } = JSON.parse(Buffer.from(payload.slice(3), 'base64url').toString('utf8')) as {
        u: unknown;
        exp: unknown;
      };
      if (typeof exp !== 'number' || exp * 1000 <= this.#now() || !isValidUserId(u)) return undefined;
      return u;
    } catch {
      return undefined;
    }
  }

  /** For `createElicitationPages({ browserIdentity })`. */
  readonly browserIdentity = (request: Request): string | undefined => this.read(request);
}

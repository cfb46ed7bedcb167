import { randomBytes, timingSafeEqual } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import { type Context, Hono } from 'hono';
import { generateCookie, getCookie } from 'hono/cookie';
import type { UrlElicitationLogger } from '../log.js';
import { formBodyLimit } from '../pages/form-body-limit.js';
import { sameOriginForms } from '../pages/form-origin.js';
import { html, htmlPage } from '../pages/html.js';
import { pageSecurityHeaders } from '../pages/security-headers.js';
import { cookieOptions, isHttps } from './cookies.js';
import { LoginThrottle, type LoginThrottlePolicy } from './login-throttle.js';
import { sameOriginPath } from './next-path.js';
import type { SessionCookies } from './session-cookie.js';
import type { UserDirectory } from './users.js';

/** The login form's default bound on a POST body: a username, a password and two short tokens. */
export const DEFAULT_LOGIN_MAX_BODY_BYTES = 16 * 1024;

/** Options of {@link createLoginRoutes}: the session cookies to set, the users to check, and the page's look. */
export interface LoginRoutesOptions {
  sessions: SessionCookies;
  users: UserDirectory;
  /** Shown as the page heading; default `Sign in`. */
  title?: string;
  logger?: UrlElicitationLogger;
  /** Largest accepted login POST, chunked or not, in bytes; more answers 413. Default 16 KiB. */
  maxBodyBytes?: number;
  /**
   * Password-guessing back-off per account and per client address (see `LoginThrottle` for the policy and its
   * defaults): a policy, a shared `LoginThrottle`, or `false` when something in front already does it.
   */
  throttle?: LoginThrottlePolicy | LoginThrottle | false;
  /**
   * The client's address, the key of the per-address back-off. Default: the socket's peer address under
   * `@hono/node-server` (pass its `env` on to `app.fetch`); behind a proxy, the address it vouches for
   * (`forwardedClientAddress` for one that appends `X-Forwarded-For`).
   * `undefined` leaves only the per-account back-off.
   */
  clientAddress?: (c: Context) => string | undefined;
}

/**
 * The client's address as the reverse proxy in front reports it: the last `X-Forwarded-For` entry, the one the
 * proxy itself appended (entries before it are what the client claimed). For `clientAddress` behind a proxy that
 * sets the header (`trustProxy`); anywhere else anyone can write it.
 */
export function forwardedClientAddress(c: Context): string | undefined {
  const hops = c.req.header('x-forwarded-for')?.split(',');
  const last = hops?.[hops.length - 1]?.trim();
  return last && last.length <= 64 ? last : undefined;
}

/** The peer address of the socket, when served by `@hono/node-server` with its bindings passed along. */
function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

const LOGIN_CSRF_COOKIE = 'elicitkit_login_csrf';
/** Long enough to type a password, short enough that a stolen form goes stale. */
const LOGIN_FORM_LIFETIME_MS = 10 * 60 * 1000;

function sameToken(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/**
 * `GET /login`, `POST /login` (`username`, `password`, `next`) and `POST /logout` for apps without a login of
 * their own. The login form carries a double-submit token, so another site cannot log a browser into the
 * attacker's account (which would make the victim complete the attacker's elicitation, E-62).
 */
export function createLoginRoutes(options: LoginRoutesOptions): Hono {
  const { sessions, users } = options;
  const title = options.title ?? 'Sign in';
  const throttle =
    options.throttle === false
      ? undefined
      : options.throttle instanceof LoginThrottle
        ? options.throttle
        : new LoginThrottle(options.throttle);
  const clientAddress = options.clientAddress ?? socketAddress;
  const app = new Hono();

  const loginPage = (request: Request, next: string, error?: string, status = error ? 401 : 200) => {
    const token = randomBytes(24).toString('base64url');
    return htmlPage({
      title,
      status,
      headers: {
        'Set-Cookie': generateCookie(
          LOGIN_CSRF_COOKIE,
          token,
          cookieOptions({ maxAgeMs: LOGIN_FORM_LIFETIME_MS, secure: isHttps(request) }),
        ),
      },
      body: html`<h1>${title}</h1>
${error ? html`<p class="error" role="alert">${error}</p>` : ''}
<form method="post" action="login">
<input type="hidden" name="csrf" value="${token}">
<input type="hidden" name="next" value="${next}">
<label for="username">Username</label><input id="username" name="username" type="text" required autocomplete="username">
<label for="password">Password</label><input id="password" name="password" type="password" required autocomplete="current-password">
<button type="submit">Sign in</button>
</form>`,
    });
  };

  for (const path of ['/login', '/logout']) app.use(path, pageSecurityHeaders());

  app.get('/login', (c) => {
    const origin = new URL(c.req.url).origin;
    return loginPage(c.req.raw, sameOriginPath(c.req.query('next'), origin));
  });

  app.post(
    '/login',
    formBodyLimit(options.maxBodyBytes ?? DEFAULT_LOGIN_MAX_BODY_BYTES, () =>
      htmlPage({
        title,
        status: 413,
        body: html`<h1>${title}</h1><p class="error">What you sent is too large.</p>`,
      }),
    ),
  );

  // A forged cross-site login would sign the victim into the attacker's account (E-62); so would a forged logout
  // followed by one, so logout is checked too.
  const crossSiteRefused = sameOriginForms({ refused: (c) => c.text('Cross-site login refused', 403) });
  app.post('/login', crossSiteRefused);
  app.post('/logout', crossSiteRefused);

  app.post('/login', async (c) => {
    const origin = new URL(c.req.url).origin;
    const body = await c.req.parseBody();
    const field = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : '');
    const next = sameOriginPath(field('next'), origin);
    if (!sameToken(field('csrf'), getCookie(c, LOGIN_CSRF_COOKIE))) {
      return loginPage(c.req.raw, next, 'The form expired. Please sign in again.');
    }
    const username = field('username').slice(0, 256);
    const address = clientAddress(c);
    // Refused before the password is checked, for known and unknown usernames alike: nothing to learn here.
    const waitMs = throttle?.waitMs(username, address) ?? 0;
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      options.logger?.warn('login.throttled', { username, address, retryAfterSeconds: seconds });
      const page = loginPage(
        c.req.raw,
        next,
        `Too many failed sign-ins. Wait ${seconds} seconds, then try again.`,
        429,
      );
      page.headers.set('Retry-After', String(seconds));
      return page;
    }
    const user = await users.verify(username, field('password'));
    if (!user) {
      throttle?.failed(username, address);
      options.logger?.warn('login.failed', { username, address });
      return loginPage(c.req.raw, next, 'Wrong username or password.');
    }
    throttle?.succeeded(username);
    const headers = new Headers({ Location: next });
    headers.append('Set-Cookie', await sessions.issue(user, c.req.raw));
    headers.append(
      'Set-Cookie',
      generateCookie(LOGIN_CSRF_COOKIE, '', cookieOptions({ maxAgeMs: 0, secure: isHttps(c.req.raw) })),
    );
    return new Response(null, { status: 303, headers });
  });

  app.post('/logout', (c) => {
    return new Response(null, {
      status: 303,
      headers: { Location: '/login', 'Set-Cookie': sessions.clear(c.req.raw) },
    });
  });

  return app;
}

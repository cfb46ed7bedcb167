/**
 * @elicitkit/server/login: a browser login for apps without one of their own, so URL mode's pages know who the
 * browser's user is (E-61). `SessionCookies` (a signed-cookie session whose `browserIdentity` goes to
 * `createUrlMode`), `createLoginRoutes` (`GET`/`POST /login`, `POST /logout`, with login CSRF and the
 * `LoginThrottle` back-off) and `staticUsers` for demos. Apps with their own session pass their own
 * `browserIdentity` instead and need none of this. Loads hono.
 *
 * @module @elicitkit/server/login
 */
export {
  createLoginRoutes,
  DEFAULT_LOGIN_MAX_BODY_BYTES,
  forwardedClientAddress,
  type LoginRoutesOptions,
} from './login-routes.js';
export { DEFAULT_LOGIN_THROTTLE, LoginThrottle, type LoginThrottlePolicy } from './login-throttle.js';
export { SessionCookies, type SessionCookiesOptions } from './session-cookie.js';
export { staticUsers, type UserDirectory } from './users.js';

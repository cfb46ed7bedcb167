import { createLoginRoutes, SessionCookies, staticUsers } from '@elicitkit/server/login';
import {
  loadOrCreateSecretFile,
  staticTokenVerifier,
  type UrlElicitationLogger,
} from '@elicitkit/server/url';
import { type AuthInfo, requireBearerAuth } from '@modelcontextprotocol/server';
import type { Hono } from 'hono';
import type { DemoUser } from './users.js';

/** Who is who: bearer tokens on the MCP side, a login form and a session cookie on the browser side. */
export interface DemoAuth {
  /**
   * Verifies the MCP request's bearer token (401 without a valid one); the verified `authInfo` names the user
   * (`sub`) that URL elicitations are bound to (E-31).
   */
  authenticate(request: Request): Promise<AuthInfo | Response>;
  /** The browser's signed session cookie; `sessions.browserIdentity` tells the pages who is logged in. */
  sessions: SessionCookies;
  /** `GET`/`POST /login` (same-origin `next` only), `POST /logout`. */
  loginRoutes: Hono;
}

export async function createDemoAuth(
  users: readonly DemoUser[],
  dataDir: string,
  logger?: UrlElicitationLogger,
): Promise<DemoAuth> {
  const verifier = staticTokenVerifier(Object.fromEntries(users.map((u) => [u.token, u.name])));
  // Kept in the data directory (mode 0600), so browser sessions survive a restart of the demo.
  const sessions = new SessionCookies({ secret: await loadOrCreateSecretFile(dataDir, 'session.key') });
  const passwords = staticUsers(Object.fromEntries(users.map((u) => [u.name, u.password])));
  return {
    authenticate: requireBearerAuth({ verifier }),
    sessions,
    loginRoutes: createLoginRoutes({
      sessions,
      users: passwords,
      title: 'Sign in to Bistro Elicit',
      ...(logger ? { logger } : {}),
    }),
  };
}

import {
  createLoginRoutes,
  loadOrCreateSecretFile,
  SessionCookies,
  staticTokenVerifier,
  staticUsers,
  type UrlElicitationLogger,
} from '@elicitkit/server';
import { type OAuthTokenVerifier, requireBearerAuth } from '@modelcontextprotocol/server';
import type { Hono } from 'hono';
import type { DemoUser } from './users.js';

type FetchHandler = (request: Request) => Promise<Response>;

/** Who is who: bearer tokens on the MCP side, a login form and a session cookie on the browser side. */
export interface DemoAuth {
  /** Maps each user's bearer token to the user (the `sub` URL elicitations are bound to, E-31). */
  verifier: OAuthTokenVerifier;
  /** Wraps the MCP endpoint: 401 without a valid bearer token. */
  requireToken(handler: FetchHandler): FetchHandler;
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
  const gate = requireBearerAuth({ verifier });
  // Kept in the data directory (mode 0600), so browser sessions survive a restart of the demo.
  const sessions = new SessionCookies({ secret: await loadOrCreateSecretFile(dataDir, 'session.key') });
  const passwords = staticUsers(Object.fromEntries(users.map((u) => [u.name, u.password])));
  return {
    verifier,
    requireToken: (handler) => async (request) => {
      const verified = await gate(request);
      return verified instanceof Response ? verified : handler(request);
    },
    sessions,
    loginRoutes: createLoginRoutes({
      sessions,
      users: passwords,
      title: 'Sign in to Bistro Elicit',
      ...(logger ? { logger } : {}),
    }),
  };
}

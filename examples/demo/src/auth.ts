import { createLoginRoutes, SessionCookies, staticUsers } from '@elicitkit/server/login';
import {
  loadOrCreateSecretFile,
  staticTokenVerifier,
  type UrlElicitationLogger,
} from '@elicitkit/server/url';
import {
  type AuthInfo,
  getOAuthProtectedResourceMetadataUrl,
  OAuthError,
  OAuthErrorCode,
  type OAuthMetadata,
  type OAuthTokenVerifier,
  oauthMetadataResponse,
  requireBearerAuth,
} from '@modelcontextprotocol/server';
import type { Hono } from 'hono';
import { type ExampleCalendar, MCP_SCOPE, startExampleCalendar } from './calendar/index.js';
import type { DemoUser } from './users.js';

/** Who is who: bearer tokens on the MCP side, a login form and a session cookie on the browser side. */
export interface DemoAuth {
  /**
   * Verifies the MCP request's bearer token (401 with the protected resource metadata's address without a valid
   * one); the verified `authInfo` names the user (`sub`) that URL elicitations are bound to (E-31).
   */
  authenticate(request: Request): Promise<AuthInfo | Response>;
  /** RFC 9728 (and RFC 8414 for older clients): where MCP hosts learn how to sign in; undefined for other paths. */
  metadata(request: Request): Response | undefined;
  /** The browser's signed session cookie; `sessions.browserIdentity` tells the pages who is logged in. */
  sessions: SessionCookies;
  /** `GET`/`POST /login` (same-origin `next` only), `POST /logout`. */
  loginRoutes: Hono;
  close(): Promise<void>;
}

/**
 * The MCP endpoint as a protected resource (MCP authorization): its own authorization server (oidc-provider on a
 * loopback port of its own, the demo's accounts and passwords, dynamic registration, PKCE, refresh, revocation), and
 * the static demo tokens still accepted for scripts.
 */
async function signInServer(users: readonly DemoUser[], mcpUrl: URL) {
  const accounts = Object.fromEntries(users.map((u) => [u.name, { password: u.password, events: [] }]));
  const server = await startExampleCalendar({
    users: accounts,
    mcpResources: [mcpUrl.href],
    name: 'Bistro Elicit',
  });
  const response = await fetch(new URL('/.well-known/openid-configuration', server.issuer));
  return { server, metadata: (await response.json()) as OAuthMetadata };
}

/** A token the demo's authorization server issued for this MCP endpoint, or else one of the static demo tokens. */
function demoVerifier(users: readonly DemoUser[], signIn: ExampleCalendar, mcpUrl: URL): OAuthTokenVerifier {
  const statics = staticTokenVerifier(Object.fromEntries(users.map((u) => [u.token, u.name])));
  return {
    async verifyAccessToken(token) {
      const issued = await signIn.verifyAccessToken(token, mcpUrl.href);
      if (!issued) return statics.verifyAccessToken(token);
      if (!issued.scopes.includes(MCP_SCOPE))
        throw new OAuthError(OAuthErrorCode.InsufficientScope, `${MCP_SCOPE} required`);
      return {
        token,
        clientId: issued.clientId,
        scopes: issued.scopes,
        expiresAt: issued.expiresAt,
        // The subject URL mode binds flows to (`bearerIdentity` reads `extra.sub`).
        extra: { sub: issued.accountId },
      };
    },
  };
}

export async function createDemoAuth(
  users: readonly DemoUser[],
  dataDir: string,
  mcpUrl: URL,
  logger?: UrlElicitationLogger,
): Promise<DemoAuth> {
  const { server, metadata } = await signInServer(users, mcpUrl);
  // Kept in the data directory (mode 0600), so browser sessions survive a restart of the demo.
  const sessions = new SessionCookies({ secret: await loadOrCreateSecretFile(dataDir, 'session.key') });
  const passwords = staticUsers(Object.fromEntries(users.map((u) => [u.name, u.password])));
  const metadataOptions = {
    oauthMetadata: metadata,
    resourceServerUrl: mcpUrl,
    scopesSupported: [MCP_SCOPE],
    resourceName: 'Bistro Elicit',
    // The demo's authorization server is on loopback http; a deployment's is https.
    dangerouslyAllowInsecureIssuerUrl: true,
  };
  return {
    authenticate: requireBearerAuth({
      verifier: demoVerifier(users, server, mcpUrl),
      resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(mcpUrl),
    }),
    metadata: (request) => oauthMetadataResponse(request, metadataOptions),
    sessions,
    loginRoutes: createLoginRoutes({
      sessions,
      users: passwords,
      title: 'Sign in to Bistro Elicit',
      ...(logger ? { logger } : {}),
    }),
    close: () => server.close(),
  };
}

import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EVENTS_SCOPE, handleEvents } from './events-api.js';
import { handleInteraction } from './interactions.js';
import { sendPage } from './page.js';
import type { CalendarClient, CalendarUser } from './types.js';

export interface ExampleCalendarOptions {
  /** 0 (default) picks a free port; always on 127.0.0.1. */
  port?: number;
  /** Accounts by user name. */
  users: Record<string, CalendarUser>;
  /** Applications registered from the start; more can be added with `registerClient`. */
  clients?: CalendarClient[];
  /** Access token lifetime. Default 10 minutes. */
  accessTokenTtlMs?: number;
  /** Called on provider errors (server_error and the like), for tests and logs. */
  onError?: (error: unknown) => void;
  /**
   * MCP servers this provider also signs people in to (their URLs, the RFC 8707 resource indicators their
   * tokens carry as `aud`, with the scope `mcp`). With any, MCP hosts may register themselves (RFC 7591).
   */
  mcpResources?: string[];
  /** The site's name on its pages. Default `Example Calendar`. */
  name?: string;
}

/** What a protected MCP server learns from one of this provider's access tokens. */
export interface VerifiedToken {
  accountId: string;
  clientId: string;
  scopes: string[];
  /** Epoch seconds. */
  expiresAt: number;
}

export interface ExampleCalendar {
  /** The issuer identifier, e.g. `http://127.0.0.1:49160`: discovery lives under it. */
  issuer: string;
  /** `GET` with a bearer token: the account's events. */
  eventsUrl: string;
  /** The RFC 8707 resource indicator of the events API (its access tokens carry it as `aud`). */
  apiResource: string;
  registerClient(client: CalendarClient): Promise<void>;
  /** An access token issued for `resource`, still valid (not expired or revoked); else undefined. */
  verifyAccessToken(token: string, resource: string): Promise<VerifiedToken | undefined>;
  close(): Promise<void>;
}

/** The scope of tokens for the MCP servers named in `mcpResources`. */
export const MCP_SCOPE = 'mcp';

function clientMetadata(client: CalendarClient): Record<string, unknown> {
  return {
    client_id: client.clientId,
    ...(client.clientSecret ? { client_secret: client.clientSecret } : {}),
    client_name: client.name ?? client.clientId,
    redirect_uris: client.redirectUris,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: client.clientSecret ? 'client_secret_basic' : 'none',
  };
}

function signingKeys(): { keys: Record<string, unknown>[] } {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'calendar-1', alg: 'RS256', use: 'sig' }] };
}

/**
 * "Example Calendar": a real OAuth 2.0 / OpenID Connect provider (`oidc-provider`) with its own login and consent
 * screens and a protected `/events` API, standing in for a third-party service in the demo and the tests. It runs
 * on its own loopback port, a different origin from the MCP server.
 */
export async function startExampleCalendar(options: ExampleCalendarOptions): Promise<ExampleCalendar> {
  const users = options.users;
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.writeHead(503).end();
  };
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const apiResource = `${issuer}/events`;
  const mcpResources = options.mcpResources ?? [];
  const site = options.name ?? 'Example Calendar';
  // oidc-provider counts in seconds.
  const accessTokenTtl = Math.ceil((options.accessTokenTtlMs ?? 600_000) / 1000);

  const { default: Provider, errors } = await quietly(() => import('oidc-provider'));
  const provider = await quietly(
    async () =>
      new Provider(issuer, {
        clients: (options.clients ?? []).map(clientMetadata),
        jwks: signingKeys(),
        cookies: { keys: [randomBytes(32).toString('base64url')] },
        findAccount: async (_ctx: unknown, sub: string) =>
          users[sub] ? { accountId: sub, claims: async () => ({ sub, preferred_username: sub }) } : undefined,
        claims: { openid: ['sub'], profile: ['preferred_username'] },
        scopes: ['openid', 'offline_access', ...(mcpResources.length > 0 ? [MCP_SCOPE] : [])],
        pkce: { required: () => true },
        ttl: {
          AccessToken: accessTokenTtl,
          AuthorizationCode: 60,
          IdToken: 3600,
          Interaction: 600,
          RefreshToken: 86_400,
          Grant: 86_400,
          Session: 3600,
        },
        // Refresh tokens for every client allowed the grant, without requiring `offline_access` + `prompt=consent`.
        issueRefreshToken: async (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) =>
          client.grantTypeAllowed('refresh_token'),
        interactions: {
          url: async (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
        },
        features: {
          devInteractions: { enabled: false },
          revocation: { enabled: true },
          // MCP hosts register themselves (dynamic client registration); no initial access token.
          registration: { enabled: mcpResources.length > 0 },
          resourceIndicators: {
            enabled: true,
            defaultResource: async () => apiResource,
            useGrantedResource: async () => true,
            getResourceServerInfo: async (_ctx: unknown, resource: string) => {
              const mcp = mcpResources.includes(resource);
              if (resource !== apiResource && !mcp) throw new errors.InvalidTarget();
              return {
                scope: mcp ? MCP_SCOPE : EVENTS_SCOPE,
                audience: resource,
                accessTokenTTL: accessTokenTtl,
                accessTokenFormat: 'opaque',
              };
            },
          },
        },
        renderError: async (ctx: { type: string; body: string }, out: Record<string, string>) => {
          ctx.type = 'html';
          ctx.body = `<!doctype html><title>Example Calendar error</title><h1>Something went wrong</h1><p>${(
            out.error_description ?? out.error ?? 'error'
          ).replace(/[&<>"']/g, '')}</p>`;
        },
      }),
  );
  if (options.onError) provider.on('server_error', (_ctx, error) => options.onError?.(error));
  const providerCallback = provider.callback();

  handler = (req, res) => {
    const path = new URL(req.url ?? '/', issuer).pathname;
    const done = (error?: unknown) => {
      if (error === undefined) return;
      options.onError?.(error);
      if (!res.headersSent) sendPage(res, 'Error', '<h1>Something went wrong</h1>', 500);
    };
    if (path === '/events') {
      handleEvents(provider, users, apiResource, req, res).then(() => done(), done);
      return;
    }
    handleInteraction(provider, users, req, res, site).then((handled) => {
      if (!handled) providerCallback(req, res);
    }, done);
  };

  return {
    issuer,
    eventsUrl: apiResource,
    apiResource,
    async registerClient(client) {
      await provider.Client.adapter.upsert(client.clientId, clientMetadata(client));
    },
    async verifyAccessToken(value, resource) {
      const token = await provider.AccessToken.find(value);
      if (!token || token.isExpired) return undefined;
      const audiences = Array.isArray(token.aud) ? token.aud : [token.aud];
      if (!audiences.includes(resource)) return undefined;
      return {
        accountId: token.accountId,
        clientId: token.clientId,
        scopes: (token.scope ?? '').split(' ').filter(Boolean),
        expiresAt: token.exp,
      };
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/**
 * Runs `load` with oidc-provider's two start-up warnings silenced: it asks for Node 22 (it runs on the Node 20
 * this project supports, as the suite shows) and warns that its in-memory storage loses state on restart, which
 * is what a stand-in third party should do. Any other warning still shows.
 */
async function quietly<T>(load: () => Promise<T>): Promise<T> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    const text = String(args[0]);
    if (/oidc-provider WARNING: (Unsupported runtime|a quick start development-only)/.test(text)) return;
    warn(...args);
  };
  try {
    return await load();
  } finally {
    console.warn = warn;
  }
}

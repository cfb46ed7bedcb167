import { randomUUID } from 'node:crypto';
import { McpServer as V1McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport as V1Transport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import {
  type AuthInfo,
  isInitializeRequest,
  McpServer,
  requireBearerAuth,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import { Hono } from 'hono';
import {
  type ExampleCalendar,
  registerListCalendarEvents,
  startExampleCalendar,
} from '../../../../../examples/demo/src/calendar/index.js';
import { listenOnLoopback } from '../../../../../test/support/listen.js';
import { enableElicitation } from '../../../src/index.js';
import { type OAuthProviderOptions, oauthProviders } from '../../../src/oauth/index.js';
import {
  bearerIdentity,
  createUrlMode,
  staticTokenVerifier,
  type UrlElicitationLogger,
  type UrlElicitations,
} from '../../../src/url/index.js';
import { createLoginRoutes, SessionCookies, staticUsers } from '../../../src/url/login/index.js';
import { MemoryElicitationStore } from '../../../src/url/store/index.js';
import { createVaultKeyring, generateVaultKey, parseVaultKey, Vault } from '../../../src/url/vault/index.js';

export const CLIENT_ID = 'bistro-mcp';
export const CLIENT_SECRET = 'calendar-client-secret-0b7d1e9f4a2c6e8d3b5f7a9c1e3d5f7b';
export const MCP_TOKENS = { 'demo-alice': 'alice', 'demo-bob': 'bob' } as const;
export const USERS = {
  alice: {
    password: 'alice-calendar-pass',
    events: [
      { title: 'Dentist', start: '2026-03-02T09:00:00Z' },
      { title: 'Team lunch', start: '2026-03-03T12:00:00Z' },
    ],
  },
  bob: { password: 'bob-calendar-pass', events: [{ title: 'Bob: gym', start: '2026-03-02T18:00:00Z' }] },
};

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}

export interface LogEntry {
  level: 'info' | 'warn';
  event: string;
  fields: Record<string, unknown>;
}

export interface OAuthRigOptions {
  accessTokenTtlMs?: number;
  /** Elicitation lifetime. */
  ttlMs?: number;
  /** Overrides of the `calendar` provider registration (e.g. explicit endpoints). */
  provider?: (calendar: ExampleCalendar) => Partial<OAuthProviderOptions>;
  /** Register the client at the calendar as public (no secret). */
  publicClient?: boolean;
  /** Which SDK the MCP server is made with (default v2). */
  sdk?: 'v1' | 'v2';
}

export interface OAuthRig {
  calendar: ExampleCalendar;
  base: URL;
  mcpUrl: URL;
  store: MemoryElicitationStore;
  vault: Vault;
  elicitations: UrlElicitations;
  /** Every request this MCP server sent to the provider (discovery, token, revocation). */
  providerRequests: RecordedRequest[];
  logs: LogEntry[];
  /** The web app's signed-cookie sessions (to log a browser in without the login form). */
  sessions: SessionCookies;
  /** Makes the next callback request stop before the OAuth routes; resolves with its URL. */
  holdNextCallback(): Promise<URL>;
  /** Moves this server's clock (not the provider's) forward. */
  advanceClock(ms: number): void;
  /** URL mode as a second instance of this server makes it: the same store, vault and provider registration. */
  anotherInstance(): UrlElicitations;
  close(): Promise<void>;
}

/**
 * An MCP server as an app would build it for third-party OAuth: sessionful Streamable HTTP behind bearer auth,
 * its own login, the elicitation pages and the OAuth callback, all on one loopback origin; and Example Calendar
 * (oidc-provider) on another. Tools: `list_calendar_events` and `disconnect_calendar`.
 */
export async function startOAuthRig(options: OAuthRigOptions = {}): Promise<OAuthRig> {
  const logs: LogEntry[] = [];
  const logger: UrlElicitationLogger = {
    info: (event, fields) => logs.push({ level: 'info', event, fields }),
    warn: (event, fields) => logs.push({ level: 'warn', event, fields }),
  };
  let offset = 0;
  const clock = { now: () => Date.now() + offset };
  const app = new Hono();
  const listening = await listenOnLoopback(app.fetch);
  const base = new URL(`http://127.0.0.1:${listening.port}/`);
  const calendar = await startExampleCalendar({
    users: structuredClone(USERS),
    accessTokenTtlMs: options.accessTokenTtlMs ?? 600_000,
    clients: [
      {
        clientId: CLIENT_ID,
        ...(options.publicClient ? {} : { clientSecret: CLIENT_SECRET }),
        redirectUris: [new URL('oauth/callback/calendar', base).href],
        name: 'Bistro Elicit',
      },
    ],
  });

  const store = new MemoryElicitationStore();
  const vault = new Vault({ store, keys: createVaultKeyring(parseVaultKey(generateVaultKey())), clock });
  const providerRequests: RecordedRequest[] = [];
  const oauth = oauthProviders(
    [
      {
        name: 'calendar',
        displayName: 'Example Calendar',
        issuer: calendar.issuer,
        clientId: CLIENT_ID,
        ...(options.publicClient ? {} : { clientSecret: CLIENT_SECRET }),
        scopes: ['openid', 'calendar.read'],
        resource: calendar.apiResource,
        ...options.provider?.(calendar),
      } as OAuthProviderOptions,
    ],
    {
      refreshSkewMs: 0,
      fetch: async (url, init) => {
        providerRequests.push({
          url,
          method: init.method ?? 'GET',
          headers: Object.fromEntries(new Headers(init.headers).entries()),
          body:
            typeof init.body === 'string'
              ? init.body
              : init.body instanceof URLSearchParams
                ? init.body.toString()
                : '',
        });
        return fetch(url, init);
      },
    },
  );
  const sessions = new SessionCookies({ secret: 'oauth-rig-session-secret-32-bytes-long!!' });
  const urlModeOptions = {
    store,
    vault,
    oauth,
    publicBaseUrl: base,
    identity: bearerIdentity(),
    browserIdentity: sessions.browserIdentity,
    logger,
    clock,
    reconnectGraceMs: 20,
    ...(options.ttlMs ? { ttlMs: options.ttlMs } : {}),
  };
  const elicitations = createUrlMode(urlModeOptions);
  const others: UrlElicitations[] = [];
  const gate = requireBearerAuth({ verifier: staticTokenVerifier(MCP_TOKENS) });

  type Transport = WebStandardStreamableHTTPServerTransport | V1Transport;
  const transports = new Map<string, Transport>();
  const makeServer = (authInfo: AuthInfo | undefined) => {
    const info = { name: 'bistro-oauth-test', version: '1.0.0' };
    // The same tools on either SDK: v1's McpServer takes them as v2's does (its handler context is v1's `extra`).
    const server = (
      options.sdk === 'v1' ? enableElicitation(new V1McpServer(info)) : enableElicitation(new McpServer(info))
    ) as McpServer;
    const connections = elicitations.attach(server, authInfo ? { authInfo } : {}).oauth;
    // The demo's own tool, as the demo registers it.
    registerListCalendarEvents(server, connections, calendar);
    server.registerTool(
      'disconnect_calendar',
      { description: 'Disconnect Example Calendar' },
      async (ctx) => {
        const outcome = await connections.disconnect(ctx, 'calendar');
        return { content: [{ type: 'text', text: JSON.stringify(outcome) }] };
      },
    );
    return server;
  };

  app.all('/mcp', async (c) => {
    const verified = await gate(c.req.raw);
    if (verified instanceof Response) return verified;
    const authInfo = verified;
    const sessionId = c.req.header('mcp-session-id');
    const known = sessionId ? transports.get(sessionId) : undefined;
    if (known) return known.handleRequest(c.req.raw, { authInfo });
    if (sessionId)
      return c.json({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null }, 404);
    const body = await c.req.json().catch(() => undefined);
    if (!isInitializeRequest(body))
      return c.json({ jsonrpc: '2.0', error: { code: -32000, message: 'Bad Request' }, id: null }, 400);
    const Made = options.sdk === 'v1' ? V1Transport : WebStandardStreamableHTTPServerTransport;
    const transport: Transport = new Made({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => void transports.set(id, transport),
    });
    transport.onclose = () => {
      if (transport.sessionId) transports.delete(transport.sessionId);
    };
    await makeServer(authInfo).connect(transport as WebStandardStreamableHTTPServerTransport);
    return transport.handleRequest(c.req.raw, { parsedBody: body, authInfo });
  });
  app.route(
    '/',
    createLoginRoutes({ sessions, users: staticUsers({ alice: 'alice-pass', bob: 'bob-pass' }), logger }),
  );
  // A test switch in front of the callback: the browser gets there for real, the response is kept for later.
  let hold: ((url: URL) => void) | undefined;
  app.use('/oauth/callback/*', async (c, next) => {
    if (!hold) return next();
    hold(new URL(c.req.url));
    hold = undefined;
    return c.html('<h1>Held by the test</h1>');
  });
  app.route('/', elicitations.routes);

  return {
    calendar,
    base,
    mcpUrl: new URL('mcp', base),
    store,
    vault,
    elicitations,
    providerRequests,
    logs,
    sessions,
    holdNextCallback: () =>
      new Promise<URL>((resolve) => {
        hold = resolve;
      }),
    advanceClock: (ms) => {
      offset += ms;
    },
    anotherInstance() {
      const other = createUrlMode(urlModeOptions);
      others.push(other);
      return other;
    },
    async close() {
      await Promise.allSettled([...transports.values()].map((t) => t.close()));
      transports.clear();
      await Promise.allSettled(others.map((other) => other.close()));
      await elicitations.close();
      await listening.close();
      await calendar.close();
      await store.close();
    },
  };
}

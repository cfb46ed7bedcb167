import type { Clock } from '@elicitkit/core';
import { Client, type JSONRPCMessage, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { McpServer as V1McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { type AuthInfo, McpServer, requireBearerAuth } from '@modelcontextprotocol/server';
import { Hono } from 'hono';
import { listenOnLoopback } from '../../../../test/support/listen.js';
import { capturingTransport } from '../../../../test/support/wire-capture.js';
import { createMcpHttpHandler } from '../../src/http/index.js';
import {
  type ElicitationOptions,
  elicitForm,
  enableElicitation,
  type HandlerContext,
  integer,
  text,
} from '../../src/index.js';

/** The form of the `book` tool (`formFallback`). */
export const BOOKING_FORM = {
  name: text({ minLength: 2 }).title('Name'),
  party: integer({ minimum: 1, maximum: 12 }).title('Party size'),
};

import {
  bearerIdentity,
  createUrlMode,
  secretKind,
  staticTokenVerifier,
  type UrlElicitationConnection,
  type UrlElicitationLogger,
  type UrlElicitations,
} from '../../src/url/index.js';
import { createLoginRoutes, SessionCookies, staticUsers } from '../../src/url/login/index.js';
import type { ElicitationStore } from '../../src/url/store/index.js';
import { createVaultKeyring, parseVaultKey, Vault } from '../../src/url/vault/index.js';

/** The same keys for every server of a test run, so a "restarted" server reads what the first one wrote. */
export const VAULT_KEY = 'q5pM1v2hU0cS6yB4rN8tW3eK7jF9aL2dX0gH5iZ1oQs=';
export const SESSION_SECRET = 'test-session-secret-of-at-least-32-bytes!';
export const CSRF_SECRET = 'test-csrf-secret-of-at-least-32-bytes!!!';
export const STATE_KEY = 'r1mrT3Xn7Qm9Vb2Lk8Pz4Hc6Jw0Ys5Ae1Fd3Gu7Io9U=';

export interface LogEntry {
  level: 'info' | 'warn';
  event: string;
  fields: Record<string, unknown>;
}

export interface TestServerOptions {
  store: ElicitationStore;
  clock?: Clock;
  ttlMs?: number;
  /** Listen on this port (a restart on the same address); default a free one. */
  port?: number;
  /** Serve MCP without bearer authorization (no identity). */
  anonymous?: boolean;
  /** How long a 2026 retry is held while its URL flow is pending. */
  holdMs?: number;
  /** Which SDK the MCP servers are made with (default v2; v1 serves 2025 sessions only). */
  sdk?: 'v1' | 'v2';
  /** More options of `enableElicitation` (a clock, the progress interval, tasks). */
  elicitation?: ElicitationOptions;
  /** Registers more tools on each server made, with its URL-mode connection. */
  tools?: (server: McpServer, url: UrlElicitationConnection) => void;
  /** Issue 37: forms a host cannot show are answered in the browser; adds the `book` tool that asks one. */
  formFallback?: boolean | { declinedWithinMs?: number; hosts?: { name: string; versions?: string[] }[] };
}

export interface TestServer {
  base: URL;
  mcpUrl: URL;
  elicitations: UrlElicitations;
  vault: Vault;
  logs: LogEntry[];
  /** POSTs to the MCP endpoint so far (each 2026 round is one). */
  readonly mcpPosts: number;
  close(): Promise<void>;
}

/**
 * A small app as the demo would build it: MCP over sessionful Streamable HTTP behind bearer auth (static
 * tokens), login routes with signed-cookie sessions, and the elicitation pages, all on 127.0.0.1.
 * Tools: `set_api_key` (in-band secret elicitation) and `use_api` (-32042 while the key is missing).
 */
export async function startTestServer(options: TestServerOptions): Promise<TestServer> {
  const logs: LogEntry[] = [];
  const logger: UrlElicitationLogger = {
    info: (event, fields) => logs.push({ level: 'info', event, fields }),
    warn: (event, fields) => logs.push({ level: 'warn', event, fields }),
  };
  const app = new Hono();
  const listening = await listenOnLoopback(app.fetch, options.port);
  const base = new URL(`http://127.0.0.1:${listening.port}/`);

  const vault = new Vault({ store: options.store, keys: createVaultKeyring(parseVaultKey(VAULT_KEY)) });
  const sessions = new SessionCookies({ secret: SESSION_SECRET });
  const elicitations = createUrlMode({
    store: options.store,
    browserIdentity: sessions.browserIdentity,
    csrfSecret: CSRF_SECRET,
    publicBaseUrl: base,
    identity: bearerIdentity(),
    kinds: [secretKind({ vault })],
    ...(options.formFallback && { formFallback: options.formFallback, vault }),
    logger,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.ttlMs ? { ttlMs: options.ttlMs } : {}),
    reconnectGraceMs: 20,
    ...(options.holdMs ? { holdMs: options.holdMs } : {}),
  });
  const gate = requireBearerAuth({
    verifier: staticTokenVerifier({ 'demo-alice': 'alice', 'demo-bob': 'bob' }),
  });

  const makeServer = (authInfo: AuthInfo | undefined) => {
    const info = { name: 'url-test-server', version: '1.0.0' };
    const settings = {
      requestState: { key: STATE_KEY },
      ...(options.formFallback && { fallback: elicitations.formFallback }),
      ...options.elicitation,
    };
    const made =
      options.sdk === 'v1'
        ? enableElicitation(new V1McpServer(info), settings)
        : enableElicitation(new McpServer(info), settings);
    // The same tool code on either SDK; only the handler's context differs.
    const server = made as unknown as {
      registerTool(name: string, config: object, handler: (ctx: HandlerContext) => Promise<unknown>): void;
    };
    const url = elicitations.attach(made, authInfo ? { authInfo } : {});
    if (options.formFallback) {
      server.registerTool('book', { description: 'Books a table: asks who and how many' }, async (ctx) => {
        const outcome = await elicitForm(ctx, { message: 'Book a table.', schema: BOOKING_FORM });
        if (outcome.action !== 'accept')
          return { content: [{ type: 'text', text: `Not booked: ${outcome.action}` }] };
        return {
          content: [{ type: 'text', text: `Booked ${outcome.data.name} for ${outcome.data.party}.` }],
        };
      });
    }
    server.registerTool('set_api_key', { description: 'Store your Example API key' }, async (ctx) => {
      const started = await url.start(ctx, {
        kind: 'secret',
        message: 'Enter your Example API key.',
        params: { name: 'api_key', label: 'Example API key' },
      });
      if (started.action !== 'accept')
        return { content: [{ type: 'text', text: `Not set: ${started.action}` }] };
      await started.completion();
      return { content: [{ type: 'text', text: 'API key saved.' }] };
    });
    if (options.tools && options.sdk !== 'v1') options.tools(made as McpServer, url);
    server.registerTool('use_api', { description: 'Call the Example API' }, async (ctx) => {
      const key = await vault.get(await url.user(ctx), 'api_key');
      if (!key) {
        return url.require(ctx, {
          kind: 'secret',
          message: 'The Example API needs your API key.',
          params: { name: 'api_key', label: 'Example API key' },
        });
      }
      return { content: [{ type: 'text', text: 'Example API call succeeded.' }] };
    });
    return made;
  };

  // Both eras on one endpoint (2025 sessions, 2026 stateless requests), as serveMcpHttp serves them.
  const mcp = createMcpHttpHandler(({ authInfo }) => makeServer(authInfo), {
    ...(options.anonymous ? {} : { authenticate: gate }),
  });
  let mcpPosts = 0;
  app.all('/mcp', (c) => {
    if (c.req.method === 'POST') mcpPosts++;
    return mcp.fetch(c.req.raw);
  });
  app.route(
    '/',
    createLoginRoutes({ sessions, users: staticUsers({ alice: 'alice-pass', bob: 'bob-pass' }), logger }),
  );
  app.route('/', elicitations.routes);

  return {
    base,
    mcpUrl: new URL('mcp', base),
    elicitations,
    vault,
    logs,
    get mcpPosts() {
      return mcpPosts;
    },
    async close() {
      await mcp.close();
      await elicitations.close();
      await listening.close();
    },
  };
}

export interface ElicitRequestSeen {
  mode?: string;
  message: string;
  url?: string;
  elicitationId?: string;
}

export interface TestClient {
  client: Client;
  /** Every JSON-RPC message in both directions, as seen on this client's transport. */
  wire: JSONRPCMessage[];
  elicitRequests: ElicitRequestSeen[];
  /** `elicitationId`s of the completion notices received. */
  notices: string[];
  /** Resolves with the next completion notice. */
  nextNotice(timeoutMs?: number): Promise<string>;
  headers: Record<string, string>;
  /** Ends the session the proper way (HTTP DELETE), then closes. */
  terminate(): Promise<void>;
  close(): Promise<void>;
}

export interface ConnectOptions {
  token?: string;
  name?: string;
  /** Declare url mode (default true); false declares form only. */
  url?: boolean;
  /** The user's answer to every `elicitation/create`; default consent. */
  answer?: 'accept' | 'decline' | 'cancel';
  /** Default 2025-11-25 (initialize, sessions); 2026-07-28 pins multi round-trip requests. */
  era?: '2025-11-25' | '2026-07-28';
  /** Called with each URL the user consented to (2026: the browser part happens while the retry is held). */
  onConsent?: (url: string) => void | Promise<void>;
  /** Content a sloppy or hostile client sends along with its answer (URL mode allows none: E-16). */
  content?: Record<string, string>;
  /** Extra HTTP headers on every request (claims a server must not trust: E-57). */
  headers?: Record<string, string>;
}

/** A real SDK client over Streamable HTTP, handling `elicitation/create` and completion notices itself. */
export async function connectClient(mcpUrl: URL, options: ConnectOptions = {}): Promise<TestClient> {
  const wire: JSONRPCMessage[] = [];
  const elicitRequests: ElicitRequestSeen[] = [];
  const notices: string[] = [];
  const waiting: ((id: string) => void)[] = [];
  const headers: Record<string, string> = {
    ...options.headers,
    ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
  };
  const client = new Client(
    { name: options.name ?? 'test-client', version: '1.0.0' },
    {
      capabilities: { elicitation: options.url === false ? { form: {} } : { form: {}, url: {} } },
      ...(options.era === '2026-07-28' && { versionNegotiation: { mode: { pin: '2026-07-28' as const } } }),
    },
  );
  client.setRequestHandler('elicitation/create', async (request) => {
    const seen = request.params as ElicitRequestSeen;
    elicitRequests.push(seen);
    const action = options.answer ?? 'accept';
    if (action === 'accept' && seen.url) await options.onConsent?.(seen.url);
    return { action, ...(options.content && { content: options.content }) };
  });
  client.setNotificationHandler('notifications/elicitation/complete', (notification) => {
    const id = notification.params.elicitationId;
    notices.push(id);
    waiting.shift()?.(id);
  });
  const transport = new StreamableHTTPClientTransport(mcpUrl, { requestInit: { headers } });
  await client.connect(capturingTransport(transport, wire));
  return {
    client,
    wire,
    elicitRequests,
    notices,
    headers,
    nextNotice: (timeoutMs = 5000) =>
      new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no completion notice')), timeoutMs);
        waiting.push((id) => {
          clearTimeout(timer);
          resolve(id);
        });
      }),
    terminate: async () => {
      await transport.terminateSession();
      await client.close();
    },
    close: () => client.close(),
  };
}

/** Waits until `condition` holds (polling), for asynchronous effects with no event to await. */
export async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

import { enableElicitation } from '@elicitkit/server';
import { createMcpHttpHandler } from '@elicitkit/server/http';
import { createLoginRoutes, SessionCookies, staticUsers } from '@elicitkit/server/login';
import { RedisElicitationStore } from '@elicitkit/server/redis';
import type { ElicitationStore } from '@elicitkit/server/store';
import {
  bearerIdentity,
  createUrlMode,
  secretKind,
  staticTokenVerifier,
  type UrlElicitationLogger,
  type UrlElicitations,
} from '@elicitkit/server/url';
import { createVaultKeyring, parseVaultKey, Vault } from '@elicitkit/server/vault';
import { type AuthInfo, McpServer, requireBearerAuth } from '@modelcontextprotocol/server';
import { Hono } from 'hono';
import { listenOnLoopback } from '../support/listen.js';

/** Shared by every instance, as a deployment behind a load balancer shares its secrets. */
const VAULT_KEY = 'q5pM1v2hU0cS6yB4rN8tW3eK7jF9aL2dX0gH5iZ1oQs=';
const SESSION_SECRET = 'scale-test-session-secret-of-32-bytes-or-more';
const CSRF_SECRET = 'scale-test-csrf-secret-of-32-bytes-or-more!!';
const STATE_KEY = 'c2NhbGUtdGVzdC1yZXF1ZXN0LXN0YXRlLWtleS0zMmI=';

/** The two MCP clients each test user has: their OAuth client ids differ (and so their tokens). */
export const CLIENT_APPS = ['cli', 'desktop'] as const;
export type ClientApp = (typeof CLIENT_APPS)[number];

/** The bearer token of `user` in client app `app`, and the browser password of `user`. */
export const tokenOf = (user: string, app: ClientApp = 'cli') => `token-${user}-${app}`;
export const passwordOf = (user: string) => `password-${user}`;

/** Test users: alice, bob, and `load0`…`load{n-1}` for the load run. */
export function userNames(loadUsers = 0): string[] {
  return ['alice', 'bob', ...Array.from({ length: loadUsers }, (_, i) => `load${i}`)];
}

export interface InstanceOptions {
  name: string;
  redisUrl: string;
  keyPrefix: string;
  /** Default: a free port on 127.0.0.1. */
  port?: number;
  loadUsers?: number;
  /** Collect log events here (in-process instances); default: none kept. */
  logs?: LogEntry[];
  /**
   * How long a Redis command may take before the store calls Redis unavailable. Default 5 s: a loaded CI
   * machine must not read as an outage; the outage tests pass 1 s to be quick.
   */
  commandTimeoutMs?: number;
  /** Another store instead of Redis (the benchmarks' single-instance anchor). */
  store?: ElicitationStore;
  /**
   * Benchmarks: note when each completion starts (high-resolution wall clock, comparable across processes)
   * and serve it at `GET /_bench/completed/:id`.
   */
  timeCompletions?: boolean;
}

export interface LogEntry {
  instance: string;
  level: 'info' | 'warn';
  event: string;
  fields: Record<string, unknown>;
}

export interface Instance {
  name: string;
  base: URL;
  mcpUrl: URL;
  elicitations: UrlElicitations;
  store: ElicitationStore;
  readonly sessionCount: number;
  close(): Promise<void>;
}

/**
 * One server instance as an app would deploy it several times: MCP over sessionful Streamable HTTP behind
 * bearer auth, login routes, the elicitation pages, URL-mode state in the shared Redis. Tools:
 * `set_api_key` (an in-band URL elicitation, waits for completion) and `use_api` (-32042 until the key is in
 * the vault).
 */
export async function startInstance(options: InstanceOptions): Promise<Instance> {
  const users = userNames(options.loadUsers);
  const logger: UrlElicitationLogger = {
    info: (event, fields) => options.logs?.push({ instance: options.name, level: 'info', event, fields }),
    warn: (event, fields) => options.logs?.push({ instance: options.name, level: 'warn', event, fields }),
  };
  const app = new Hono();
  const listening = await listenOnLoopback(app.fetch, options.port);
  const base = new URL(`http://127.0.0.1:${listening.port}/`);

  const store =
    options.store ??
    new RedisElicitationStore({
      redis: options.redisUrl,
      keyPrefix: options.keyPrefix,
      commandTimeoutMs: options.commandTimeoutMs ?? 5000,
      logger,
    });
  const completedAt = new Map<string, number>();
  if (options.timeCompletions) {
    const complete = store.complete.bind(store);
    store.complete = async (id, now) => {
      const at = performance.timeOrigin + performance.now();
      const outcome = await complete(id, now);
      if (outcome.ok) completedAt.set(id, at);
      return outcome;
    };
    app.get('/_bench/completed/:id', (c) => c.json({ at: completedAt.get(c.req.param('id')) ?? null }));
  }
  const vault = new Vault({ store, keys: createVaultKeyring(parseVaultKey(VAULT_KEY)) });
  const sessions = new SessionCookies({ secret: SESSION_SECRET });
  const elicitations = createUrlMode({
    store,
    browserIdentity: sessions.browserIdentity,
    csrfSecret: CSRF_SECRET,
    publicBaseUrl: base,
    identity: bearerIdentity(),
    kinds: [secretKind({ vault })],
    logger,
    reconnectGraceMs: 20,
  });
  await elicitations.ready();

  const tokens = Object.fromEntries(
    users.flatMap((user) => CLIENT_APPS.map((app) => [tokenOf(user, app), { sub: user, clientId: app }])),
  );
  const gate = requireBearerAuth({ verifier: staticTokenVerifier(tokens) });

  const makeServer = (authInfo: AuthInfo) => {
    const server = enableElicitation(new McpServer({ name: `scale-${options.name}`, version: '1.0.0' }), {
      requestState: { key: STATE_KEY },
    });
    const url = elicitations.attach(server, { authInfo });
    server.registerTool('set_api_key', { description: 'Store your Example API key' }, async (ctx) => {
      const started = await url.start(ctx, {
        kind: 'secret',
        message: 'Enter your Example API key.',
        params: { name: 'api_key', label: 'Example API key' },
      });
      if (started.action !== 'accept') return text(`Not set: ${started.action}`);
      await started.completion();
      return text(`API key saved (${started.elicitationId}) on ${options.name}.`);
    });
    server.registerTool('use_api', { description: 'Call the Example API' }, async (ctx) => {
      const key = await vault.get(await url.user(ctx), 'api_key');
      if (!key) {
        return url.require(ctx, {
          kind: 'secret',
          message: 'The Example API needs your API key.',
          params: { name: 'api_key', label: 'Example API key' },
        });
      }
      return text(`Example API call succeeded on ${options.name}.`);
    });
    return server;
  };

  // What elicitkit ships: one endpoint, 2025 clients on sessions and 2026 requests statelessly. The load run
  // opens many sessions per user, so the per-user cap is lifted here (the total cap still applies).
  const mcp = createMcpHttpHandler(({ authInfo }) => makeServer(authInfo as AuthInfo), {
    authenticate: gate,
    maxSessionsPerPrincipal: 10_000,
    maxSessions: 10_000,
  });
  app.all('/mcp', (c) => mcp.fetch(c.req.raw));
  const passwords = Object.fromEntries(users.map((user) => [user, passwordOf(user)]));
  app.route('/', createLoginRoutes({ sessions, users: staticUsers(passwords), logger }));
  app.route('/', elicitations.routes);

  return {
    name: options.name,
    base,
    mcpUrl: new URL('mcp', base),
    elicitations,
    store,
    get sessionCount() {
      return mcp.sessionCount;
    },
    async close() {
      await mcp.close();
      await elicitations.close();
      await store.close();
      await listening.close();
    },
  };
}

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { isElicitkitError } from '@elicitkit/client';
import { memoryRelayStore } from '@elicitkit/client/relay';
import { sqliteRelayStore } from '@elicitkit/client/relay/sqlite';
import { type Clock, enableElicitation } from '@elicitkit/server';
import {
  behindProxy,
  createMcpHttpHandler,
  listen,
  loadOrCreateStateKeyFile,
  type McpSessionContext,
} from '@elicitkit/server/http';
import { oauthProviders } from '@elicitkit/server/oauth';
import { SqliteElicitationStore, SqliteTaskStore } from '@elicitkit/server/sqlite';
import { createTasks, type Tasks } from '@elicitkit/server/tasks';
import {
  bearerIdentity,
  createUrlMode,
  loadOrCreateSecretFile,
  pageSecurityHeaders,
  secretKind,
  type UrlElicitationLogger,
  type UrlElicitations,
} from '@elicitkit/server/url';
import { loadOrCreateVaultKeyFile, Vault } from '@elicitkit/server/vault';
import { McpServer } from '@modelcontextprotocol/server';
import { Hono } from 'hono';
import { AGENT_HOST_PATH, agentHost } from './agent-host.js';
import { createDemoAuth } from './auth.js';
import { BookingBook } from './bookings.js';
import {
  DEMO_CALENDAR_USERS,
  type ExampleCalendar,
  exampleCalendarProvider,
  registerListCalendarEvents,
  startExampleCalendar,
} from './calendar/index.js';
import { EXAMPLE_API_PATH, exampleApiRoutes } from './example-api.js';
import { homePage } from './home-page.js';
import type { DemoOptions } from './options.js';
import { registerBookTable } from './tools/book-table.js';
import { registerConfirmDelete } from './tools/confirm-delete.js';
import { registerExportReport } from './tools/export-report.js';
import { registerPickColor } from './tools/pick-color.js';
import { registerSetApiKey } from './tools/set-api-key.js';
import { registerSurvey } from './tools/survey.js';
import { registerUseApi } from './tools/use-api.js';
import { WEB_HOST_PATH, webHostRoutes } from './web-host/routes.js';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** What the tools of every connection share. */
export interface DemoServices {
  bookings: BookingBook;
  /** URL mode, with the server as an OAuth client of Example Calendar on the user's behalf. */
  urlMode: UrlElicitations;
  vault: Vault;
  /** The Example API endpoint `use_api` calls with the user's key. */
  exampleApi: URL;
  calendar: ExampleCalendar;
  /** Seals 2026-07-28 `requestState`; kept in the data directory so flows survive a restart. */
  stateKey: string;
  /** Long-running tools (`export_report`) as tasks, in the same SQLite file (or Redis) as URL mode. */
  tasks: Tasks;
  /** Time, for the long-running tool's work (tests pass one that does not wait). */
  clock?: Clock;
}

/** One MCP server instance (one per client session) with every demo tool. */
export function createDemoServer(
  services: DemoServices,
  session: McpSessionContext = { era: '2025-11-25' },
): McpServer {
  const server = enableElicitation(
    new McpServer(
      { name: 'elicitkit-demo', title: 'Bistro Elicit', version },
      {
        instructions:
          'A demo restaurant. Call book_table, survey, pick_color or confirm_delete to see each kind of form; ' +
          'export_report is long-running (a task, when your host supports tasks); ' +
          'use_api and set_api_key ask for an API key in your browser (URL mode); list_calendar_events ' +
          'connects your Example Calendar account through OAuth in your browser.',
      },
    ),
    // Issue 37: a host that cannot show forms gets a link to this server's own form page instead of a refusal.
    {
      requestState: { key: services.stateKey },
      tasks: services.tasks,
      fallback: services.urlMode.formFallback,
    },
  );
  registerBookTable(server, services.bookings);
  registerConfirmDelete(server, services.bookings);
  registerSurvey(server);
  registerPickColor(server);
  registerExportReport(server, services.clock);
  // URL elicitations started on this connection are bound to its verified user and to this client (E-28).
  // Knowing the user from the start lets a reconnected client get a pending completion notice (E-18).
  const url = services.urlMode.attach(server, session);
  registerSetApiKey(server, url);
  registerUseApi(server, url, services.vault, services.exampleApi);
  registerListCalendarEvents(server, url.oauth, services.calendar);
  return server;
}

export interface StartDemoOptions extends DemoOptions {
  /** Security events (wrong user at a page, failed logins); default: warnings on stderr. */
  logger?: UrlElicitationLogger;
  /** Time for the long-running tool's work; default the system clock. */
  clock?: Clock;
  /** Each new agent-host question's answer link, for a channel that cannot run a page (the demo prints it). */
  onAnswerLink?: (principal: string, link: URL) => void;
}

export interface RunningDemo {
  /** The MCP endpoint, `http://127.0.0.1:<port>/mcp` (on the public origin with `publicUrl`). */
  url: URL;
  /** Where this process listens, `http://127.0.0.1:<port>/`: what a proxy in front forwards to. */
  listening: URL;
  /** The origin of the browser pages (`/login`, `/elicit/<id>`). */
  base: URL;
  /** The browser MCP host page (`/host/`). */
  webHost: URL;
  /** The page of the agent that runs on this server (`/agent/`, issue 27): its questions come through the relay. */
  agentHost: URL;
  /** Example Calendar, the third party `list_calendar_events` connects to. */
  calendar: ExampleCalendar;
  close(): Promise<void>;
}

/**
 * Serves the demo on 127.0.0.1: MCP over Streamable HTTP at `/mcp` behind bearer tokens, the login and
 * elicitation pages, and the Example API. Resolves once it accepts connections.
 */
export async function startDemo(options: StartDemoOptions): Promise<RunningDemo> {
  const { dataDir, logger } = options;
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  // The page URLs name the port, so listen first and route requests once everything is built.
  let route: (request: Request, bindings: object) => Response | Promise<Response> = () =>
    new Response('Starting', { status: 503 });
  // The bindings carry the socket: the login form's per-address throttle reads the peer address there. Behind a
  // proxy (--public-url), every request is seen as made to the public origin (cookies, origin checks, callbacks).
  const publicUrl = options.publicUrl;
  const http = await listen(
    behindProxy((request: Request, bindings: object) => route(request, bindings), { publicUrl }),
    { port: options.port },
  );
  const base = publicUrl ? new URL('/', publicUrl) : http.url;

  const store = options.redis
    ? // Loaded only with --redis, so the default demo never loads ioredis.
      new (await import('@elicitkit/server/redis')).RedisElicitationStore({
        redis: options.redis,
        keyPrefix: 'bistro-elicit:',
        ...(logger ? { logger } : {}),
      })
    : new SqliteElicitationStore({ file: join(dataDir, 'elicitkit.db') });
  const auth = await createDemoAuth(options.users, dataDir, new URL('mcp', base), logger);
  // A third-party service on its own loopback port, with its own accounts; the demo is its OAuth client.
  const calendar = await startExampleCalendar({ users: DEMO_CALENDAR_USERS });
  const calendarClient = { clientId: 'bistro-elicit', clientSecret: randomBytes(32).toString('base64url') };

  // URL mode and OAuth, wired in one call.
  const vault = new Vault({ store, keys: await loadOrCreateVaultKeyFile(dataDir) });
  const urlMode = createUrlMode({
    store,
    vault,
    publicBaseUrl: base,
    // The `sub` of the verified bearer token (E-31), never anything the client claims (E-57).
    identity: bearerIdentity(),
    // The same login session on the pages and the OAuth callback (E-61).
    browserIdentity: auth.sessions.browserIdentity,
    csrfSecret: await loadOrCreateSecretFile(dataDir, 'csrf.key'),
    kinds: [secretKind({ vault })],
    formFallback: true,
    oauth: oauthProviders([exampleCalendarProvider(calendar, calendarClient)]),
    ...(logger ? { logger } : {}),
  });
  await calendar.registerClient({
    ...calendarClient,
    name: 'Bistro Elicit',
    redirectUris: [urlMode.redirectUri('calendar')],
  });

  const bookings = new BookingBook(dataDir);
  // Called by the server itself: on its own address, not through the proxy.
  const exampleApi = new URL(EXAMPLE_API_PATH, http.url);
  const stateKey = await loadOrCreateStateKeyFile(dataDir);
  const tasks = createTasks({
    store: options.redis
      ? new (await import('@elicitkit/server/redis')).RedisTaskStore({
          redis: options.redis,
          keyPrefix: 'bistro-elicit:',
        })
      : new SqliteTaskStore({ file: join(dataDir, 'elicitkit.db') }),
  });
  const services = {
    bookings,
    urlMode,
    vault,
    exampleApi,
    calendar,
    stateKey,
    tasks,
    ...(options.clock && { clock: options.clock }),
  };
  const mcp = createMcpHttpHandler((session) => createDemoServer(services, session), {
    authenticate: auth.authenticate,
    ...(publicUrl && { publicUrl }),
  });

  // Issue 27: an agent on this server, acting for the signed-in person, asking them through the relay.
  const agents = agentHost({
    signedIn: (request) => auth.sessions.read(request),
    users: options.users,
    mcp: new URL('mcp', http.url),
    pages: base,
    // Questions and calls outlive the process: in SQLite under --data, or in Redis shared by every instance.
    store: options.redis
      ? (await import('@elicitkit/client/relay/redis')).redisRelayStore({
          redis: options.redis,
          keyPrefix: 'bistro-elicit:relay:',
        })
      : relayStoreIn(dataDir, logger),
    // On a shared store, what a dead instance held is taken over once its lease lapses: look again now and then.
    ...(options.redis && { recoverEveryMs: 10_000 }),
    ...(options.onAnswerLink && { onAnswerLink: options.onAnswerLink }),
  });

  const app = new Hono();
  app.all('/mcp', (c) => mcp.fetch(c.req.raw));
  // Where MCP hosts learn how to sign in (RFC 9728, and RFC 8414 at the origin for 2025-03-26 clients).
  app.get('/.well-known/*', (c) => auth.metadata(c.req.raw) ?? c.notFound());
  app.get('/', pageSecurityHeaders(), async (c) => homePage(await auth.sessions.read(c.req.raw)));
  app.route('/', auth.loginRoutes);
  app.route('/', urlMode.routes);
  app.route('/', exampleApiRoutes());
  app.route('/', webHostRoutes());
  app.route('/', agents.routes);
  route = app.fetch;
  await agents.resume();

  return {
    url: new URL('mcp', base),
    listening: http.url,
    base,
    webHost: new URL(WEB_HOST_PATH, base),
    agentHost: new URL(AGENT_HOST_PATH, base),
    calendar,
    async close() {
      await agents.close();
      await mcp.close();
      await tasks.close();
      await urlMode.close();
      await http.close();
      await store.close();
      await calendar.close();
      await auth.close();
    },
  };
}

/**
 * The agent host's relay store: `relay.db` under the data directory. Another demo process on the same directory
 * (`npm start` beside `npm run demo:server`) holds that file, so this one keeps its questions in memory and says so.
 */
function relayStoreIn(dataDir: string, logger: UrlElicitationLogger | undefined) {
  try {
    return sqliteRelayStore({ file: join(dataDir, 'relay.db') });
  } catch (error) {
    if (!isElicitkitError(error) || error.code !== 'relay-store-in-use') throw error;
    const warn = logger?.warn ?? ((event, fields) => console.error(`demo: ${event}`, fields));
    warn('relay-store-in-use', {
      message:
        'another demo process holds relay.db: this one keeps agent-host questions in memory (not through a restart)',
    });
    return { ...memoryRelayStore(), close() {} };
  }
}

import { randomUUID } from 'node:crypto';
import { behindProxy, type PublicOriginOptions, publicHostNames } from '@elicitkit/core';
import type { AuthInfo, McpServer, Server, ServerNotifier } from '@modelcontextprotocol/server';
import type { ProtocolEra } from '../delivery/scope.js';
import { principalOf } from '../principal.js';
import { type AnyMcpServer, adaptServer, v2BuildOf } from '../sdk/adapt.js';
import {
  createMcpHandler,
  hostHeaderValidationResponse,
  isInitializeRequest,
  isLegacyRequest,
  localhostAllowedHostnames,
  type SessionTransport,
  transportFor,
} from '../sdk/http.js';
import { otherV2Build } from '../sdk/other-build.js';
import {
  closeWhenUnread,
  DEFAULT_MCP_MAX_BODY_BYTES,
  mcpBodyTooLarge,
  readBoundedBody,
  withBoundedBody,
} from './body-limit.js';
import { listen } from './listen.js';
import { internalErrorResponse, type ServingErrorReporter, servingErrorReporter } from './serving-errors.js';
import {
  type McpSessionLimits,
  type SessionSlot as PoolSlot,
  SessionPool,
  sessionRefusedResponse,
} from './session-pool.js';

type SessionSlot = PoolSlot<Session>;

/**
 * One MCP endpoint for both protocol eras.
 *
 * - 2026-07-28 requests are served statelessly by the SDK's `createMcpHandler` (a fresh server per request): an
 *   elicitation there is a round of a multi round-trip request, so any instance can take any round.
 * - 2025-11-25 clients get sessions (Streamable HTTP, "Transports"), which elicitation needs on that era: the
 *   server's `elicitation/create` rides the tool call's response stream and the client's answer comes back in a
 *   later POST, so both must reach the same server instance, found by `Mcp-Session-Id`. (The SDK's stateless
 *   legacy fallback, one instance per POST, loses the answer.)
 *
 * `authenticate` applies to both.
 */

/** Every bound (bodies, sessions) is listed in the README's "Limits" section. */
export interface McpHttpOptions extends McpSessionLimits {
  /**
   * Allowed `Host` header names (DNS rebinding protection, required of local servers by the transports
   * spec). Default: `localhost`, `127.0.0.1`, `[::1]`, and `publicUrl`'s host when it is given. Pass `false` to
   * accept any host (behind a proxy that checks it).
   */
  allowedHosts?: string[] | false;
  /**
   * The origin clients reach this endpoint at, behind a TLS-terminating proxy (see `behindProxy`): its host joins
   * the allowed `Host` names. `serveMcpHttp` also sees every request as made there.
   */
  publicUrl?: string | URL;
  /** Upper bound on every POST body, chunked or not, in bytes; more answers 413. Default 4 MiB. */
  maxBodyBytes?: number;
  /**
   * Takes over the report of errors while serving. By default an internal error (a throwing server factory, a bug,
   * anything that ends in HTTP 500) is logged as one line on stderr, without request bodies, headers or stacks,
   * so a 500 is never the only trace. With `onError`, every error goes to it instead: those internal ones, and what
   * sessions and transports report (clients' protocol mistakes included), which the default leaves unlogged.
   */
  onError?: (error: Error) => void;
  /**
   * Verifies each request's credentials, e.g. the SDK's `requireBearerAuth({ verifier })`: the verified
   * `AuthInfo` reaches tool handlers as `ctx.http.authInfo` (where `bearerIdentity()` reads the user, E-31)
   * and the server factory; a `Response` (401/403 challenge) is returned as is. A session stays bound to the
   * principal that opened it: the same token holder may refresh the token, nobody else may use the session
   * id (E-29: a session id alone never identifies a user).
   */
  authenticate?: (request: Request) => Promise<AuthInfo | Response>;
}

/** What the server factory learns about the connection (2025) or request (2026) it is made for. */
export interface McpSessionContext {
  /** The verified credentials of the request, when `authenticate` is set. */
  authInfo?: AuthInfo;
  /** `2025-11-25` for a session opened by `initialize`, `2026-07-28` for one stateless request. */
  era: ProtocolEra;
}

/** A fetch-style MCP endpoint: mount `fetch` on any route of any web framework. */
export interface McpHttpHandler {
  /** Answers one HTTP request to the MCP endpoint (POST, GET or DELETE). */
  fetch(request: Request): Promise<Response>;
  /** Closes every session and its server. */
  close(): Promise<void>;
  /** Open sessions (idle ones count until the next sweep), for tests and health checks. */
  readonly sessionCount: number;
  /**
   * Tells 2026-07-28 clients listening on `subscriptions/listen` that tools, prompts or resources changed (the
   * servers are made per request, so a change is announced here, not by an instance).
   */
  readonly notify: ServerNotifier;
}

/**
 * Makes the MCP server for one session (2025-11-25 and earlier) or one request (2026-07-28). A v1 SDK server serves
 * sessions; 2026-07-28 requests need a v2 one (a factory that returns a v1 server there answers the client -32022
 * with the revisions it has, so a negotiating client opens a session instead).
 */
export type ServerFactory = (context: McpSessionContext) => AnyMcpServer | Promise<AnyMcpServer>;

interface Session {
  transport: SessionTransport;
  server: AnyMcpServer;
  principal: string;
}

/** The revisions a v1 SDK server speaks, told to a 2026-07-28 client (M-19: a version mismatch is -32022). */
const SESSION_REVISIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'];

/**
 * One server instance per 2025 session, made by `createServer` when a client initializes, and one per 2026
 * request. Enable elicitation on each (`enableElicitation`) in `createServer`.
 */
export function createMcpHttpHandler(
  createServer: ServerFactory,
  options: McpHttpOptions = {},
): McpHttpHandler {
  const allowedHosts =
    options.allowedHosts === undefined
      ? publicHostNames(options.publicUrl, localhostAllowedHostnames())
      : options.allowedHosts;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MCP_MAX_BODY_BYTES;
  const errors: ServingErrorReporter = servingErrorReporter(options.onError);
  const report = errors.reported;
  const sessions = new SessionPool<Session>(options, ({ transport }) => void transport.close().catch(report));

  // 2026-07-28: the SDK's per-request entry, modern only; 2025 traffic never reaches it (routed in `fetch` below). The
  // server for a request is made there first, so that a v1 server is answered -32022 before the SDK sees it, and a
  // server of the SDK's CommonJS build (a CommonJS app) is served by that build's handler, which can read it; the
  // handler's factory hands it the server made for its request. Both handlers share one event bus, so `notify`
  // reaches every subscription.
  const madeFor = new WeakMap<Request, McpServer | Server>();
  const handlerOptions = { legacy: 'reject' as const, onerror: report, maxRequestBodySize: maxBodyBytes };
  const factory = async ({ requestInfo }: { requestInfo?: Request }) => {
    const made = requestInfo && madeFor.get(requestInfo);
    if (!made) throw new Error('elicitkit: no server was made for this 2026-07-28 request');
    return made;
  };
  const modern = createMcpHandler(factory, handlerOptions);
  let modernOfOtherBuild: ReturnType<typeof createMcpHandler> | undefined;
  const modernFor = (build: 'ours' | 'other') => {
    if (build === 'ours') return modern;
    modernOfOtherBuild ??= otherV2Build().createMcpHandler(factory, { ...handlerOptions, bus: modern.bus });
    return modernOfOtherBuild;
  };

  async function startSession(
    request: Request,
    body: unknown,
    slot: SessionSlot,
    principal: string,
    authInfo?: AuthInfo,
  ): Promise<Response> {
    let server: AnyMcpServer;
    let transport: SessionTransport;
    try {
      server = await createServer({ era: '2025-11-25', ...(authInfo && { authInfo }) });
      const sdk = adaptServer(server).sdk;
      const made = server;
      transport = await transportFor(sdk, {
        sessionIdGenerator: randomUUID,
        maxRequestBodySize: maxBodyBytes,
        onsessioninitialized: (id): void => slot.fill(id, { transport, server: made, principal }),
      });
    } catch (error) {
      slot.release();
      throw error;
    }
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
      server.close().catch(report);
    };
    transport.onerror = report;
    await (server as { connect(transport: SessionTransport): Promise<void> }).connect(transport);
    const response = await transport.handleRequest(request, {
      parsedBody: body,
      ...(authInfo && { authInfo }),
    });
    // A refused initialize (bad version, bad headers) opened no session: nothing will reach this server again.
    if (transport.sessionId === undefined) {
      slot.release();
      await transport.close();
    }
    return response;
  }

  async function fetch(request: Request): Promise<Response> {
    if (allowedHosts !== false) {
      const rejected = hostHeaderValidationResponse(request, allowedHosts);
      if (rejected) return rejected;
    }
    let authInfo: AuthInfo | undefined;
    if (options.authenticate) {
      const verified = await options.authenticate(request);
      if (verified instanceof Response) return verified;
      authInfo = verified;
    }
    const sessionId = request.headers.get('mcp-session-id');
    if (sessionId !== null) {
      const bounded = await withBoundedBody(request, maxBodyBytes);
      if (!bounded) return mcpBodyTooLarge(maxBodyBytes);
      const session = sessions.get(sessionId);
      if (!session) return jsonRpcError(404, -32001, 'Session not found');
      if (session.principal !== principalOf(authInfo)) {
        return jsonRpcError(403, -32000, 'Forbidden: this session belongs to other credentials');
      }
      return sessions.track(sessionId, () =>
        session.transport.handleRequest(bounded, authInfo ? { authInfo } : undefined),
      );
    }
    if (request.method !== 'POST')
      return jsonRpcError(400, -32000, 'Bad Request: Mcp-Session-Id header is required');
    // Read once, parsed from the bytes: a refused initialize must cost next to nothing (no copy of the request, no
    // schema parsing, no server instance), since one principal can send thousands.
    const read = await readBoundedBody(request, maxBodyBytes);
    if (!read.ok) return mcpBodyTooLarge(maxBodyBytes);
    const body = parseJson(read.bytes);
    if (body === undefined) return jsonRpcError(400, -32700, 'Parse error: the request body is not JSON');
    // M-19: a request carrying the per-request `_meta` envelope speaks 2026-07-28; everything else is 2025. Classified
    // from the parsed body and the headers (the SDK's own predicate, which reads and copies nothing when handed them).
    const legacy = await isLegacyRequest(request, body);
    const method =
      typeof body === 'object' && body !== null ? (body as { method?: unknown }).method : undefined;
    // A 2025 `initialize` opens a session: the session caps apply before anything else. A 2026-07-28 one goes to the
    // stateless path, which answers it as the removed method it is (404, -32601).
    if (legacy && method === 'initialize') {
      const principal = principalOf(authInfo);
      const slot = sessions.reserve(principal);
      if (!('fill' in slot)) return refusal(sessionRefusedResponse(slot, (body as { id?: unknown }).id));
      if (!isInitializeRequest(body)) {
        slot.release();
        return jsonRpcError(400, -32600, 'Invalid Request: malformed initialize');
      }
      return startSession(withBody(request, read.bytes), body, slot, principal, authInfo);
    }
    const forward = withBody(request, read.bytes);
    if (!legacy) {
      const made = await createServer({ era: '2026-07-28', ...(authInfo && { authInfo }) });
      const build = v2BuildOf(made);
      if (build === undefined) {
        adaptServer(made); // another copy of the SDK, or no server at all: throws, naming what it is
        // A v1 server cannot speak 2026-07-28: the client is told which revisions to open a session with instead. A
        // refusal, not a serving error: nothing goes to onError (a stranger could send any number of these).
        return jsonRpcError(
          400,
          -32022,
          'Unsupported protocol version: this server speaks 2025-11-25 and earlier; open a session with initialize',
          { supported: SESSION_REVISIONS, requested: '2026-07-28' },
          (body as { id?: unknown }).id,
        );
      }
      madeFor.set(forward, made as McpServer | Server);
      return modernFor(build).fetch(forward, { parsedBody: body, ...(authInfo && { authInfo }) });
    }
    return jsonRpcError(400, -32000, 'Bad Request: Mcp-Session-Id header is required (or send initialize)');
  }

  // Answers refused on purpose (the session cap's 503): a stranger can ask for them, so they are not logged.
  const refusals = new WeakSet<Response>();
  const refusal = (response: Response) => {
    refusals.add(response);
    return response;
  };

  /** Every request, guarded: an internal error is reported (logged by default) and answered with a JSON-RPC 500. */
  async function serve(request: Request): Promise<Response> {
    try {
      const response = await fetch(request);
      if (response.status >= 500 && !refusals.has(response)) errors.statusOnly(request, response.status);
      return response;
    } catch (error) {
      errors.internal(request, error);
      return internalErrorResponse();
    }
  }

  return {
    fetch: (request) => closeWhenUnread(request, serve(request)),
    async close() {
      const open = sessions.drain();
      await Promise.allSettled([
        ...open.map(({ transport }) => transport.close()),
        modern.close(),
        ...(modernOfOtherBuild ? [modernOfOtherBuild.close()] : []),
      ]);
    },
    get sessionCount() {
      return sessions.size;
    },
    notify: modern.notify,
  };
}

export interface ServeMcpHttpOptions extends McpHttpOptions, PublicOriginOptions {
  /** The interface to listen on, as `listen` names it. Default `127.0.0.1`: this machine only. */
  hostname?: string;
  /** @deprecated The same as `hostname`, its name before `listen` and `serveMcpHttp` agreed on one. */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
  /** The endpoint's path; every other path goes to `fallback`. Default `/mcp`. */
  path?: string;
  /**
   * Serves every other path (a hono `app.fetch`, for instance), with the `@hono/node-server` bindings as its
   * second argument (the login form's per-address throttle reads the peer address there). Default: 404.
   */
  fallback?: (request: Request, bindings?: object) => Response | Promise<Response>;
}

/** A running endpoint from {@link serveMcpHttp}. */
export interface ServedMcpHttp {
  /** The endpoint, e.g. `http://127.0.0.1:49152/mcp`. */
  url: URL;
  handler: McpHttpHandler;
  /** Closes every session and its server, then stops listening. */
  close(): Promise<void>;
}

/**
 * Listens on `host:port` (loopback and a free port by default) and serves the MCP endpoint at `path`.
 *
 * ```ts
 * const { url, close } = await serveMcpHttp(() => createServer());
 * console.log(`MCP endpoint: ${url}`);
 * ```
 */
export async function serveMcpHttp(
  createServer: ServerFactory,
  options: ServeMcpHttpOptions = {},
): Promise<ServedMcpHttp> {
  const hostname = options.hostname ?? options.host ?? '127.0.0.1';
  const path = options.path ?? '/mcp';
  const handler = createMcpHttpHandler(createServer, options);
  const fallback = options.fallback ?? (() => new Response('Not Found', { status: 404 }));
  const fetch = behindProxy(
    (request: Request, bindings: object) =>
      new URL(request.url).pathname === path ? handler.fetch(request) : fallback(request, bindings),
    options,
  );
  const listening = await listen(fetch, { hostname, port: options.port ?? 0 });
  return {
    url: new URL(path, listening.url),
    handler,
    async close() {
      await handler.close();
      await listening.close();
    },
  };
}

function jsonRpcError(
  status: number,
  code: number,
  message: string,
  data?: unknown,
  requestId?: unknown,
): Response {
  const id = typeof requestId === 'string' || typeof requestId === 'number' ? requestId : null;
  return Response.json(
    { jsonrpc: '2.0', error: { code, message, ...(data !== undefined && { data }) }, id },
    { status },
  );
}

/** JSON from bytes; undefined when it is not JSON (answered with a parse error). */
function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return undefined;
  }
}

/** The request with its (already read, bounded) body in memory again, for the transport. */
function withBody(request: Request, bytes: Uint8Array<ArrayBuffer>): Request {
  return new Request(request, { body: bytes });
}

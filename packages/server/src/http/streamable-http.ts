import { randomUUID } from 'node:crypto';
import {
  type AuthInfo,
  createMcpHandler,
  hostHeaderValidationResponse,
  isInitializeRequest,
  isLegacyRequest,
  localhostAllowedHostnames,
  type McpServer,
  type Server,
  type ServerNotifier,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import type { ProtocolEra } from '../delivery/scope.js';
import {
  closeWhenUnread,
  DEFAULT_MCP_MAX_BODY_BYTES,
  mcpBodyTooLarge,
  parseJsonBody,
  withBoundedBody,
} from './body-limit.js';
import { listen } from './listen.js';
import { type McpSessionLimits, SessionPool, sessionRefusedResponse } from './session-pool.js';

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
   * spec). Default: `localhost`, `127.0.0.1`, `[::1]`. Pass `false` to accept any host (behind a proxy that
   * checks it).
   */
  allowedHosts?: string[] | false;
  /** Upper bound on every POST body, chunked or not, in bytes; more answers 413. Default 4 MiB. */
  maxBodyBytes?: number;
  /** Reports errors of sessions and transports (never alters a response). */
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

/** Makes the MCP server for one session (2025-11-25) or one request (2026-07-28). */
export type ServerFactory = (context: McpSessionContext) => McpServer | Server | Promise<McpServer | Server>;

interface Session {
  transport: WebStandardStreamableHTTPServerTransport;
  server: McpServer | Server;
  principal: string | undefined;
}

/** Who holds a session: the OAuth client and, when the verifier names one, the user. Not the token itself. */
function principalOf(authInfo: AuthInfo | undefined): string | undefined {
  if (!authInfo) return undefined;
  const sub = authInfo.extra?.sub;
  return JSON.stringify([authInfo.clientId, typeof sub === 'string' ? sub : null]);
}

/**
 * One server instance per 2025 session, made by `createServer` when a client initializes, and one per 2026
 * request. Enable elicitation on each (`enableElicitation`) in `createServer`.
 */
export function createMcpHttpHandler(
  createServer: ServerFactory,
  options: McpHttpOptions = {},
): McpHttpHandler {
  const allowedHosts =
    options.allowedHosts === undefined ? localhostAllowedHostnames() : options.allowedHosts;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MCP_MAX_BODY_BYTES;
  const report = (error: unknown) =>
    options.onError?.(error instanceof Error ? error : new Error(String(error)));
  const sessions = new SessionPool<Session>(options, ({ transport }) => void transport.close().catch(report));

  // 2026-07-28: the SDK's per-request entry, modern only; 2025 traffic never reaches it (routed below).
  const modern = createMcpHandler(
    ({ authInfo }) => createServer({ era: '2026-07-28', ...(authInfo && { authInfo }) }),
    { legacy: 'reject', onerror: report, maxRequestBodySize: maxBodyBytes },
  );

  async function startSession(request: Request, body: unknown, authInfo?: AuthInfo): Promise<Response> {
    const principal = principalOf(authInfo);
    const slot = sessions.reserve(principal);
    if (!('fill' in slot)) return sessionRefusedResponse(slot, (body as { id?: unknown }).id);
    let server: McpServer | Server;
    try {
      server = await createServer({ era: '2025-11-25', ...(authInfo && { authInfo }) });
    } catch (error) {
      slot.release();
      throw error;
    }
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: randomUUID,
      maxRequestBodySize: maxBodyBytes,
      onsessioninitialized: (id): void => slot.fill(id, { transport, server, principal }),
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
      server.close().catch(report);
    };
    transport.onerror = report;
    await server.connect(transport);
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
    const bounded = await withBoundedBody(request, maxBodyBytes);
    if (!bounded) return mcpBodyTooLarge(maxBodyBytes);
    request = bounded;
    const sessionId = request.headers.get('mcp-session-id');
    if (sessionId !== null) {
      const session = sessions.get(sessionId);
      if (!session) return jsonRpcError(404, -32001, 'Session not found');
      if (session.principal !== principalOf(authInfo)) {
        return jsonRpcError(403, -32000, 'Forbidden: this session belongs to other credentials');
      }
      return sessions.track(sessionId, () =>
        session.transport.handleRequest(request, authInfo ? { authInfo } : undefined),
      );
    }
    if (request.method !== 'POST')
      return jsonRpcError(400, -32000, 'Bad Request: Mcp-Session-Id header is required');
    const body = await parseJsonBody(request);
    if (body === undefined) return jsonRpcError(400, -32700, 'Parse error: the request body is not JSON');
    // M-19: a request carrying the per-request `_meta` envelope speaks 2026-07-28; everything else is 2025.
    if (!(await isLegacyRequest(request, body))) {
      return modern.fetch(request, { parsedBody: body, ...(authInfo && { authInfo }) });
    }
    if (!isInitializeRequest(body)) {
      return jsonRpcError(400, -32000, 'Bad Request: Mcp-Session-Id header is required (or send initialize)');
    }
    return startSession(request, body, authInfo);
  }

  return {
    fetch: (request) => closeWhenUnread(request, fetch(request)),
    async close() {
      const open = sessions.drain();
      await Promise.allSettled([...open.map(({ transport }) => transport.close()), modern.close()]);
    },
    get sessionCount() {
      return sessions.size;
    },
    notify: modern.notify,
  };
}

export interface ServeMcpHttpOptions extends McpHttpOptions {
  /** Default `127.0.0.1`. */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
  /** Endpoint path. Default `/mcp`. */
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
  const host = options.host ?? '127.0.0.1';
  const path = options.path ?? '/mcp';
  const handler = createMcpHttpHandler(createServer, options);
  const fallback = options.fallback ?? (() => new Response('Not Found', { status: 404 }));
  const fetch = (request: Request, bindings: object) =>
    new URL(request.url).pathname === path ? handler.fetch(request) : fallback(request, bindings);
  const listening = await listen(fetch, { hostname: host, port: options.port ?? 0 });
  return {
    url: new URL(path, listening.url),
    handler,
    async close() {
      await handler.close();
      await listening.close();
    },
  };
}

function jsonRpcError(status: number, code: number, message: string): Response {
  return Response.json({ jsonrpc: '2.0', error: { code, message }, id: null }, { status });
}

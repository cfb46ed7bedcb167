import type { ClientCapabilities } from '@modelcontextprotocol/server';
import type { SdkCall, SdkFailure, ServerSeam, V1HandlerExtra } from './seam.js';
import { NO_SDK_TIMEOUT_MS } from './v2.js';

/**
 * The v1 adapter: `@modelcontextprotocol/sdk` 1.x. This package never imports the v1 SDK (an optional peer): it
 * reads the user's instances structurally. Public API, except one pinned internal: v1's `Server` does not keep
 * the revision it negotiated, so `watchNegotiatedRevision` wraps its `_oninitialize` on the instance (a test pins
 * it against the installed 1.32.x and 1.17.x). Result schemas are passed as objects with `safeParse` and `parse`,
 * which v1's `request` runs as a zod 3 schema (also pinned).
 */

/** The parts of a v1 SDK `Server` elicitkit uses (`@modelcontextprotocol/sdk/server/index.js`). */
export interface V1Server {
  /** Installs a request handler (v1 keys handlers by a zod request schema). */
  setRequestHandler(schema: never, handler: never): void;
  /** Throws when a handler for `method` is already installed. */
  assertCanSetRequestHandler(method: string): void;
  /** The capabilities the client declared at initialization. */
  getClientCapabilities(): unknown;
  /** The client's `clientInfo` from initialization. */
  getClientVersion(): unknown;
  /** Sends `elicitation/create` to the client. */
  elicitInput(params: never, options?: never): Promise<unknown>;
  /** Sends a request to the client (with `relatedRequestId`, on the call's own stream). */
  request(request: never, resultSchema: never, options?: never): Promise<unknown>;
  /** Sends a notification to the client. */
  notification(notification: never, options?: never): Promise<void>;
  /** Starts serving on a transport. */
  connect(transport: never): Promise<void>;
  /** Closes the connection. */
  close(): Promise<void>;
  /** The transport it serves on, once connected. */
  readonly transport?: { sessionId?: string | undefined } | undefined;
}

/** The parts of a v1 SDK `McpServer` elicitkit uses (`@modelcontextprotocol/sdk/server/mcp.js`): its `Server`. */
export interface V1McpServer {
  /** The low-level `Server` it wraps. */
  readonly server: V1Server;
  /** Starts serving on a transport. */
  connect(transport: never): Promise<void>;
  /** Closes the connection. */
  close(): Promise<void>;
}

type Handler = (request: { method: string }, extra: V1HandlerExtra) => unknown;
type AsyncHandler = (request: { method: string }, extra: V1HandlerExtra) => Promise<unknown>;

/** Loosely: what a v1 `Server` looks like at run time (and a v2 one does not: it negotiates revisions itself). */
export function looksLikeV1Server(value: unknown): value is V1Server {
  const server = value as Record<string, unknown> | null;
  return (
    typeof server === 'object' &&
    server !== null &&
    typeof server.setRequestHandler === 'function' &&
    typeof server.getClientCapabilities === 'function' &&
    typeof server.elicitInput === 'function' &&
    typeof server.getNegotiatedProtocolVersion !== 'function'
  );
}

const negotiated = new WeakMap<object, string>();
const servers = new WeakMap<object, ServerSeam>();

/**
 * Records the revision `initialize` negotiates, which v1's `Server` computes in `_oninitialize` and does not keep.
 * Returns false when this v1 version has no such method (the caller refuses the server: nothing could be gated).
 */
export function watchNegotiatedRevision(server: V1Server): boolean {
  const internals = server as unknown as {
    _oninitialize?: (request: unknown) => Promise<{ protocolVersion?: unknown }>;
  };
  const original = internals._oninitialize;
  if (typeof original !== 'function') return false;
  internals._oninitialize = async function (this: unknown, request: unknown) {
    const result = await original.call(this, request);
    if (typeof result?.protocolVersion === 'string') negotiated.set(server, result.protocolVersion);
    return result;
  };
  return true;
}

/** Wraps every request handler installed from now on with `wrap` (the method is read per request, not from the schema). */
export function wrapV1Handlers(server: V1Server, wrap: (handler: Handler) => AsyncHandler): void {
  const install = server.setRequestHandler.bind(server) as (
    schema: unknown,
    handler: Handler | AsyncHandler,
  ) => void;
  (server as unknown as { setRequestHandler: typeof install }).setRequestHandler = (schema, handler) =>
    install(schema, typeof handler === 'function' ? wrap(handler) : handler);
}

export function v1ServerSeam(server: V1Server): ServerSeam {
  let seam = servers.get(server);
  if (!seam) {
    seam = {
      sdk: 'v1',
      instance: server,
      negotiatedRevision: () => negotiated.get(server),
      clientCapabilities: () => server.getClientCapabilities() as ClientCapabilities | undefined,
      clientInfo: () => server.getClientVersion() as { name: string; version: string } | undefined,
      get connected() {
        return server.transport !== undefined;
      },
      get sessionId() {
        return server.transport?.sessionId;
      },
      notify: (method, params) =>
        server.notification((params === undefined ? { method } : { method, params }) as never),
    };
    servers.set(server, seam);
  }
  return seam;
}

/**
 * v1's `request` parses results with the schema it is given, as a zod 3 schema (`safeParse` from 1.2x, `parse`
 * before): this one hands the result on as it came, and `call.ts` checks it.
 */
const AS_SENT = { parse: (data: unknown) => data, safeParse: (data: unknown) => ({ success: true, data }) };

export function v1Call(extra: V1HandlerExtra, server: ServerSeam & { instance: V1Server }): SdkCall {
  type Send = (request: unknown, schema: unknown, options: Record<string, unknown>) => Promise<unknown>;
  const sendRequest = extra.sendRequest as unknown as Send;
  const request = server.instance.request.bind(server.instance) as unknown as Send;
  const sendNotification = extra.sendNotification as unknown as (notification: unknown) => Promise<void>;
  // A call that belongs to a v1 task sends through `extra` (which queues for the task); any other sends straight
  // through the server with the call's id as `relatedRequestId`, as `extra` would, one promise hop shorter.
  const inTask = (extra as { taskId?: unknown }).taskId !== undefined;
  return {
    sdk: 'v1',
    server,
    revision: server.negotiatedRevision(),
    clientCapabilities: () => server.clientCapabilities(),
    clientInfo: () => server.clientInfo(),
    signal: extra.signal,
    releasesSignalListeners: false, // v1 leaves its listener on the signal it is given
    // v1 hands handlers no HTTP request to watch: a dropped stream is seen when the session closes.
    streamSignal: undefined,
    authInfo: extra.authInfo,
    httpRequest: undefined,
    meta: extra._meta,
    // v1 reads only `aborted`, `reason`, `throwIfAborted()` and `addEventListener` of the signal: the stop itself will
    // do (a real AbortSignal costs more to make than the rest of the ask; pinned by the cancellation tests).
    sendRequest: (message, stop, timeoutMs) => {
      const options = { timeout: timeoutMs ?? NO_SDK_TIMEOUT_MS, signal: stop };
      return inTask
        ? sendRequest(message, AS_SENT, options)
        : request(message, AS_SENT, { ...options, relatedRequestId: extra.requestId });
    },
    sendNotification: (notification) => sendNotification(notification),
    // v1 aborts every handler's signal when the connection closes, then drops its transport.
    connectionClosed: () => !server.connected,
    classify: (error) => classifyV1(error, server),
  };
}

/** v1 error codes (`ErrorCode` of `@modelcontextprotocol/sdk/types.js`) it raises itself. */
const V1_CONNECTION_CLOSED = -32000;
const V1_REQUEST_TIMEOUT = -32001;

function classifyV1(error: unknown, server: ServerSeam): SdkFailure {
  const message = error instanceof Error ? error.message : String(error);
  if (!server.connected || message === 'Not connected') return { kind: 'disconnected' };
  const code = (error as { code?: unknown } | null)?.code;
  // v1's own timer: RequestTimeout with the timeout it was given in `data` (a client could forge it; it would only
  // read as a timeout).
  const data = (error as { data?: { timeout?: unknown } } | null)?.data;
  if (code === V1_REQUEST_TIMEOUT && typeof data?.timeout === 'number') return { kind: 'timeout' };
  // v1 raises ConnectionClosed itself only once the connection is gone (seen above) or the call was cancelled
  // (seen by `call.ts` before this): any other error with a numeric code came from the client's error response.
  if (typeof code === 'number') {
    if (code === V1_CONNECTION_CLOSED && message.includes('Connection closed'))
      return { kind: 'disconnected' };
    return { kind: 'peer-error', code, message: message.replace(/^MCP error -?\d+: /, '') };
  }
  return { kind: 'other', message };
}

/**
 * Whether a handler's result is v1 `McpServer`'s tool-error rendering of `error` (`createToolError(error.message)`),
 * pinned by a test: v1's McpServer turns every error not `instanceof` its own McpError into such a result, so a
 * -32042 the handler threw for the client is rethrown from there (v1's protocol sends any `code` and `data` as is).
 */
export function isToolErrorOf(result: unknown, error: Error): boolean {
  const tool = result as { isError?: unknown; content?: Array<{ type?: unknown; text?: unknown }> } | null;
  return (
    tool?.isError === true && tool.content?.[0]?.type === 'text' && tool.content[0].text === error.message
  );
}

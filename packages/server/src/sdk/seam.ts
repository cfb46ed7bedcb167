import type { ElicitationMode } from '@elicitkit/core';
import type { AuthInfo, ClientCapabilities, ServerContext } from '@modelcontextprotocol/server';

/**
 * The one place where elicitkit meets an MCP SDK (DESIGN.md, "One SDK seam"). Server logic (forms, rounds, URL
 * flows, tasks) talks to a {@link CallSeam} for the request it serves and to a {@link ServerSeam} for the connection;
 * the v2 adapter (`v2.ts`, `@modelcontextprotocol/server` 2.x) and the v1 adapter (`v1.ts`,
 * `@modelcontextprotocol/sdk` 1.x) implement them side by side, and SDK errors become elicitkit's typed errors in
 * one place (`call.ts`), so that a disconnect has one code in every mode. The other way round, an error a handler
 * throws for the client to receive as JSON-RPC (`-32042`) goes through {@link CallSeam.throwing}.
 */

/** Which official SDK a server comes from: v1 = `@modelcontextprotocol/sdk` 1.x, v2 = `@modelcontextprotocol/server` 2.x. */
export type SdkGeneration = 'v1' | 'v2';

/**
 * The second argument of a v1 SDK request handler (`RequestHandlerExtra` of `@modelcontextprotocol/sdk`), as
 * elicitkit reads it. Structural, so that this package never imports the v1 SDK: a v1 `extra` fits it as it is.
 */
export interface V1HandlerExtra {
  /** Aborts when the request is cancelled or its connection closes. */
  signal: AbortSignal;
  /** The JSON-RPC id of the request being handled. */
  requestId: string | number;
  /** Sends a request related to the one being handled (`relatedRequestId`). */
  sendRequest: (request: never, resultSchema: never, options?: never) => Promise<unknown>;
  /** Sends a notification related to the one being handled. */
  sendNotification: (notification: never) => Promise<void>;
  /** Verified credentials, when the transport authenticated the request. */
  authInfo?: AuthInfo;
  /** The transport's session id, when it has one. */
  sessionId?: string;
  /** The request's `_meta` (a `progressToken`, for one). */
  _meta?: { progressToken?: string | number; [key: string]: unknown };
  /** The HTTP request's headers (and URL), when served over HTTP. */
  requestInfo?: { headers: Record<string, string | string[] | undefined>; url?: URL };
}

/**
 * What a tool, prompt or resource handler receives and passes to elicitkit: the v2 SDK's `ServerContext`, or the v1
 * SDK's `extra`. Everything else about a handler is the same on both.
 */
export type HandlerContext = ServerContext | V1HandlerExtra;

/** A well-formed answer to `elicitation/create`: `action`, and whatever `content` came (checked by the form). */
export interface ElicitAnswer {
  action: 'accept' | 'decline' | 'cancel';
  content?: unknown;
}

/** Options of {@link CallSeam.elicit}. */
export interface ElicitSendOptions {
  /** How long to wait for the person, in ms (the elicitation's own timer, on the injected clock). */
  timeoutMs: number;
  /** The author's signal: cancels the elicitation (the client is told). */
  signal?: AbortSignal | undefined;
  /** The mode being asked, for the errors' details. */
  mode: ElicitationMode;
}

/**
 * One request being served (a `tools/call`, `prompts/get` or `resources/read`), as server logic needs it. Built
 * by the adapters from the handler's context; stable for the tasks and URL code built on it.
 */
export interface CallSeam {
  readonly sdk: SdkGeneration;
  /** The connection the request came in on. */
  readonly server: ServerSeam;
  /**
   * The protocol revision the request speaks: negotiated at `initialize` on a session, or named by the request's
   * `_meta` on 2026-07-28. Undefined when nobody negotiated one (a 2025 request served statelessly).
   */
  readonly revision: string | undefined;
  /** What the client declared: at `initialize` on a session, in the request's `_meta` on 2026-07-28. */
  clientCapabilities(): ClientCapabilities | undefined;
  /** The client's `clientInfo`, as it sent it (at `initialize`, or in the request's `_meta`): unchecked host data. */
  clientInfo(): { name?: unknown; version?: unknown } | undefined;
  /** Aborts when the request is cancelled or its connection closes (see {@link stopReason}). */
  readonly signal: AbortSignal;
  /** Verified credentials of the request, when the transport authenticated it. */
  readonly authInfo: AuthInfo | undefined;
  /** The HTTP request the call came in, when served over HTTP and the SDK hands it over (v2). */
  readonly httpRequest: Request | undefined;
  /** The request's `_meta`, as the SDK hands it to handlers. */
  readonly meta: Readonly<Record<string, unknown>> | undefined;
  /** The request's `progressToken`, when the caller asked for progress. */
  readonly progressToken: string | number | undefined;
  /**
   * Sends `elicitation/create` on the request's own stream (`relatedRequestId`) and resolves with a well-formed
   * answer. While it waits, progress notifications keep the call alive (see `progress.ts`). Rejects only with
   * elicitkit's typed errors: `elicitation-aborted` (`reason` says who stopped it), `elicitation-timeout`,
   * `elicitation-failed`, `no-back-channel`.
   */
  elicit(params: Record<string, unknown>, options: ElicitSendOptions): Promise<ElicitAnswer>;
  /** Sends a notification related to the request. */
  notify(method: string, params?: Record<string, unknown>): Promise<void>;
  /**
   * Sends progress notifications on the request's `progressToken` (if any) until `until` aborts, on the documented
   * cadence; for any wait on a person (a form, a URL page).
   */
  keepAlive(until: AbortSignal): void;
  /** Why {@link signal} fired, once it has: the call was cancelled, or its connection closed. */
  stopReason(): 'tool-call-cancelled' | 'disconnected' | undefined;
  /**
   * Marks `error` (a `-32042` URL elicitation required) as one the handler throws for the client to receive as a
   * JSON-RPC error, whatever the SDK's tool wrapper does with errors (v1's `McpServer` turns foreign errors into
   * tool results); returns it, to be thrown.
   */
  throwing<E extends Error>(error: E): E;
}

/** One server instance (one connection, or one 2026-07-28 request), as server logic needs it. */
export interface ServerSeam {
  readonly sdk: SdkGeneration;
  /** The low-level `Server` of either SDK (the `McpServer`'s `.server`). */
  readonly instance: object;
  /** The revision negotiated at `initialize`; undefined before it, and on instances that never saw one. */
  negotiatedRevision(): string | undefined;
  /** What the client declared at `initialize`. */
  clientCapabilities(): ClientCapabilities | undefined;
  /** The client's `clientInfo` from `initialize`. */
  clientInfo(): { name: string; version: string } | undefined;
  /** Whether the instance still has a transport (its connection is open). */
  readonly connected: boolean;
  /** The transport's session id (Streamable HTTP), when it has one. */
  readonly sessionId: string | undefined;
  /** Sends a notification on the connection (not related to a request). */
  notify(method: string, params?: Record<string, unknown>): Promise<void>;
}

/**
 * What an adapter hands the shared call logic (`call.ts`): the SDK's own operations, errors as the SDK throws them,
 * and how to read them. Internal to `sdk/`.
 */
export interface SdkCall {
  readonly sdk: SdkGeneration;
  readonly server: ServerSeam;
  readonly revision: string | undefined;
  clientCapabilities(): ClientCapabilities | undefined;
  clientInfo(): { name?: unknown; version?: unknown } | undefined;
  readonly signal: AbortSignal;
  /**
   * Whether the SDK takes its abort listener off a request's signal once the request settles (v2 does; v1 leaves it
   * there), so that the call's own signal may stop an ask directly, with nothing piling up on it.
   */
  readonly releasesSignalListeners: boolean;
  /** Aborts when the call's HTTP response stream is gone for good (no resumability): nothing can reach it. */
  readonly streamSignal: AbortSignal | undefined;
  readonly authInfo: AuthInfo | undefined;
  readonly httpRequest: Request | undefined;
  readonly meta: Readonly<Record<string, unknown>> | undefined;
  /**
   * Sends a request related to the call; resolves with the raw result. With `timeoutMs` the SDK's own timer ends it
   * (its timeout error reads as `timeout` in {@link classify}); without, the SDK's timer is out of the way and
   * `stop` decides.
   */
  sendRequest(
    request: { method: string; params: Record<string, unknown> },
    stop: AskStop,
    timeoutMs?: number,
  ): Promise<unknown>;
  sendNotification(notification: { method: string; params?: Record<string, unknown> }): Promise<void>;
  /** Whether `signal` fired because the connection closed (rather than a cancellation). */
  connectionClosed(): boolean;
  /** What an error thrown by {@link sendRequest} means, when no stop explains it. */
  classify(error: unknown): SdkFailure;
}

/**
 * What stops one request: the members of an AbortSignal the v1 SDK reads, and a real AbortSignal following it for
 * SDKs that need one. Internal to `sdk/`.
 */
export interface AskStop {
  readonly aborted: boolean;
  readonly reason: unknown;
  throwIfAborted(): void;
  addEventListener(type: 'abort', listener: () => void): void;
  removeEventListener(type: 'abort', listener: () => void): void;
  /** A real AbortSignal that aborts with this, made on first use. */
  readonly signal: AbortSignal;
}

/** An SDK error, read: the one vocabulary `call.ts` turns into typed errors. */
export type SdkFailure =
  | { kind: 'disconnected' }
  | { kind: 'timeout' }
  | { kind: 'no-back-channel'; detail: string }
  | { kind: 'malformed'; detail: string }
  | { kind: 'peer-error'; code: unknown; message: string }
  | { kind: 'other'; message: string };

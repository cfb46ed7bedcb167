import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  type ClientCapabilities,
  PROTOCOL_VERSION_META_KEY,
  ProtocolError,
  SdkError,
  SdkErrorCode,
  type Server,
  type ServerContext,
  type StandardSchemaV1,
} from '@modelcontextprotocol/server';
import { eraOfRevision, type ProtocolEra } from './revision.js';
import type { AskStop, SdkCall, SdkFailure, ServerSeam } from './seam.js';

/**
 * The v2 adapter: `@modelcontextprotocol/server` 2.x, through its public API only (`ctx.mcpReq.send` with a result
 * schema, `ctx.mcpReq.notify`, `Server.getClientCapabilities` / `getNegotiatedProtocolVersion`, the request's
 * `_meta` envelope on 2026-07-28).
 */

/** The SDK's timeout when ours decides (an injected clock, or progress to send): setTimeout's ceiling. */
export const NO_SDK_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * The result as it came: `call.ts` checks `action`, and the form checks `content`, so a bad answer becomes an
 * `invalid-answer` naming the field. (The SDK's own path would also compile and keep an Ajv validator per schema.)
 */
const AS_SENT: StandardSchemaV1<unknown, unknown> = {
  '~standard': { version: 1, vendor: 'elicitkit', validate: (value) => ({ value }) },
};

const servers = new WeakMap<Server, ServerSeam>();

export function v2ServerSeam(server: Server): ServerSeam {
  let seam = servers.get(server);
  if (!seam) {
    seam = {
      sdk: 'v2',
      instance: server,
      // Deprecated for 2026-07-28 requests (read the envelope there, as v2Call does); right for 2025 sessions.
      negotiatedRevision: () => server.getNegotiatedProtocolVersion(),
      clientCapabilities: () => server.getClientCapabilities(),
      clientInfo: () => server.getClientVersion(),
      get connected() {
        return server.transport !== undefined;
      },
      get sessionId() {
        return server.transport?.sessionId;
      },
      notify: (method, params) => server.notification(params === undefined ? { method } : { method, params }),
    };
    servers.set(server, seam);
  }
  return seam;
}

/** The per-request `_meta` envelope of 2026-07-28 (M-19), lifted out of `_meta` by the SDK. */
export function envelopeOf(ctx: ServerContext): Record<string, unknown> | undefined {
  return ctx.mcpReq.envelope as Record<string, unknown> | undefined;
}

/** The revision a 2026-07-28 request names in its envelope; undefined for 2025 requests. */
export function envelopeRevision(ctx: ServerContext): string | undefined {
  const version = envelopeOf(ctx)?.[PROTOCOL_VERSION_META_KEY];
  return typeof version === 'string' ? version : undefined;
}

/** The era of a request to a v2 server, decided once, from its envelope (M-19). */
export function requestEra(ctx: ServerContext): ProtocolEra {
  return eraOfRevision(envelopeRevision(ctx));
}

export function v2Call(
  ctx: ServerContext,
  server: ServerSeam & { instance: Server },
  perRequest: boolean,
): SdkCall {
  return new V2Call(ctx, server, perRequest);
}

/** One request to a v2 server, through the seam. A class, not closures: one allocation per `tools/call`. */
class V2Call implements SdkCall {
  readonly sdk = 'v2';
  readonly releasesSignalListeners = true; // pinned by test/signal-listeners.test.ts
  readonly server: ServerSeam & { instance: Server };
  readonly revision: string | undefined;
  readonly signal: AbortSignal;
  readonly streamSignal: AbortSignal | undefined;
  readonly #ctx: ServerContext;
  readonly #perRequest: boolean;

  constructor(ctx: ServerContext, server: ServerSeam & { instance: Server }, perRequest: boolean) {
    this.#ctx = ctx;
    this.server = server;
    this.#perRequest = perRequest;
    // M-16, M-19: a 2026-07-28 request names its revision and capabilities itself; a 2025 session's come from
    // `initialize` (E-07).
    this.revision = perRequest ? envelopeRevision(ctx) : server.negotiatedRevision();
    this.signal = ctx.mcpReq.signal;
    // Streamable HTTP: the call's HTTP request aborts when the client drops its response stream. Without
    // resumability (no event store, hence no `closeSSE`) nothing can reach that client again.
    const http = ctx.http;
    this.streamSignal = http?.closeSSE === undefined ? http?.req?.signal : undefined;
  }

  get authInfo() {
    return this.#ctx.http?.authInfo;
  }
  get httpRequest() {
    return this.#ctx.http?.req;
  }
  get meta() {
    return this.#ctx.mcpReq._meta as Readonly<Record<string, unknown>> | undefined;
  }

  clientCapabilities(): ClientCapabilities | undefined {
    return this.#perRequest
      ? (envelopeOf(this.#ctx)?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined)
      : this.server.clientCapabilities();
  }

  clientInfo(): { name?: unknown; version?: unknown } | undefined {
    if (!this.#perRequest) return this.server.clientInfo();
    const info = envelopeOf(this.#ctx)?.[CLIENT_INFO_META_KEY];
    return typeof info === 'object' && info !== null ? info : undefined;
  }

  // `ctx.mcpReq.send` relates the request to the call (`relatedRequestId`): on Streamable HTTP it travels on the
  // call's own response stream, not the standalone GET stream where it could be dropped.
  sendRequest(
    request: { method: string; params: Record<string, unknown> },
    stop: AskStop,
    timeoutMs?: number,
  ) {
    return this.#ctx.mcpReq.send(request, AS_SENT, {
      timeout: timeoutMs ?? NO_SDK_TIMEOUT_MS,
      signal: stop.signal,
    }) as Promise<unknown>;
  }

  sendNotification(notification: { method: string; params?: Record<string, unknown> }): Promise<void> {
    return this.#ctx.mcpReq.notify(notification);
  }

  // The SDK aborts a handler's signal both when the call is cancelled and when the connection closes.
  connectionClosed(): boolean {
    const reason: unknown = this.signal.reason;
    return reason instanceof SdkError && reason.code === SdkErrorCode.ConnectionClosed;
  }

  classify(error: unknown): SdkFailure {
    return classifyV2(error);
  }
}

function classifyV2(error: unknown): SdkFailure {
  if (error instanceof SdkError) {
    switch (error.code) {
      case SdkErrorCode.ConnectionClosed:
      case SdkErrorCode.NotConnected:
      case SdkErrorCode.SendFailed:
        return { kind: 'disconnected' };
      case SdkErrorCode.MethodNotSupportedByProtocolVersion:
        return { kind: 'no-back-channel', detail: error.message };
      case SdkErrorCode.InvalidResult:
        return { kind: 'malformed', detail: error.message };
      case SdkErrorCode.RequestTimeout:
        return { kind: 'timeout' };
    }
  }
  // Built from the client's JSON-RPC error response.
  if (error instanceof ProtocolError) return { kind: 'peer-error', code: error.code, message: error.message };
  if (error instanceof Error && error.message === 'Not connected') return { kind: 'disconnected' };
  return { kind: 'other', message: error instanceof Error ? error.message : String(error) };
}

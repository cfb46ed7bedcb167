import type { ClientCapabilities, Server, ServerContext } from '@modelcontextprotocol/server';
import { CLIENT_CAPABILITIES_META_KEY, PROTOCOL_VERSION_META_KEY } from '@modelcontextprotocol/server';
import { elicitationNotEnabledError } from '../errors.js';
import type { Round } from './round.js';

/**
 * What elicitkit knows about the request a handler serves: its protocol era, the server instance it came in on,
 * and on 2026-07-28 the round being run. `enableElicitation` records it for every `tools/call`, `prompts/get` and
 * `resources/read` before the handler runs; `elicitForm` and the URL-mode helpers read it through `ctx`.
 */
export type ProtocolEra = '2025-11-25' | '2026-07-28';

export interface RequestScope {
  era: ProtocolEra;
  server: Server;
  /** Present on 2026-07-28 requests: the multi round-trip state of this run of the handler. */
  round?: Round;
}

// Keyed by `ctx.mcpReq`: the SDK hands the same context object from the request handler to the tool, prompt or
// resource callback, and authors pass `ctx` along whole.
const scopes = new WeakMap<object, RequestScope>();

export function recordScope(ctx: ServerContext, scope: RequestScope): void {
  scopes.set(ctx.mcpReq, scope);
}

export function scopeOf(ctx: ServerContext): RequestScope {
  const scope = scopes.get(ctx.mcpReq);
  if (!scope) throw elicitationNotEnabledError();
  return scope;
}

/** The era a request speaks: 2026-07-28 requests carry the protocol version in their `_meta` (M-19). */
export function eraOfRequest(ctx: ServerContext): ProtocolEra {
  const version = envelopeOf(ctx)?.[PROTOCOL_VERSION_META_KEY];
  return typeof version === 'string' && version >= '2026-07-28' ? '2026-07-28' : '2025-11-25';
}

/**
 * What the client declared, through public SDK API only: on 2026-07-28 the request's own `_meta` (M-16), on
 * 2025-11-25 what `initialize` declared (E-07).
 */
export function declaredCapabilities(
  ctx: ServerContext,
  scope: RequestScope,
): ClientCapabilities | undefined {
  if (scope.era === '2026-07-28') {
    return envelopeOf(ctx)?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined;
  }
  return scope.server.getClientCapabilities();
}

function envelopeOf(ctx: ServerContext): Record<string, unknown> | undefined {
  return ctx.mcpReq.envelope as Record<string, unknown> | undefined;
}

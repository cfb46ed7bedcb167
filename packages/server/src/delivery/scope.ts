import type { Clock } from '@elicitkit/core';
import type { Result } from '@modelcontextprotocol/server';
import { elicitationNotEnabledError } from '../errors.js';
import type { CallSeam, HandlerContext } from '../sdk/seam.js';
import type { FormFallback } from './fallback-types.js';
import type { Round } from './round.js';

/**
 * What elicitkit knows about the request a handler serves: its protocol era, the call through the SDK seam, and on
 * 2026-07-28 the round being run. `enableElicitation` records it for every `tools/call`, `prompts/get` and
 * `resources/read` before the handler runs; `elicitForm` and the URL-mode helpers read it through `ctx`.
 */
export type { ProtocolEra } from '../sdk/revision.js';

import type { ProtocolEra } from '../sdk/revision.js';

/** How the server was set up (`enableElicitation`'s options, resolved): shared by every request it serves. */
export interface ScopePolicy {
  /** M-10, F-07: times one question is asked before an invalid or missing answer fails. */
  maxAnswerAttempts: number;
  clock: Clock;
  /** Where hints for the server's author go (once each). */
  log: (line: string) => void;
  /** Forms the host cannot show are answered in the browser (`enableElicitation({ fallback })`, issue 37). */
  fallback?: FormFallback;
}

export interface RequestScope {
  era: ProtocolEra;
  /** The request, through the SDK seam: revision, capabilities, sending, progress, its signal. */
  call: CallSeam;
  policy: ScopePolicy;
  /** Present on 2026-07-28 requests: the multi round-trip state of this run of the handler. */
  round?: Round;
  /** The request the handler serves (its method, and for a tool call the tool's name and arguments). */
  request?: { method: string; params?: Record<string, unknown> };
  /** Set when a form went through the browser: the run is answered with this result (the link) instead. */
  offered?: Result;
}

// Keyed by what identifies the request whatever copies the SDK makes of the context: v2's `ctx.mcpReq` (the SDK hands
// the same object from the request handler to the callback, and authors pass `ctx` along whole), v1's `extra.signal`
// (one per request; v1 spreads `extra` into a new object for task-augmented calls, keeping the signal).
const scopes = new WeakMap<object, RequestScope>();

function keyOf(ctx: HandlerContext): object {
  return 'mcpReq' in ctx ? ctx.mcpReq : ctx.signal;
}

export function recordScope(ctx: HandlerContext, scope: RequestScope): void {
  scopes.set(keyOf(ctx), scope);
}

export function scopeOf(ctx: HandlerContext): RequestScope {
  const scope = typeof ctx === 'object' && ctx !== null ? scopes.get(keyOf(ctx)) : undefined;
  if (!scope) throw elicitationNotEnabledError();
  return scope;
}

/**
 * The protocol era of the request `ctx` serves, as elicitkit decided it once for the request: `'2026-07-28'` (the
 * handler runs once per round) or `'2025-11-25'` (a session, 2025-06-18 included). For code that must send the client
 * something elicitkit does not carry (a bridge relaying sampling); forms and URLs never need it.
 */
export function protocolEraOf(ctx: HandlerContext): ProtocolEra {
  return scopeOf(ctx).era;
}

/** Writes each distinct hint once per `log` function (the default, stderr, once per process). Bounded. */
const logged = new WeakMap<(line: string) => void, Set<string>>();
const MAX_REMEMBERED_HINTS = 1_000;

export function logHintOnce(policy: ScopePolicy, hint: string): void {
  let seen = logged.get(policy.log);
  if (!seen) {
    seen = new Set();
    logged.set(policy.log, seen);
  }
  if (seen.has(hint) || seen.size >= MAX_REMEMBERED_HINTS) return;
  seen.add(hint);
  policy.log(`elicitkit: ${hint}`);
}

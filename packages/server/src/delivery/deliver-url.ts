import type { HandlerContext } from '../sdk/seam.js';
import { availabilityIn } from './capabilities.js';
import { fallbackApplies, offerUrlFlows } from './fallback.js';
import { scopeOf } from './scope.js';
import { requireUrlOnSession, startUrlOnSession } from './url-2025.js';
import { requireUrlInRound, startUrlInRound } from './url-2026.js';
import type { StartedUrlElicitation, UrlElicitationRequest, UrlFlows } from './url-flows.js';

/**
 * URL elicitations sent the way the request's era wants them, as `deliverForm` does for forms: in-band on
 * 2025-11-25 (`elicitation/create`, `-32042`), as rounds of a multi round-trip request on 2026-07-28. The
 * per-connection handle of URL mode (`url.start`, `url.require`) calls these; it never chooses an era.
 */

/** `url.start`: the consent decision, then `completion()` for the page. */
export function startUrlElicitation(
  ctx: HandlerContext,
  flows: UrlFlows,
  request: UrlElicitationRequest,
): Promise<StartedUrlElicitation> {
  // Not `async`: on 2026-07-28 the ask's position is claimed during the call, like elicitForm's.
  const scope = scopeOf(ctx);
  return scope.round
    ? startUrlInRound(ctx, { ...scope, round: scope.round }, flows, request)
    : startUrlOnSession(ctx, scope, flows, request);
}

/** `url.require`: `-32042` on 2025-11-25, an input-required round (then a held retry) on 2026-07-28. */
export function requireUrlElicitations(
  ctx: HandlerContext,
  flows: UrlFlows,
  list: readonly UrlElicitationRequest[],
  message: string | undefined,
): Promise<never> {
  const scope = scopeOf(ctx);
  // Issue 37: a host without URL mode, with the fallback on, gets the links in the call's result; made again, the
  // call finds what the pages did (a key in the vault, a connected account), as after a -32042.
  if (fallbackApplies(scope) && availabilityIn(scope, 'url') !== 'available') {
    return offerUrlFlows(ctx, scope, flows, list, message);
  }
  return scope.round
    ? requireUrlInRound(ctx, { ...scope, round: scope.round }, flows, list)
    : requireUrlOnSession(ctx, scope, flows, list, message);
}

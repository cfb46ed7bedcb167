import type { FormRequest } from '../form/form-request.js';
import type { FormResult } from '../form/infer.js';
import type { HandlerContext } from '../sdk/seam.js';
import { availabilityIn } from './capabilities.js';
import { deliverByFallback, fallbackApplies, isListedHost } from './fallback.js';
import { type DeliveryOptions, deliverFormOnSession } from './form-2025.js';
import { deliverFormInRound } from './form-2026.js';
import { scopeOf } from './scope.js';

/**
 * Sends a {@link FormRequest} the way the request's era wants it: awaited in-band on 2025-11-25, as a round of a
 * multi round-trip request on 2026-07-28. Authors never choose; `elicitForm` and the shorthands call this.
 */
export function deliverForm<Data>(
  ctx: HandlerContext,
  request: FormRequest<Data>,
  options: DeliveryOptions = {},
): Promise<FormResult<Data>> {
  const scope = scopeOf(ctx);
  // Issue 37: a host that cannot show the form, with the fallback on, gets the link instead of a refusal.
  if (fallbackApplies(scope)) {
    const availability = availabilityIn(scope, 'form');
    if (availability !== 'available') return deliverByFallback(ctx, scope, request, availability);
    if (isListedHost(scope)) return deliverByFallback(ctx, scope, request, 'listed-host');
    const within = scope.policy.fallback.policy?.declinedWithinMs;
    if (!scope.round && within !== undefined) return timedOnSession(ctx, scope, request, options, within);
  }
  return scope.round
    ? deliverFormInRound(ctx, { ...scope, round: scope.round }, request, options)
    : deliverFormOnSession(ctx, scope, request, options);
}

/** A 2025 session's form, timed: a decline quicker than `within` ms is the host's, and goes through the browser. */
async function timedOnSession<Data>(
  ctx: HandlerContext,
  scope: Parameters<typeof deliverByFallback>[1],
  request: FormRequest<Data>,
  options: DeliveryOptions,
  within: number,
): Promise<FormResult<Data>> {
  const sent = scope.policy.clock.now();
  const result = await deliverFormOnSession(ctx, scope, request, options);
  if (result.action !== 'decline' || scope.policy.clock.now() - sent >= within) return result;
  return deliverByFallback(ctx, scope, request, 'fast-decline');
}

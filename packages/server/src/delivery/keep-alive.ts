import type { HandlerContext } from '../sdk/seam.js';
import { scopeOf } from './scope.js';

/**
 * For a tool that waits on a person by means of its own (a page it serves, a message it sent): sends the call's
 * progress notifications on the same cadence as a form's wait (`progressIntervalMs`), until `until` aborts, so hosts
 * that reset their timeout on progress keep the call. Nothing is sent when the call carries no `progressToken`.
 */
export function keepCallAlive(ctx: HandlerContext, until: AbortSignal): void {
  scopeOf(ctx).call.keepAlive(until);
}

import type { ElicitationMode } from '@elicitkit/core';
import { modeNotDeclaredError, noBackChannelError } from '../errors.js';
import type { FormSchema } from '../form/infer.js';
import { featuresOf } from '../sdk/revision.js';
import type { HandlerContext } from '../sdk/seam.js';
import { logHintOnce, type RequestScope, scopeOf } from './scope.js';

/**
 * What the client can be asked, read through the SDK seam on both eras and both SDKs: the request's `_meta` client
 * capabilities on 2026-07-28 (M-16), the `initialize` capabilities on a session (E-07), and what the negotiated
 * revision can carry at all (F-01, F-03).
 */

/** Core's type, re-exported so the server API names it without a second definition. */
export type { ElicitationMode };

/**
 * Whether an elicitation of `mode` can reach the user now, and if not, why: the client did not declare the mode (or
 * its protocol revision has none), or (2025-11-25 served statelessly) the server cannot send the client a request.
 */
export type ElicitationAvailability = 'available' | 'mode-not-declared' | 'no-back-channel';

type Refusal = { availability: 'available' } | { availability: 'no-back-channel' } | ModeRefusal;
type ModeRefusal = { availability: 'mode-not-declared'; revision?: string };

function refusalIn(scope: RequestScope, mode: ElicitationMode): Refusal {
  const call = scope.call;
  const capabilities = call.clientCapabilities();
  // A 2025-era request on an instance that never saw `initialize`: the SDK's stateless legacy fallback, one
  // instance per POST, with nobody to send `elicitation/create` to.
  if (capabilities === undefined && scope.era === '2025-11-25') return { availability: 'no-back-channel' };
  // F-01, F-03: no elicitation before 2025-06-18; F-04: no URL mode on 2025-06-18, whatever the client declared.
  const features = featuresOf(call.revision);
  if (!features.elicitation || (mode === 'url' && !features.url)) {
    return { availability: 'mode-not-declared', revision: call.revision as string };
  }
  const elicitation = capabilities?.elicitation as { form?: unknown; url?: unknown } | undefined;
  if (elicitation === undefined || elicitation === null) return { availability: 'mode-not-declared' };
  // E-07/M-16: `elicitation: {}` declares form mode only.
  const declared =
    mode === 'url'
      ? elicitation.url !== undefined
      : elicitation.form !== undefined || elicitation.url === undefined;
  return declared ? { availability: 'available' } : { availability: 'mode-not-declared' };
}

/** Whether an elicitation of `mode` can reach the user in this request, and if not, why. */
export function elicitationAvailability(ctx: HandlerContext, mode: ElicitationMode): ElicitationAvailability {
  return availabilityIn(scopeOf(ctx), mode);
}

/** {@link elicitationAvailability} of a request whose scope is at hand. */
export function availabilityIn(scope: RequestScope, mode: ElicitationMode): ElicitationAvailability {
  return refusalIn(scope, mode).availability;
}

/**
 * Whether the client declared elicitation `mode` (E-07, M-16; `elicitation: {}` means form) and can be asked now.
 * `schema` no longer changes the answer: every form can be shown on every revision that has forms (a 2025-06-18 client
 * is asked a multi-select as one yes/no field per option, and the tool gets the list, F-05).
 */
export function canElicit(ctx: HandlerContext, mode: ElicitationMode, _schema?: FormSchema): boolean {
  return refusalIn(scopeOf(ctx), mode).availability === 'available';
}

/**
 * E-09, M-04, F-03: refuses before anything is sent when the client did not declare `mode` or its revision cannot
 * carry it, with `mode-not-declared`, or with `no-back-channel` (both `PeerError`s) where no request can reach the
 * client. Forms, URL elicitations and -32042 errors all pass this one gate.
 */
export function assertCanElicit(ctx: HandlerContext, mode: ElicitationMode): void {
  assertAvailableIn(ctx, scopeOf(ctx), mode);
}

export function assertAvailableIn(_ctx: HandlerContext, scope: RequestScope, mode: ElicitationMode): void {
  const refusal = refusalIn(scope, mode);
  if (refusal.availability === 'mode-not-declared') {
    if (scope.round) scope.round.missingMode = mode;
    throw hinted(
      scope,
      modeNotDeclaredError(mode, refusal.revision === undefined ? undefined : { revision: refusal.revision }),
    );
  }
  if (refusal.availability === 'no-back-channel') {
    throw hinted(
      scope,
      noBackChannelError(
        mode,
        'this 2025-11-25 request was served statelessly (no initialize on this server instance), so the server ' +
          'cannot send it an elicitation/create request',
      ),
    );
  }
}

/** Words for the reader stay in the message; the author's hint goes to the log, once. */
function hinted<E extends { details: { hint: string } }>(scope: RequestScope, error: E): E {
  logHintOnce(scope.policy, error.details.hint);
  return error;
}

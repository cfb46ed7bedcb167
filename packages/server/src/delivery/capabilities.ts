import type { ElicitationMode } from '@elicitkit/core';
import type { ServerContext } from '@modelcontextprotocol/server';
import { modeNotDeclaredError, noBackChannelError } from '../errors.js';
import { declaredCapabilities, type RequestScope, scopeOf } from './scope.js';

/**
 * What the client declared, read through public SDK API on both eras: the request's `_meta` client capabilities
 * on 2026-07-28 (M-16), the `initialize` capabilities on 2025-11-25 (E-07). `enableElicitation` gives handlers
 * the server instance the latter live on; a test pins both reads against the installed SDK.
 */

/** Core's type, re-exported so the server API names it without a second definition. */
export type { ElicitationMode };

/**
 * Whether an elicitation of `mode` can reach the user now, and if not, why: the client did not declare the mode,
 * or (2025-11-25 served statelessly) the server cannot send the client a request at all.
 */
export type ElicitationAvailability = 'available' | 'mode-not-declared' | 'no-back-channel';

export function availabilityIn(
  ctx: ServerContext,
  scope: RequestScope,
  mode: ElicitationMode,
): ElicitationAvailability {
  const capabilities = declaredCapabilities(ctx, scope);
  // A 2025-era request on an instance that never saw `initialize`: the SDK's stateless legacy fallback, one
  // instance per POST, with nobody to send `elicitation/create` to.
  if (capabilities === undefined && scope.era === '2025-11-25') return 'no-back-channel';
  const elicitation = capabilities?.elicitation as { form?: unknown; url?: unknown } | undefined;
  if (elicitation === undefined || elicitation === null) return 'mode-not-declared';
  // E-07/M-16: `elicitation: {}` declares form mode only.
  const declared =
    mode === 'url'
      ? elicitation.url !== undefined
      : elicitation.form !== undefined || elicitation.url === undefined;
  return declared ? 'available' : 'mode-not-declared';
}

/** Whether an elicitation of `mode` can reach the user in this request, and if not, why. */
export function elicitationAvailability(ctx: ServerContext, mode: ElicitationMode): ElicitationAvailability {
  return availabilityIn(ctx, scopeOf(ctx), mode);
}

/** Whether the client declared elicitation `mode` (E-07, M-16; `elicitation: {}` means form) and can be asked now. */
export function canElicit(ctx: ServerContext, mode: ElicitationMode): boolean {
  return elicitationAvailability(ctx, mode) === 'available';
}

/**
 * E-09, M-04: refuses before anything is sent when the client did not declare `mode`, with
 * `mode-not-declared`, or with `no-back-channel` (both `PeerError`s) where no request can reach the
 * client. Forms, URL elicitations and -32042 errors all pass this one gate.
 */
export function assertCanElicit(ctx: ServerContext, mode: ElicitationMode): void {
  assertAvailableIn(ctx, scopeOf(ctx), mode);
}

export function assertAvailableIn(ctx: ServerContext, scope: RequestScope, mode: ElicitationMode): void {
  const availability = availabilityIn(ctx, scope, mode);
  if (availability === 'mode-not-declared') {
    if (scope.round) scope.round.missingMode = mode;
    throw modeNotDeclaredError(mode);
  }
  if (availability === 'no-back-channel') {
    throw noBackChannelError(
      mode,
      'this 2025-11-25 request was served statelessly (no initialize on this server instance), so the server ' +
        'cannot send it an elicitation/create request',
    );
  }
}

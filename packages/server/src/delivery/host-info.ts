import { TASKS_EXTENSION } from '@elicitkit/core';
import type { ProtocolEra } from '../sdk/revision.js';
import type { HandlerContext } from '../sdk/seam.js';
import { type RequestScope, scopeOf } from './scope.js';

/** What the request's host said about itself: who it is, which revision it speaks, what it declared. */
export interface HostInfo {
  /** `clientInfo.name` (from `initialize`, or the request's `_meta` on 2026-07-28); host text, not sanitized. */
  name: string | undefined;
  version: string | undefined;
  /** The revision negotiated or named by the request; undefined when nobody negotiated one. */
  protocolVersion: string | undefined;
  era: ProtocolEra;
  /** The elicitation modes the host declared (E-07, M-16: `elicitation: {}` is form only), whatever the revision carries. */
  declared: { form: boolean; url: boolean };
  /** Whether the host declared the Tasks extension. */
  tasks: boolean;
}

const stringOr = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The one reading of "which host is this", for the request `scope` serves. */
export function hostInScope(scope: RequestScope): HostInfo {
  const info = scope.call.clientInfo();
  const capabilities = scope.call.clientCapabilities() as
    | { elicitation?: { form?: unknown; url?: unknown } | null; extensions?: unknown }
    | undefined;
  const elicitation = capabilities?.elicitation;
  const declaresAny = typeof elicitation === 'object' && elicitation !== null;
  const extensions = capabilities?.extensions;
  return {
    name: stringOr(info?.name),
    version: stringOr(info?.version),
    protocolVersion: scope.call.revision,
    era: scope.era,
    declared: {
      form: declaresAny && (elicitation.form !== undefined || elicitation.url === undefined),
      url: declaresAny && elicitation.url !== undefined,
    },
    tasks:
      typeof extensions === 'object' && extensions !== null && Object.hasOwn(extensions, TASKS_EXTENSION),
  };
}

/**
 * Who the host of the request `ctx` serves says it is, and what it declared: for logs, for a policy that treats hosts
 * apart, and for `elicit doctor`. What a host says of itself is a claim, never an identity.
 */
export function hostOf(ctx: HandlerContext): HostInfo {
  return hostInScope(scopeOf(ctx));
}

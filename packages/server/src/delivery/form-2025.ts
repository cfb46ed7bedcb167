import type { RequestedSchema } from '@elicitkit/core';
import { isElicitkitError } from '@elicitkit/core';
import { type AnswerIssue, invalidOptionError, ServerErrorCode } from '../errors.js';
import type { FormRequest } from '../form/form-request.js';
import type { FormResult } from '../form/infer.js';
import { featuresOf } from '../sdk/revision.js';
import type { HandlerContext } from '../sdk/seam.js';
import { assertAvailableIn, refuseField20250618 } from './capabilities.js';
import { withIssues } from './reask.js';
import { formFor20250618 } from './schema-2025-06-18.js';
import type { RequestScope } from './scope.js';

/**
 * Delivery of a {@link FormRequest} on a session (2025-11-25, 2025-06-18): an `elicitation/create` request sent on
 * the call's own stream through the SDK seam, which the handler awaits. Each revision is sent the form it can read
 * (F-01). Its 2026-07-28 sibling is `form-2026.ts`.
 */

/** 10 minutes: people read, think and type; the SDK's 60 s default cuts them off. */
export const DEFAULT_ELICITATION_TIMEOUT_MS = 10 * 60 * 1000;

// setTimeout's ceiling; a larger delay would fire at once.
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** How an elicitation is delivered: how long to wait, what aborts it, and its key on 2026-07-28. */
export interface DeliveryOptions {
  /** How long to wait for the user, in ms. Default {@link DEFAULT_ELICITATION_TIMEOUT_MS}. */
  timeoutMs?: number;
  /** Cancels the elicitation (the client is told). The tool call's own cancellation always does. */
  signal?: AbortSignal;
  /**
   * 2026-07-28: this ask's key in `inputRequests` (default `ask-<n>`, its position in the handler's run). Name it
   * when a host or test addresses answers by key; keys must be unique within one request.
   */
  key?: string;
}

/** What goes on the wire for a 2025-06-18 session, and which checks the server alone makes. */
interface ReducedForm {
  requestedSchema: RequestedSchema;
  serverChecked: ReadonlySet<string>;
}

export async function deliverFormOnSession<Data>(
  ctx: HandlerContext,
  scope: RequestScope,
  request: FormRequest<Data>,
  options: DeliveryOptions = {},
): Promise<FormResult<Data>> {
  const timeoutMs = checkTimeout(options.timeoutMs);
  assertAvailableIn(ctx, scope, 'form'); // E-09, F-03: nothing is sent for an undeclared mode
  // F-01: a 2025-11-25 session is sent the form as it is; a 2025-06-18 one the form it can read.
  const reduced = featuresOf(scope.call.revision).fullFormSchema ? undefined : reducedForm(scope, request);
  const requestedSchema = reduced?.requestedSchema ?? request.requestedSchema;
  let message = request.message;
  for (let attempt = 1; ; attempt++) {
    // E-14 / F-04: `mode` only where the revision has it.
    const params = reduced ? { message, requestedSchema } : { mode: 'form', message, requestedSchema };
    const answer = await scope.call.elicit(params, { timeoutMs, signal: options.signal, mode: 'form' });
    try {
      return await request.readResult(answer);
    } catch (error) {
      const issues = reduced && serverCheckedIssues(error, reduced);
      if (!issues || attempt >= scope.policy.maxAnswerAttempts) throw error;
      // F-07: the person could not have known (the wire had no room for the rule): ask again, saying why.
      message = withIssues(request.message, issues);
    }
  }
}

/** F-01: the form as a 2025-06-18 session reads it; F-05: a multi-select cannot be asked there. */
function reducedForm(scope: RequestScope, request: FormRequest<unknown>): ReducedForm {
  const reduced = formFor20250618(request.requestedSchema);
  if (!reduced.ok) return refuseField20250618(scope, reduced.field);
  return reduced;
}

/** The issues of an invalid answer, when every one is a check only the server could make (a dropped `pattern`). */
function serverCheckedIssues(error: unknown, form: ReducedForm): readonly AnswerIssue[] | undefined {
  if (form.serverChecked.size === 0 || !isElicitkitError(error, ServerErrorCode.InvalidAnswer))
    return undefined;
  const issues = error.details.issues;
  const ours = issues.every(
    (i) => i.code === 'pattern' && i.path.length === 1 && form.serverChecked.has(String(i.path[0])),
  );
  return ours ? issues : undefined;
}

export function checkTimeout(timeoutMs: number | undefined): number {
  if (timeoutMs === undefined) return DEFAULT_ELICITATION_TIMEOUT_MS;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0 || timeoutMs > MAX_TIMEOUT_MS) {
    throw invalidOptionError(
      'timeoutMs',
      `must be a positive number of milliseconds up to ${MAX_TIMEOUT_MS}`,
    );
  }
  return timeoutMs;
}

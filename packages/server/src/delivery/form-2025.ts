import { isElicitkitError } from '@elicitkit/core';
import { type AnswerIssue, invalidOptionError, ServerErrorCode } from '../errors.js';
import type { FormRequest } from '../form/form-request.js';
import type { FormResult } from '../form/infer.js';
import type { ElicitResultLike } from '../form/read-answer.js';
import { featuresOf } from '../sdk/revision.js';
import type { HandlerContext } from '../sdk/seam.js';
import { assertAvailableIn } from './capabilities.js';
import { withIssues } from './reask.js';
import { formFor20250618, type RevisionForm, reassembled } from './schema-2025-06-18.js';
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

export async function deliverFormOnSession<Data>(
  ctx: HandlerContext,
  scope: RequestScope,
  request: FormRequest<Data>,
  options: DeliveryOptions = {},
): Promise<FormResult<Data>> {
  const timeoutMs = checkTimeout(options.timeoutMs);
  assertAvailableIn(ctx, scope, 'form'); // E-09, F-03: nothing is sent for an undeclared mode
  // F-01: a 2025-11-25 session is sent the form as it is; a 2025-06-18 one the form it can read.
  const reduced = featuresOf(scope.call.revision).fullFormSchema
    ? undefined
    : formFor20250618(request.requestedSchema);
  const requestedSchema = reduced?.requestedSchema ?? request.requestedSchema;
  let message = request.message;
  for (let attempt = 1; ; attempt++) {
    // E-14 / F-04: `mode` only where the revision has it.
    const params = reduced ? { message, requestedSchema } : { mode: 'form', message, requestedSchema };
    const answer = await scope.call.elicit(params, { timeoutMs, signal: options.signal, mode: 'form' });
    try {
      return await request.readResult(reduced ? asAsked(answer, reduced) : answer);
    } catch (error) {
      const issues = reduced && serverCheckedIssues(error, reduced);
      if (!issues || attempt >= scope.policy.maxAnswerAttempts) throw error;
      // F-07: the person could not have known (the wire had no room for the rule): ask again, saying why.
      message = withIssues(request.message, issues);
    }
  }
}

/** F-05: a 2025-06-18 host's accepted answer with each adapted multi-select's yes/no fields put back into its list. */
function asAsked(answer: ElicitResultLike, form: RevisionForm): ElicitResultLike {
  const { content } = answer;
  if (answer.action !== 'accept' || typeof content !== 'object' || content === null || Array.isArray(content))
    return answer;
  return { ...answer, content: reassembled(content as Record<string, unknown>, form) };
}

/** Issues only the server can see on 2025-06-18: a dropped `pattern`, an adapted multi-select's count. */
const SERVER_CHECKED_CODES: ReadonlySet<string> = new Set(['too-few-items', 'too-many-items']);

/** The issues of an invalid answer, when every one is a check only the server could make (a dropped `pattern`). */
function serverCheckedIssues(error: unknown, form: RevisionForm): readonly AnswerIssue[] | undefined {
  if (!isElicitkitError(error, ServerErrorCode.InvalidAnswer)) return undefined;
  const adapted = new Set(form.multiSelects.map((m) => m.field));
  const issues = error.details.issues;
  const ours = issues.every((i) => {
    const field = i.path.length === 1 ? String(i.path[0]) : undefined;
    if (field === undefined) return false;
    if (i.code === 'pattern') return form.serverChecked.has(field);
    return SERVER_CHECKED_CODES.has(i.code) && adapted.has(field);
  });
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

import { isElicitkitError } from '@elicitkit/core';
import type { InputRequest } from '@modelcontextprotocol/server';
import { type AnswerIssue, elicitationAbortedError, invalidAnswerError, ServerErrorCode } from '../errors.js';
import type { FormRequest } from '../form/form-request.js';
import type { FormResult } from '../form/infer.js';
import type { HandlerContext } from '../sdk/seam.js';
import { askDigest } from './ask-digest.js';
import { assertAvailableIn } from './capabilities.js';
import { checkTimeout, type DeliveryOptions } from './form-2025.js';
import { withIssues } from './reask.js';
import { checkAskKey, defaultAskKey, type RecordedAnswer, type Round } from './round.js';
import type { RequestScope } from './scope.js';

/**
 * Delivery of a {@link FormRequest} on a 2026-07-28 request (multi round-trip requests): the ask is answered from
 * the sealed state of earlier rounds, or from this round's `inputResponses`, or it ends the round and goes out
 * in the `InputRequiredResult`. The same `FormRequest` checks the answer on both eras (E-60, M-09).
 */

export async function deliverFormInRound<Data>(
  ctx: HandlerContext,
  scope: RequestScope & { round: Round },
  request: FormRequest<Data>,
  options: DeliveryOptions = {},
): Promise<FormResult<Data>> {
  const round = scope.round;
  // Claimed before anything else, synchronously: asks made together keep their order on every round.
  const position = round.claimAsk();
  try {
    checkTimeout(options.timeoutMs); // same option rules as on 2025, though no one waits here
    if (options.signal?.aborted) throw elicitationAbortedError('signal');
    const key = options.key === undefined ? defaultAskKey(position) : checkAskKey(options.key);
    const digest = askDigest('form', request.message, request.requestedSchema);
    const recorded = round.recorded(position, digest);
    if (recorded) return await request.readResult(recorded);

    let attempts = 0;
    let issues: readonly AnswerIssue[] = [];
    const response = round.response(position, digest, key);
    if (response) {
      attempts = response.attempts + 1;
      const answer = readAnswer(response.value);
      if (answer.ok) {
        try {
          const outcome = await request.readResult(answer.value);
          round.record(position, digest, answer.value);
          return outcome;
        } catch (error) {
          if (!isElicitkitError(error, ServerErrorCode.InvalidAnswer)) throw error;
          issues = error.details.issues;
        }
      } else {
        issues = answer.issues;
      }
      // M-10: a missing or invalid answer is asked again, with why, up to the cap; then the typed error.
      if (attempts >= round.maxAttempts) throw invalidAnswerError(issues);
    }
    assertAvailableIn(ctx, scope, 'form'); // M-04: nothing asked of a host that did not declare form mode
    const message = issues.length === 0 ? request.message : withIssues(request.message, issues);
    return round.ask(position, digest, attempts, key, {
      method: 'elicitation/create',
      params: { mode: 'form', message, requestedSchema: request.requestedSchema },
    } as InputRequest);
  } finally {
    round.settle();
  }
}

/** M-09: an `inputResponses` entry is untrusted; only a well-formed elicitation result is read further. */
function readAnswer(
  value: unknown,
): { ok: true; value: RecordedAnswer } | { ok: false; issues: AnswerIssue[] } {
  if (value === undefined) {
    return { ok: false, issues: [{ path: [], code: 'required', message: 'no answer was sent' }] };
  }
  const result = value as { action?: unknown; content?: unknown } | null;
  const action =
    typeof result === 'object' && result !== null && !Array.isArray(result) ? result.action : undefined;
  if (action !== 'accept' && action !== 'decline' && action !== 'cancel') {
    return {
      ok: false,
      issues: [{ path: ['action'], code: 'type', message: 'must be "accept", "decline" or "cancel"' }],
    };
  }
  if (action !== 'accept') return { ok: true, value: { action } };
  const content = result?.content;
  if (content !== undefined && (typeof content !== 'object' || content === null || Array.isArray(content))) {
    return {
      ok: false,
      issues: [{ path: ['content'], code: 'not-an-object', message: 'must be an object' }],
    };
  }
  return {
    ok: true,
    value: { action, ...(content !== undefined && { content: content as Record<string, unknown> }) },
  };
}

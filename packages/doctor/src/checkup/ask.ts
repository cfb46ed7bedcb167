import type { Clock } from '@elicitkit/core';
import {
  createFormRequest,
  deliverForm,
  type ElicitResultLike,
  type FormRequest,
  type HandlerContext,
  step,
} from '@elicitkit/server';
import type { FormCheck } from './form-checks.js';
import type { RawAnswer } from './judge.js';

/**
 * Asks one checkup form in the request's era (2025 `elicitation/create`, a 2026-07-28 round) and returns the answer
 * exactly as the host sent it: the doctor judges answers itself, so the usual checking (which refuses a wrong answer
 * and asks again) is left out. When it was asked is a `step`, so a 2026-07-28 round's retry measures from the round
 * that asked, and how long the answer took is one, so later rounds replay it rather than measure again.
 */
export async function askRaw(
  ctx: HandlerContext,
  check: Pick<FormCheck, 'id' | 'message' | 'schema'>,
  clock: Clock,
  timeoutMs: number,
): Promise<RawAnswer> {
  const askedAt = await step(ctx, `asked:${check.id}`, () => clock.now());
  // Built by the library so the doctor's own forms pass every rule a server's must (E-01, E-12, E-47).
  const checked = createFormRequest({ message: check.message, schema: check.schema });
  const request: FormRequest<ElicitResultLike> = {
    message: checked.message,
    requestedSchema: checked.requestedSchema,
    readResult: async (result) => ({ action: 'accept', data: result }),
  };
  const outcome = await deliverForm(ctx, request, { key: check.id, timeoutMs });
  const raw = (outcome as { data?: ElicitResultLike }).data ?? { action: outcome.action };
  // A step too: on 2026-07-28 the rounds after this one replay the answer, later, and must not measure again.
  const elapsedMs = await step(ctx, `answered:${check.id}`, () => Math.max(0, clock.now() - askedAt));
  return { action: raw.action, content: raw.content, elapsedMs };
}

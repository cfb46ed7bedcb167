import { deliverForm } from './delivery/deliver.js';
import type { DeliveryOptions } from './delivery/form-2025.js';
import { createFormRequest, type FormRequestInput } from './form/form-request.js';
import type { FormData, FormResult, FormSchema } from './form/infer.js';
import type { HandlerContext } from './sdk/seam.js';

/** Options of {@link elicitForm}: the message and schema, plus {@link DeliveryOptions}. */
export interface ElicitFormOptions<S extends FormSchema> extends FormRequestInput<S>, DeliveryOptions {}

/**
 * Asks the user for the fields of `schema` from inside a tool handler, and returns the typed outcome.
 *
 * ```ts
 * const outcome = await elicitForm(ctx, {
 *   message: 'Where should we ship it?',
 *   schema: { name: text().title('Name'), zip: text({ pattern: '^[0-9]{5}$' }).title('ZIP code') },
 * });
 * if (outcome.action === 'accept') ship(outcome.data.name, outcome.data.zip);
 * ```
 *
 * Before sending: the schema is checked with core (`invalid-schema`), secret-looking fields are refused
 * (E-01, `sensitive-field`), URLs in texts give a development warning (E-47), and the client must have
 * declared form mode (E-09, M-04, `mode-not-declared`). The answer is validated (E-60, M-09,
 * `invalid-answer`).
 *
 * Both protocol eras, same code: on 2025-11-25 the request rides the tool call's stream and this waits
 * `timeoutMs` (default 10 minutes; the call's cancellation and `signal` stop it). On 2026-07-28 the handler is
 * re-entered once per round and this returns the answer of an earlier round, or ends the round to ask (code
 * before it runs again each round: wrap side effects in `step`). Needs `enableElicitation(server)` once.
 */
export function elicitForm<const S extends FormSchema>(
  ctx: HandlerContext,
  options: ElicitFormOptions<S>,
): Promise<FormResult<FormData<S>>> {
  // Not `async`: on 2026-07-28 the ask's position is claimed during the call, so asks made together
  // (`Promise.all`) keep their order; errors still arrive as a rejected promise.
  try {
    return deliverForm(ctx, createFormRequest(options), options);
  } catch (error) {
    return Promise.reject(error);
  }
}

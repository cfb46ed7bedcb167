import type { ServerContext } from '@modelcontextprotocol/server';
import { type DeliveryOptions, deliverForm } from './delivery/form-2025.js';
import { createFormRequest, type FormRequestInput } from './form/form-request.js';
import type { FormData, FormOutcome, FormSchema } from './form/infer.js';

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
 * Before sending: the schema is checked with core (`InvalidSchemaError`), secret-looking fields are refused
 * (E-01, `SensitiveFieldError`), URLs in texts give a development warning (E-47), and the client must have
 * declared form mode (E-09, `ElicitationUnsupportedError`). The answer is validated (E-60,
 * `InvalidAnswerError`). Waits `timeoutMs` (default 10 minutes); the tool call's cancellation and `signal`
 * cancel it (`ElicitationTimeoutError`, `ElicitationAbortedError`).
 */
export async function elicitForm<const S extends FormSchema>(
  ctx: ServerContext,
  options: ElicitFormOptions<S>,
): Promise<FormOutcome<FormData<S>>> {
  const request = createFormRequest(options);
  return deliverForm(ctx, request, options);
}

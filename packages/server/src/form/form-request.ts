import type { RequestedSchema } from '@elicitkit/core';
import { invalidSchemaError, sensitiveFieldError } from '../errors.js';
import { compileForm } from './compile.js';
import type { FormData, FormResult, FormSchema } from './infer.js';
import { textFindings } from './inspect.js';
import { warnAboutLinks } from './links.js';
import type { ElicitResultLike } from './read-answer.js';

export type { ElicitResultLike };

/**
 * "What to ask and how to check the answer", independent of how it travels (DESIGN.md, "Two protocol
 * eras"). A delivery (today: a 2025-11-25 `elicitation/create` request) sends `message` and
 * `requestedSchema`, and hands whatever came back to `readResult`.
 */
export interface FormRequest<Data> {
  readonly message: string;
  readonly requestedSchema: RequestedSchema;
  /**
   * E-60: turns a client's result into a typed outcome. `accept` content is checked with core (required
   * fields, types, bounds, formats, unknown fields rejected), defaults fill omitted fields, then the
   * author's Standard Schema runs. `decline`/`cancel` ignore any content. Throws an `invalid-answer` `PeerError`.
   */
  readResult(result: ElicitResultLike): Promise<FormResult<Data>>;
}

/** What a form asks: the message people read and the schema of the answer. */
export interface FormRequestInput<S extends FormSchema> {
  /** Why the information is needed (E-10, E-44). Hosts show it sanitized, as plain text. */
  message: string;
  schema: S;
  /**
   * E-01 opt-out for fields that only look like secrets, by property name (for zod and raw schemas;
   * builder fields use `.notSecret()`).
   */
  notSecret?: readonly string[];
}

/**
 * Checks a form before anything is sent: the schema against the spec's subset and limits (core), E-01
 * secret-looking fields and messages, E-47 links (a warning). Throws a `UsageError`, `invalid-schema`
 * or `sensitive-field`.
 */
export function createFormRequest<S extends FormSchema>(
  input: FormRequestInput<S>,
): FormRequest<FormData<S>> {
  if (typeof input.message !== 'string') {
    throw invalidSchemaError([
      { path: ['message'], code: 'invalid-keyword-value', message: 'must be a string' },
    ]);
  }
  const form = compileForm(input.schema);
  const allowed = input.notSecret;
  const { secrets: findings, links } = textFindings(input.message, form);
  const secrets = allowed ? findings.filter((f) => !allowed.includes(f.field)) : findings;
  // E-01, E-02, F-08: secrets go through URL mode, never through a form (asked by a field or by the message)
  if (secrets.length > 0) throw sensitiveFieldError(secrets);
  // E-47: URLs in a form's texts are a development warning
  warnAboutLinks(links);
  return {
    message: input.message,
    requestedSchema: form.requestedSchema,
    readResult: form.readResult as FormRequest<FormData<S>>['readResult'],
  };
}

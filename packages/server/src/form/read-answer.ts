import type { ElicitContent, RequestedSchema } from '@elicitkit/core';
import { applyDefaults, isJsonObject, validateContent } from '@elicitkit/core';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { invalidAnswerError } from '../errors.js';
import type { FormResult } from './infer.js';
import { validateWithStandard } from './standard.js';

/** The part of `ElicitResult` a form reads; anything else the client sent is ignored. */
export interface ElicitResultLike {
  action: 'accept' | 'decline' | 'cancel';
  content?: unknown;
}

export type AnswerReader = (result: ElicitResultLike) => Promise<FormResult<unknown>>;

/**
 * E-60: turns a client's result into a typed outcome with the form's schema: `accept` content checked with core
 * (required fields, types, bounds, formats, unknown fields rejected), then the author's Standard Schema. Made once
 * per compiled form.
 */
export function answerReader(
  requestedSchema: RequestedSchema,
  standard: StandardSchemaV1 | undefined,
): AnswerReader {
  const hasDefaults = Object.values(requestedSchema.properties).some((field) => field.default !== undefined);
  return async (result) => {
    if (result.action !== 'accept') return { action: result.action };
    // E-60: an accept without content is an empty answer, which fails any required field. E-13: an omitted field
    // with a default gets it before the check, on every revision (and a revision that cannot carry defaults, F-06,
    // still gets them filled in here).
    const answered = result.content ?? {};
    const filled =
      hasDefaults && isJsonObject(answered) ? applyDefaults(requestedSchema, answered) : answered;
    const checked = validateContent(requestedSchema, filled, { unknownProperties: 'reject' });
    if (!checked.ok) throw invalidAnswerError(checked.issues);
    const content = checked.value as ElicitContent;
    if (!standard) return { action: 'accept', data: content };
    const refined = await validateWithStandard(standard, content);
    if (!refined.ok) throw invalidAnswerError(refined.issues);
    return { action: 'accept', data: refined.value };
  };
}

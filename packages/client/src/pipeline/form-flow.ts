import {
  applyDefaults,
  type ContentIssue,
  type ElicitContent,
  formModel,
  type RequestedSchema,
  validateContent,
  validateField,
} from '@elicitkit/core';
import type { PromptContext } from '../host/surface.js';
import type { FormPrompt, Requester } from '../ui.js';
import { displayFields, displaySchema, isDisplaySafe } from './display-form.js';
import type { DroppedDefault } from './parse-request.js';

export type FormAnswer = { action: 'accept'; content: ElicitContent } | { action: 'decline' | 'cancel' };

/**
 * Asks the user to fill in a form until they send a valid answer, decline or cancel. Fields start at the
 * schema's defaults (E-13) for the user to review and change (E-05); nothing is added afterwards. An
 * answer that fails the schema is never sent: the UI is asked again with the issues (E-59), up to
 * `maxInvalidSubmissions` times, then the request is answered `cancel`.
 * `onDroppedDefaults` hears of defaults left out because they cannot be shown as they are; `inputRequestKey` is the
 * form's key in a 2026-07-28 round, when it came as an input request.
 */
export async function askForm(
  schema: RequestedSchema,
  message: string,
  context: PromptContext,
  maxInvalidSubmissions: number,
  onDroppedDefaults: (dropped: DroppedDefault[]) => void = () => {},
  inputRequestKey?: string,
): Promise<FormAnswer> {
  // E-44: every label, description and option label reaches the UI sanitized
  const fields = displayFields(formModel(schema));
  // E-13: defaults are prefilled for the user to review, not injected into the answer
  let initial = keepAnswerValues(applyDefaults(schema));
  const unsafe = Object.keys(initial).filter((name) => !isDisplaySafe(initial[name]));
  if (unsafe.length > 0) {
    for (const name of unsafe) delete initial[name];
    for (const field of fields) if (unsafe.includes(field.name)) delete field.default;
    onDroppedDefaults(
      unsafe.map((field) => ({ field, message: 'the default holds characters that cannot be shown' })),
    );
  }
  const shownSchema = displaySchema(schema, unsafe);
  let issues: ContentIssue[] | undefined;
  for (let attempt = 1; attempt <= maxInvalidSubmissions; attempt++) {
    const prompt: FormPrompt = {
      kind: 'form',
      id: context.promptId,
      requester: context.requester,
      message,
      signal: context.signal,
      fields,
      requestedSchema: shownSchema,
      ...(inputRequestKey !== undefined && { inputRequestKey }),
      initial,
      ...(issues && { issues }),
      validateField: (name, value) => validateField(schema, name, value),
      validate: (answers) => validateContent(schema, answers, { unknownProperties: 'reject' }),
    };
    const outcome = await context.ui.form(prompt);
    if (outcome.action !== 'submit') return { action: outcome.action };
    // E-59: the answer is checked against the requested schema before it is sent
    const checked = validateContent(schema, outcome.content, { unknownProperties: 'reject' });
    if (checked.ok) return { action: 'accept', content: checked.value };
    initial = keepAnswerValues(outcome.content);
    issues = checked.issues;
  }
  context.notify('request-rejected', tooManyAttempts(context.requester, maxInvalidSubmissions));
  return { action: 'cancel' };
}

function tooManyAttempts(requester: Requester, attempts: number): string {
  return `Gave up on the form from ${requester.name} after ${attempts} invalid answers; the server was told "cancel".`;
}

/** Prefill for a form (defaults, or the previous answers): only values a form field can hold. */
function keepAnswerValues(content: Record<string, unknown>): Partial<ElicitContent> {
  const kept: Partial<ElicitContent> = {};
  for (const [name, value] of Object.entries(content ?? {})) {
    const isValue =
      typeof value === 'string' ||
      typeof value === 'number' ||
      typeof value === 'boolean' ||
      (Array.isArray(value) && value.every((item) => typeof item === 'string'));
    if (isValue) kept[name] = value;
  }
  return kept;
}

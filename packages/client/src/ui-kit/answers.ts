import type { FormField } from '@elicitkit/core';

/** Whether a field's value is no answer: nothing, empty text, or no choice in a multi-select. */
export function isUnanswered(field: Pick<FormField, 'kind'>, value: unknown): boolean {
  return (
    value === undefined ||
    value === '' ||
    (field.kind === 'multiselect' && Array.isArray(value) && value.length === 0)
  );
}

/**
 * The content a UI submits: each field's value by name, in the form's order, with unanswered fields left
 * out. An optional field the person left alone is not sent at all (not `false`, not `[]`); a required one
 * left alone is missing, and core's check says so (`required`).
 */
export function assembleAnswer(
  fields: readonly Pick<FormField, 'name' | 'kind'>[],
  values: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const content: Record<string, unknown> = {};
  for (const field of fields) {
    const value = Object.hasOwn(values, field.name) ? values[field.name] : undefined;
    if (!isUnanswered(field, value))
      Object.defineProperty(content, field.name, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return content;
}

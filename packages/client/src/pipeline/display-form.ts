import { type FormField, sanitizeForDisplay } from '@elicitkit/core';

/** Longest field label or option label shown; longer ones are cut (the UI has a line for each). */
const MAX_LABEL_LENGTH = 200;
/** Longest field description shown. */
const MAX_DESCRIPTION_LENGTH = 2_000;

/**
 * The form model as a UI receives it (E-44): every server text a UI may show (field labels, descriptions,
 * option labels) already through `sanitizeForDisplay`. Field names and option values are not shown: they
 * are the keys and values of the answer and stay exactly as the server wrote them.
 */
export function displayFields(fields: readonly FormField[]): FormField[] {
  return fields.map((field) => ({
    ...field,
    label:
      sanitizeForDisplay(field.label, { maxLength: MAX_LABEL_LENGTH }) ||
      sanitizeForDisplay(field.name, { maxLength: MAX_LABEL_LENGTH }) ||
      '(unnamed field)',
    ...(field.description !== undefined && {
      description: sanitizeForDisplay(field.description, {
        allowNewlines: true,
        maxLength: MAX_DESCRIPTION_LENGTH,
      }),
    }),
    ...(field.options && {
      options: field.options.map((option) => ({
        ...option,
        label: sanitizeForDisplay(option.label, { maxLength: MAX_LABEL_LENGTH }),
      })),
    }),
  }));
}

/**
 * Whether a prefilled value can be shown as it is: a string (or every string of a list) that
 * `sanitizeForDisplay` leaves unchanged. A default carrying escapes or invisible characters is not
 * prefilled, since what the user would see is not what would be sent.
 */
export function isDisplaySafe(value: unknown): boolean {
  if (typeof value === 'string') return sanitizeForDisplay(value) === value;
  if (Array.isArray(value)) return value.every(isDisplaySafe);
  return true;
}

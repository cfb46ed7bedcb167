import {
  type EnumOption,
  type FormField,
  type PrimitiveSchemaDefinition,
  type RequestedSchema,
  sanitizeForDisplay,
} from '@elicitkit/core';

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

/**
 * The requested schema as a UI receives it beside the form model (E-44): the same texts sanitized as in
 * {@link displayFields} (titles, descriptions, option titles, `enumNames`), and the defaults the form does not prefill
 * (`unsafeDefaults`) left out, so that what hands the schema on (a bridge) passes on what the person would be shown.
 * `schema` is core's clean copy: only the subset's keywords, in their shapes.
 */
export function displaySchema(schema: RequestedSchema, unsafeDefaults: readonly string[]): RequestedSchema {
  const properties: Record<string, PrimitiveSchemaDefinition> = {};
  for (const [name, definition] of Object.entries(schema.properties)) {
    const shown: Record<string, unknown> = { ...definition, ...texts(definition) };
    if (unsafeDefaults.includes(name)) delete shown.default;
    if (Array.isArray(shown.oneOf)) shown.oneOf = (shown.oneOf as EnumOption[]).map(optionShown);
    if (Array.isArray(shown.enumNames)) shown.enumNames = (shown.enumNames as string[]).map(label);
    const items = shown.items as { anyOf?: EnumOption[] } | undefined;
    if (items?.anyOf) shown.items = { ...items, anyOf: items.anyOf.map(optionShown) };
    // Defined, not assigned: a field named `__proto__` is a field.
    Object.defineProperty(properties, name, { value: shown, enumerable: true, writable: true });
  }
  return { ...schema, properties };
}

const label = (text: string) => sanitizeForDisplay(text, { maxLength: MAX_LABEL_LENGTH });
const optionShown = (option: EnumOption): EnumOption => ({ ...option, title: label(option.title) });

function texts(definition: { title?: string; description?: string }) {
  return {
    ...(definition.title !== undefined && { title: label(definition.title) }),
    ...(definition.description !== undefined && {
      description: sanitizeForDisplay(definition.description, {
        allowNewlines: true,
        maxLength: MAX_DESCRIPTION_LENGTH,
      }),
    }),
  };
}

import type { FormField, PrimitiveSchemaDefinition, RequestedSchema } from '@elicitkit/core';

/**
 * The requested schema a downstream host is asked, rebuilt from the form model the host pipeline made of what
 * upstream asked (checked against the spec's subset, its texts sanitized): the bridge forwards what elicitkit's
 * checks let through, never upstream's raw schema.
 */
export function schemaOfFields(fields: readonly FormField[]): RequestedSchema {
  const properties: Record<string, PrimitiveSchemaDefinition> = {};
  const required: string[] = [];
  for (const field of fields) {
    // Defined, not assigned: a field named `__proto__` is a field.
    Object.defineProperty(properties, field.name, {
      value: propertyOf(field),
      enumerable: true,
      writable: true,
    });
    if (field.required) required.push(field.name);
  }
  return { type: 'object', properties, ...(required.length > 0 && { required }) };
}

function propertyOf(field: FormField): PrimitiveSchemaDefinition {
  const texts = {
    title: field.label,
    ...(field.description !== undefined && { description: field.description }),
  };
  const c = field.constraints;
  const options = (field.options ?? []).map((option) => ({ const: option.value, title: option.label }));
  const withDefault = <T extends object>(schema: T) =>
    (field.default === undefined
      ? schema
      : { ...schema, default: field.default }) as PrimitiveSchemaDefinition;
  switch (field.kind) {
    case 'boolean':
      return withDefault({ type: 'boolean', ...texts });
    case 'number':
    case 'integer':
      return withDefault({
        type: field.kind,
        ...texts,
        ...(c.minimum !== undefined && { minimum: c.minimum }),
        ...(c.maximum !== undefined && { maximum: c.maximum }),
      });
    case 'select':
      return withDefault({ type: 'string', ...texts, oneOf: options });
    case 'multiselect':
      return withDefault({
        type: 'array',
        ...texts,
        items: { anyOf: options },
        ...(c.minItems !== undefined && { minItems: c.minItems }),
        ...(c.maxItems !== undefined && { maxItems: c.maxItems }),
      });
    default:
      return withDefault({
        type: 'string',
        ...texts,
        ...(c.format !== undefined && { format: c.format }),
        ...(c.minLength !== undefined && { minLength: c.minLength }),
        ...(c.maxLength !== undefined && { maxLength: c.maxLength }),
        ...(c.pattern !== undefined && { pattern: c.pattern }),
      });
  }
}

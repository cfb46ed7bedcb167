import type { EnumOption, PrimitiveSchemaDefinition, RequestedSchema, StringFormat } from '../types.js';
import type { FieldConstraints, FieldKind, FieldOption, FormField } from './form-types.js';

/** Every keyword a field of the subset can carry, read without narrowing the union at each step. */
interface FieldView {
  type: string;
  title?: string;
  description?: string;
  default?: unknown;
  format?: StringFormat;
  enum?: string[];
  enumNames?: string[];
  oneOf?: EnumOption[];
  items?: { enum?: string[]; anyOf?: EnumOption[] };
}

const CONSTRAINT_KEYWORDS = [
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
] as const satisfies ReadonlyArray<keyof FieldConstraints>;

/**
 * The form every UI renders, one field per property in the schema's order (JavaScript's key order: names
 * that look like array indices, such as "2", come first). Expects a schema `validateRequestedSchema`
 * accepted. Labels, descriptions and option labels are the server's text, unsanitized.
 */
export function formModel(schema: RequestedSchema): FormField[] {
  const required = new Set(schema.required);
  const fields: FormField[] = [];
  for (const name of Object.keys(schema.properties)) {
    fields.push(toField(name, schema.properties[name]!, required.has(name)));
  }
  return fields;
}

function toField(name: string, definition: PrimitiveSchemaDefinition, required: boolean): FormField {
  const view = definition as FieldView;
  const options = optionsOf(view);
  const field: FormField = {
    name,
    kind: kindOf(view, options !== undefined),
    label: view.title ?? name,
    required,
    constraints: constraintsOf(definition),
  };
  if (view.description !== undefined) field.description = view.description;
  if (view.default !== undefined) {
    field.default = Array.isArray(view.default)
      ? [...(view.default as string[])]
      : (view.default as FormField['default']);
  }
  if (options !== undefined) field.options = options;
  return field;
}

function kindOf(view: FieldView, hasOptions: boolean): FieldKind {
  switch (view.type) {
    case 'array':
      return 'multiselect';
    case 'number':
    case 'integer':
    case 'boolean':
      return view.type;
    default:
      if (hasOptions) return 'select';
      return view.format ?? 'text';
  }
}

function fromOptions(options: EnumOption[]): FieldOption[] {
  return options.map((option) => ({ value: option.const, label: option.title }));
}

/** Choices in schema order; a legacy `enumNames` entry labels the enum value at the same index. */
function optionsOf(view: FieldView): FieldOption[] | undefined {
  const values = view.type === 'array' ? view.items?.enum : view.enum;
  if (values !== undefined) {
    const labels = view.type === 'array' ? undefined : view.enumNames;
    return values.map((value, index) => ({ value, label: labels?.[index] ?? value }));
  }
  const options = view.type === 'array' ? view.items?.anyOf : view.oneOf;
  return options && fromOptions(options);
}

function constraintsOf(definition: PrimitiveSchemaDefinition): FieldConstraints {
  const source = definition as FieldConstraints;
  const constraints: Record<string, unknown> = {};
  for (const keyword of CONSTRAINT_KEYWORDS) {
    if (source[keyword] !== undefined) constraints[keyword] = source[keyword];
  }
  return constraints as FieldConstraints;
}

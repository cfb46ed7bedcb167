import type { MultiSelectEnumSchema, PrimitiveSchemaDefinition, RequestedSchema } from '@elicitkit/core';

/**
 * What a 2025-06-18 session is sent (`spec/2025-06-18/schema.ts`, `REQUIREMENTS-2025-06-18.md`): the same form,
 * reduced to what that revision reads. Everything dropped is still checked by the server on the answer (the form
 * keeps its full schema), and defaults the wire cannot carry are filled in by the server.
 */

/**
 * A multi-select asked as one yes/no field per option (the revision has no arrays, F-05), put back together from the
 * answer into the list the form asked for: `keys[i]` is the wire field of `values[i]`.
 */
export interface AdaptedMultiSelect {
  field: string;
  keys: readonly string[];
  values: readonly string[];
}

/** A form as one revision reads it. */
export interface RevisionForm {
  requestedSchema: RequestedSchema;
  /** Fields whose `pattern` the wire could not carry: the server alone checks it (F-07). */
  serverChecked: ReadonlySet<string>;
  /** Multi-selects asked as yes/no fields; their counts (`minItems`, `maxItems`) are the server's to check. */
  multiSelects: readonly AdaptedMultiSelect[];
}

// Per schema object, like the compiled forms the schemas come from: a fixed form is reduced once.
const reduced = new WeakMap<RequestedSchema, RevisionForm>();

/** F-05, F-06: the form of `schema` for a 2025-06-18 session (every form can be asked there, adapted). */
export function formFor20250618(schema: RequestedSchema): RevisionForm {
  let form = reduced.get(schema);
  if (!form) {
    form = reduce(schema);
    reduced.set(schema, form);
  }
  return form;
}

function reduce(schema: RequestedSchema): RevisionForm {
  const properties: Record<string, PrimitiveSchemaDefinition> = {};
  const serverChecked = new Set<string>();
  const defaulted = new Set<string>();
  const multiSelects: AdaptedMultiSelect[] = [];
  const taken = new Set(Object.keys(schema.properties));
  const put = (name: string, wire: PrimitiveSchemaDefinition) =>
    Object.defineProperty(properties, name, {
      value: wire,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  for (const [name, property] of Object.entries(schema.properties)) {
    // F-05: no arrays on 2025-06-18: a multi-select is asked as one yes/no field per option instead.
    if (property.type === 'array') {
      const adapted = adaptMultiSelect(name, property, taken);
      for (const [i, key] of adapted.keys.entries()) put(key, adapted.wire[i]!);
      multiSelects.push({ field: name, keys: adapted.keys, values: adapted.values });
      continue;
    }
    const { reduced: wire, patternDropped, defaultDropped } = reduceProperty(property);
    put(name, wire);
    if (patternDropped) serverChecked.add(name);
    if (defaultDropped) defaulted.add(name);
  }
  // F-06: a field whose default the wire cannot carry is not required there: the server fills it in when omitted.
  const required = schema.required?.filter((name) => !defaulted.has(name));
  const kept = required?.filter((name) => !multiSelects.some((m) => m.field === name));
  return {
    requestedSchema: {
      type: 'object',
      properties,
      ...(kept !== undefined && kept.length > 0 && { required: kept }),
    },
    serverChecked,
    multiSelects,
  };
}

/**
 * One yes/no field per option of a multi-select, titled `<field>: <option>` and defaulting to whether the option is in
 * the field's default; keyed `<field>.<n>`, made unique against the form's own names.
 */
function adaptMultiSelect(
  name: string,
  property: MultiSelectEnumSchema,
  taken: Set<string>,
): { keys: string[]; values: string[]; wire: PrimitiveSchemaDefinition[] } {
  const options =
    'anyOf' in property.items
      ? property.items.anyOf.map((option) => ({ value: option.const, title: option.title }))
      : property.items.enum.map((value) => ({ value, title: value }));
  const label = property.title ?? name;
  const chosen = new Set(property.default ?? []);
  const keys: string[] = [];
  const wire: PrimitiveSchemaDefinition[] = [];
  for (const [i, option] of options.entries()) {
    let key = `${name}.${i + 1}`;
    while (taken.has(key)) key = `${key}_`;
    taken.add(key);
    keys.push(key);
    wire.push({
      type: 'boolean',
      title: `${label}: ${option.title}`,
      ...(i === 0 && property.description !== undefined && { description: property.description }),
      default: chosen.has(option.value),
    });
  }
  return { keys, values: options.map((option) => option.value), wire };
}

/**
 * The answer of a 2025-06-18 host in the shape the form asked for: each adapted multi-select's yes/no fields back into
 * its list (the options answered yes, in the form's order). A field none of whose options came back stays unanswered.
 */
export function reassembled(content: Record<string, unknown>, form: RevisionForm): Record<string, unknown> {
  if (form.multiSelects.length === 0) return content;
  const whole: Record<string, unknown> = { ...content };
  for (const { field, keys, values } of form.multiSelects) {
    let answered = false;
    const list: string[] = [];
    for (const [i, key] of keys.entries()) {
      if (!Object.hasOwn(whole, key)) continue;
      answered = true;
      if (whole[key] === true) list.push(values[i]!);
      delete whole[key];
    }
    if (answered) whole[field] = list;
  }
  return whole;
}

/** The keywords of 2025-06-18's four property schemas; anything else is left out. */
function reduceProperty(property: Exclude<PrimitiveSchemaDefinition, MultiSelectEnumSchema>): {
  reduced: PrimitiveSchemaDefinition;
  patternDropped: boolean;
  defaultDropped: boolean;
} {
  const annotations = {
    ...(property.title !== undefined && { title: property.title }),
    ...(property.description !== undefined && { description: property.description }),
  };
  const defaultDropped =
    property.type !== 'boolean' && 'default' in property && property.default !== undefined;
  switch (property.type) {
    case 'boolean':
      return {
        reduced: {
          type: 'boolean',
          ...annotations,
          ...(property.default !== undefined && { default: property.default }),
        },
        patternDropped: false,
        defaultDropped,
      };
    case 'number':
    case 'integer':
      return {
        reduced: {
          type: property.type,
          ...annotations,
          ...(property.minimum !== undefined && { minimum: property.minimum }),
          ...(property.maximum !== undefined && { maximum: property.maximum }),
        },
        patternDropped: false,
        defaultDropped,
      };
  }
  if ('oneOf' in property) {
    // F-06: a titled single-select is `enum` + `enumNames` on 2025-06-18.
    return {
      reduced: {
        type: 'string',
        ...annotations,
        enum: property.oneOf.map((option) => option.const),
        enumNames: property.oneOf.map((option) => option.title),
      },
      patternDropped: false,
      defaultDropped,
    };
  }
  if ('enum' in property) {
    const names = 'enumNames' in property ? property.enumNames : undefined;
    return {
      reduced: {
        type: 'string',
        ...annotations,
        enum: property.enum,
        ...(names !== undefined && { enumNames: names }),
      },
      patternDropped: false,
      defaultDropped,
    };
  }
  return {
    reduced: {
      type: 'string',
      ...annotations,
      ...(property.minLength !== undefined && { minLength: property.minLength }),
      ...(property.maxLength !== undefined && { maxLength: property.maxLength }),
      ...(property.format !== undefined && { format: property.format }),
    },
    patternDropped: property.pattern !== undefined,
    defaultDropped,
  };
}

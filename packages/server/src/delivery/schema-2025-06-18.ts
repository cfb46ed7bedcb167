import type { MultiSelectEnumSchema, PrimitiveSchemaDefinition, RequestedSchema } from '@elicitkit/core';

/**
 * What a 2025-06-18 session is sent (`spec/2025-06-18/schema.ts`, `REQUIREMENTS-2025-06-18.md`): the same form,
 * reduced to what that revision reads. Everything dropped is still checked by the server on the answer (the form
 * keeps its full schema), and defaults the wire cannot carry are filled in by the server.
 */

/** A form as one revision reads it, or why it cannot be asked there. */
export type RevisionForm =
  | {
      ok: true;
      requestedSchema: RequestedSchema;
      /** Fields whose `pattern` the wire could not carry: the server alone checks it (F-07). */
      serverChecked: ReadonlySet<string>;
    }
  | { ok: false; field: string };

// Per schema object, like the compiled forms the schemas come from: a fixed form is reduced once.
const reduced = new WeakMap<RequestedSchema, RevisionForm>();

/** F-05, F-06: the form of `schema` for a 2025-06-18 session. */
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
  for (const [name, property] of Object.entries(schema.properties)) {
    // F-05: no arrays on 2025-06-18: a multi-select cannot be asked at all.
    if (property.type === 'array') return { ok: false, field: name };
    const { reduced: wire, patternDropped, defaultDropped } = reduceProperty(property);
    Object.defineProperty(properties, name, {
      value: wire,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    if (patternDropped) serverChecked.add(name);
    if (defaultDropped) defaulted.add(name);
  }
  // F-06: a field whose default the wire cannot carry is not required there: the server fills it in when omitted.
  const required = schema.required?.filter((name) => !defaulted.has(name));
  return {
    ok: true,
    requestedSchema: {
      type: 'object',
      properties,
      ...(required !== undefined && required.length > 0 && { required }),
    },
    serverChecked,
  };
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

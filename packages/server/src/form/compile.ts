import type { RequestedSchema, SchemaIssue } from '@elicitkit/core';
import { validateRequestedSchema } from '@elicitkit/core';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { invalidSchemaError, type SensitiveFieldFinding } from '../errors.js';
import { fieldSpec, isField } from './fields.js';
import type { FieldShape, FormSchema } from './infer.js';
import { findLinksInSchema, type LinkFinding } from './links.js';
import { type AnswerReader, answerReader } from './read-answer.js';
import { findFreeInputFields, findSensitiveFields } from './sensitive.js';
import { isStandardFormSchema, standardToRequestedSchema } from './standard.js';

/**
 * A form schema, whatever way it was written, checked once and reduced to what the wire needs. Compiling
 * costs a core check and two text scans; results are remembered per schema object, so a schema defined
 * once (a module constant, a zod object) is checked once. Schemas are read as immutable: build a new one
 * rather than mutating one already used.
 */
export interface CompiledForm {
  readonly requestedSchema: RequestedSchema;
  /** The author's Standard Schema, run on answers after core's check. */
  readonly standard: StandardSchemaV1 | undefined;
  /** E-01 findings left after the builders' `.notSecret()` opt-outs. */
  readonly secretFindings: readonly SensitiveFieldFinding[];
  /** Fields a secret could be typed into, left after the `.notSecret()` opt-outs (for the message check). */
  readonly freeInputFields: readonly string[];
  /** E-47 findings in titles, descriptions and option titles. */
  readonly links: readonly LinkFinding[];
  /** E-60: reads a client's result with this form. */
  readonly readResult: AnswerReader;
}

const NO_FIELDS: ReadonlySet<string> = new Set();

// Weak: a schema built per call is collected with its compiled form (bounded memory, unlike a compile cache).
const compiled = new WeakMap<object, CompiledForm>();

export function compileForm(schema: FormSchema): CompiledForm {
  let form = compiled.get(schema);
  if (!form) {
    form = compile(schema);
    compiled.set(schema, form);
  }
  return form;
}

function compile(schema: FormSchema): CompiledForm {
  let input: unknown;
  let standard: StandardSchemaV1 | undefined;
  let optedOut: ReadonlySet<string> = NO_FIELDS;
  if (isStandardFormSchema(schema)) {
    standard = schema;
    try {
      input = standardToRequestedSchema(schema);
    } catch (error) {
      throw invalidSchemaError(
        [
          {
            path: [],
            code: 'unsupported-keyword',
            message: `cannot convert to JSON Schema: ${String(error)}`,
          },
        ],
        { cause: error },
      );
    }
  } else if (
    typeof schema === 'object' &&
    schema !== null &&
    (schema as { type?: unknown }).type === 'object'
  ) {
    input = schema;
  } else {
    ({ input, optedOut } = fromShape(schema as FieldShape));
  }
  // E-12: the spec's subset and size limits, checked before anything can be sent
  const checked = validateRequestedSchema(input);
  if (!checked.ok) throw invalidSchemaError(checked.issues);
  const requestedSchema = checked.schema;
  return {
    requestedSchema,
    standard,
    secretFindings: withoutOptedOut(
      findSensitiveFields(requestedSchema),
      optedOut,
      (finding) => finding.field,
    ),
    freeInputFields: withoutOptedOut(findFreeInputFields(requestedSchema), optedOut, (field) => field),
    links: findLinksInSchema(requestedSchema),
    readResult: answerReader(requestedSchema, standard),
  };
}

/** `.notSecret()` fields are not findings (most forms have none: the list is kept as it is). */
function withoutOptedOut<T>(items: T[], optedOut: ReadonlySet<string>, fieldOf: (item: T) => string): T[] {
  return optedOut.size === 0 ? items : items.filter((item) => !optedOut.has(fieldOf(item)));
}

function fromShape(shape: FieldShape): { input: unknown; optedOut: Set<string> } {
  if (typeof shape !== 'object' || shape === null || Array.isArray(shape)) {
    throw invalidSchemaError([
      notAForm([], 'a form is an object of fields, a Standard Schema or a requested schema'),
    ]);
  }
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  const optedOut = new Set<string>();
  const issues: SchemaIssue[] = [];
  for (const [name, field] of Object.entries(shape)) {
    if (!isField(field)) {
      issues.push(notAForm(['properties', name], 'not a field: use text(), integer(), choice(), …'));
      continue;
    }
    const spec = fieldSpec(field);
    // Defined, not assigned: a field named `__proto__` is a field (core reads names as data).
    Object.defineProperty(properties, name, {
      value: spec.schema,
      enumerable: true,
      writable: true,
      configurable: true,
    });
    // A field with a default is not required on the wire: an omitted answer gets the default (E-13, on every revision).
    if (spec.required && spec.schema.default === undefined) required.push(name);
    if (spec.notSecret) optedOut.add(name);
  }
  if (issues.length > 0) throw invalidSchemaError(issues);
  return { input: { type: 'object', properties, ...(required.length > 0 && { required }) }, optedOut };
}

function notAForm(path: SchemaIssue['path'], message: string): SchemaIssue {
  return { path, code: 'not-an-object', message };
}

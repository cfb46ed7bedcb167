import type { ElicitContent, IssuePath } from '@elicitkit/core';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { AnswerIssue } from '../errors.js';
import type { StandardFormSchema } from './infer.js';

/**
 * Standard Schema support (zod 4, valibot, arktype, … with Standard JSON Schema): the library's JSON Schema
 * becomes the requested schema, and the library's own `validate` runs on answers after core's check, so
 * refinements and transforms apply.
 */

export function isStandardFormSchema(value: unknown): value is StandardFormSchema {
  if (typeof value !== 'object' && typeof value !== 'function') return false;
  const props = (value as { '~standard'?: { validate?: unknown; jsonSchema?: unknown } } | null)?.[
    '~standard'
  ];
  return typeof props === 'object' && props !== null && typeof props.validate === 'function';
}

/**
 * The input-side JSON Schema (what the user fills in: a field with a default is not required), reshaped
 * into the spec's subset where libraries spell the same thing differently. Anything that still falls
 * outside the subset is left for core to name.
 */
export function standardToRequestedSchema(schema: StandardFormSchema): Record<string, unknown> {
  const converter = schema['~standard'].jsonSchema as
    | StandardFormSchema['~standard']['jsonSchema']
    | undefined;
  if (typeof converter?.input !== 'function') {
    throw new TypeError(
      `this ${schema['~standard'].vendor} schema has no Standard JSON Schema converter (~standard.jsonSchema)`,
    );
  }
  const { additionalProperties: _closed, ...root } = converter.input({ target: 'draft-2020-12' });
  const properties = root.properties;
  if (typeof properties !== 'object' || properties === null) return root;
  const reshaped: Record<string, unknown> = {};
  for (const [name, definition] of Object.entries(properties)) reshaped[name] = reshapeProperty(definition);
  return { ...root, properties: reshaped };
}

type Json = Record<string, unknown>;

function reshapeProperty(input: unknown): unknown {
  if (typeof input !== 'object' || input === null) return input;
  let property = { ...(input as Json) };
  // `z.union([z.literal('a').meta({ title: 'A' }), …])` → the spec's titled single-select.
  const options = constOptions(property.anyOf) ?? constOptions(property.oneOf);
  if (options) {
    const { anyOf: _a, oneOf: _o, ...rest } = property;
    property = { ...rest, type: 'string', oneOf: options };
  }
  // `z.literal('x')` → a one-value enum.
  if (typeof property.const === 'string') {
    const { const: only, ...rest } = property;
    property = { ...rest, type: 'string', enum: [only] };
  }
  if (property.type === 'array' && typeof property.items === 'object' && property.items !== null) {
    const items = property.items as Json;
    const titled = constOptions(items.anyOf) ?? constOptions(items.oneOf);
    if (titled) property = { ...property, items: { anyOf: titled } };
  }
  // A `format` says it better than the library's regex for it; the library's validate still runs.
  if (typeof property.format === 'string' && typeof property.pattern === 'string') delete property.pattern;
  // `z.int()` states the safe-integer range, which is no limit a person needs to see.
  if (property.minimum === Number.MIN_SAFE_INTEGER) delete property.minimum;
  if (property.maximum === Number.MAX_SAFE_INTEGER) delete property.maximum;
  return property;
}

function constOptions(list: unknown): Array<{ const: string; title: string }> | undefined {
  if (!Array.isArray(list) || list.length === 0) return undefined;
  const options: Array<{ const: string; title: string }> = [];
  for (const option of list) {
    if (typeof option !== 'object' || option === null) return undefined;
    const { const: value, title } = option as Json;
    if (typeof value !== 'string') return undefined;
    options.push({ const: value, title: typeof title === 'string' ? title : value });
  }
  return options;
}

/** Runs the library's own validation on an answer core already accepted. */
export async function validateWithStandard(
  schema: StandardSchemaV1,
  content: ElicitContent,
): Promise<{ ok: true; value: unknown } | { ok: false; issues: AnswerIssue[] }> {
  const result = await schema['~standard'].validate(content);
  if (!result.issues) return { ok: true, value: result.value };
  return {
    ok: false,
    issues: result.issues.map((issue) => ({
      path: issuePath(issue.path),
      code: 'custom',
      message: issue.message,
    })),
  };
}

/** Standard Schema's path in core's form: the same list of keys, symbols (never in JSON answers) as text. */
function issuePath(path: StandardSchemaV1.Issue['path']): IssuePath {
  if (!path) return [];
  return path.map((segment) => {
    const key = typeof segment === 'object' ? segment.key : segment;
    return typeof key === 'symbol' ? String(key) : key;
  });
}

import type { SchemaIssue } from '../issues.js';
import { DEFAULT_LIMITS, type Limits } from '../limits.js';
import type { PrimitiveSchemaDefinition, RequestedSchema } from '../types.js';
import { type CheckContext, checkString, report } from './check-context.js';
import { checkField } from './field-checks.js';
import { isJsonObject, previewValue, setOwn } from './json-object.js';
import { isAnnotation, ROOT_KEYWORDS, refusalMessage } from './keywords.js';
import { exceedsJsonSize } from './schema-size.js';

/** Options of {@link validateRequestedSchema}. */
export interface ValidateRequestedSchemaOptions {
  limits?: Partial<Limits>;
}

/** The result of {@link validateRequestedSchema}: a clean copy of the schema, or every issue found. */
export type RequestedSchemaValidation =
  | { ok: true; schema: RequestedSchema }
  | { ok: false; issues: SchemaIssue[] };

/**
 * Checks a `requestedSchema` against the subset MCP allows (E-12), with one issue per problem, each at a
 * path (`['properties', 'age', 'minimum']`). On success `schema` is a clean copy: only the subset's keywords
 * (annotations such as `$comment` or `x-*` dropped), safe to send on the wire or to render.
 *
 * Property names are data: `__proto__` or `constructor` are fields like any other. In the copy they are own
 * properties of `properties`; read it with `Object.hasOwn`, never with `in`.
 */
export function validateRequestedSchema(
  input: unknown,
  options?: ValidateRequestedSchemaOptions,
): RequestedSchemaValidation {
  const limits: Readonly<Limits> = options?.limits
    ? { ...DEFAULT_LIMITS, ...options.limits }
    : DEFAULT_LIMITS;
  const context: CheckContext = { limits, issues: [] };
  if (!isJsonObject(input)) {
    report(context, [], 'not-an-object', `requestedSchema must be a JSON object, not ${previewValue(input)}`);
    return { ok: false, issues: context.issues };
  }
  if (exceedsJsonSize(input, limits.maxSchemaSize)) {
    report(
      context,
      [],
      'limit-exceeded',
      `requestedSchema is larger than ${limits.maxSchemaSize} characters as JSON`,
    );
    return { ok: false, issues: context.issues };
  }
  // E-12: a flat object of primitive properties, nothing outside the subset
  const schema = checkRoot(context, input);
  return schema !== undefined && context.issues.length === 0
    ? { ok: true, schema }
    : { ok: false, issues: context.issues };
}

function checkRoot(context: CheckContext, input: Record<string, unknown>): RequestedSchema | undefined {
  for (const keyword of Object.keys(input)) {
    if (ROOT_KEYWORDS.has(keyword) || isAnnotation(keyword)) continue;
    report(
      context,
      [keyword],
      'unsupported-keyword',
      refusalMessage(keyword, 'the root of a requested schema'),
    );
  }
  if (input.type !== 'object' || !Object.hasOwn(input, 'type')) {
    report(
      context,
      ['type'],
      'root-not-object',
      `the root type must be "object", not ${previewValue(input.type)}`,
    );
  }
  if (Object.hasOwn(input, 'additionalProperties') && input.additionalProperties !== false) {
    report(
      context,
      ['additionalProperties'],
      'unsupported-keyword',
      'additionalProperties can only be false: answers never carry fields the schema does not name',
    );
  }
  for (const keyword of ['title', 'description', '$schema']) {
    if (Object.hasOwn(input, keyword)) checkString(context, input[keyword], [keyword], keyword);
  }
  const properties = checkProperties(context, input);
  const required = checkRequired(context, input, properties);
  if (properties === undefined) return undefined;
  const schema: RequestedSchema =
    typeof input.$schema === 'string'
      ? { $schema: input.$schema, type: 'object', properties }
      : { type: 'object', properties };
  if (required !== undefined) schema.required = required;
  return schema;
}

function checkProperties(
  context: CheckContext,
  input: Record<string, unknown>,
): Record<string, PrimitiveSchemaDefinition> | undefined {
  if (!Object.hasOwn(input, 'properties')) {
    report(context, ['properties'], 'missing-properties', 'a requested schema needs a properties object');
    return undefined;
  }
  const definitions = input.properties;
  if (!isJsonObject(definitions)) {
    report(
      context,
      ['properties'],
      'invalid-keyword-value',
      `properties must be a JSON object, not ${previewValue(definitions)}`,
    );
    return undefined;
  }
  const names = Object.keys(definitions);
  if (names.length > context.limits.maxProperties) {
    report(
      context,
      ['properties'],
      'limit-exceeded',
      `${names.length} properties; the limit is ${context.limits.maxProperties}`,
    );
    return undefined;
  }
  // Made without a prototype, then given Object's: engines keep such an object as a hash table. Names are
  // data and often new (a schema built per call), and adding unseen names to a `{}` makes V8 create and
  // look up a hidden class per name, which cost more than checking the fields.
  const properties = Object.create(null) as Record<string, PrimitiveSchemaDefinition>;
  let complete = true;
  for (const name of names) {
    const path = ['properties', name];
    if (checkString(context, name, path, 'a property name') === undefined) {
      complete = false;
      continue;
    }
    const field = checkField(context, definitions[name], path);
    if (field === undefined) complete = false;
    else setOwn(properties, name, field);
  }
  return complete ? Object.setPrototypeOf(properties, Object.prototype) : undefined;
}

/** `required`: distinct names of properties the schema defines. */
function checkRequired(
  context: CheckContext,
  input: Record<string, unknown>,
  properties: Record<string, PrimitiveSchemaDefinition> | undefined,
): string[] | undefined {
  if (!Object.hasOwn(input, 'required')) return undefined;
  const required = input.required;
  if (!Array.isArray(required)) {
    report(
      context,
      ['required'],
      'invalid-keyword-value',
      `required must be an array of property names, not ${previewValue(required)}`,
    );
    return undefined;
  }
  const definitions = isJsonObject(input.properties) ? input.properties : undefined;
  const seen = new Set<string>();
  for (const [index, name] of required.entries()) {
    const path = ['required', index];
    if (typeof name !== 'string') {
      report(
        context,
        path,
        'invalid-keyword-value',
        `required lists property names, not ${previewValue(name)}`,
      );
    } else if (seen.has(name)) {
      report(context, path, 'invalid-keyword-value', `required lists ${previewValue(name)} more than once`);
    } else if (definitions !== undefined && !Object.hasOwn(definitions, name)) {
      report(
        context,
        path,
        'unknown-required',
        `required names ${previewValue(name)}, which is not in properties`,
      );
    } else {
      seen.add(name);
    }
  }
  return properties !== undefined ? [...seen] : undefined;
}

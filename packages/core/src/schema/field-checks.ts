import { checkValue } from '../content/check-value.js';
import type { IssuePath } from '../issues.js';
import { compilePattern } from '../regex/safe-pattern.js';
import type {
  BooleanSchema,
  NumberSchema,
  PrimitiveSchemaDefinition,
  StringFormat,
  StringSchema,
} from '../types.js';
import {
  type CheckContext,
  checkKeywords,
  checkRange,
  checkString,
  optionalCount,
  optionalNumber,
  optionalString,
  report,
} from './check-context.js';
import { checkMultiSelect, checkSingleSelect } from './enum-checks.js';
import { isJsonObject, ownValue, previewValue } from './json-object.js';
import { BOOLEAN_KEYWORDS, NUMBER_KEYWORDS, STRING_KEYWORDS } from './keywords.js';

const FORMATS: ReadonlySet<string> = new Set<StringFormat>(['email', 'uri', 'date', 'date-time']);
const TYPES = 'string, number, integer, boolean or array (multi-select)';

type Annotations = { title?: string; description?: string };

function checkAnnotations(
  context: CheckContext,
  definition: Record<string, unknown>,
  path: IssuePath,
): Annotations {
  const title = optionalString(context, definition, 'title', path);
  const description = optionalString(context, definition, 'description', path);
  return { ...(title !== undefined && { title }), ...(description !== undefined && { description }) };
}

/**
 * One property definition of a requested schema: checked against the subset, and returned as a clean copy
 * holding only the subset's keywords (annotations dropped), or undefined when it has issues.
 */
export function checkField(
  context: CheckContext,
  definition: unknown,
  path: IssuePath,
): PrimitiveSchemaDefinition | undefined {
  if (!isJsonObject(definition)) {
    report(
      context,
      path,
      'not-an-object',
      `a property definition must be a JSON object, not ${previewValue(definition)}`,
    );
    return undefined;
  }
  const before = context.issues.length;
  const type = ownValue(definition, 'type');
  let field: PrimitiveSchemaDefinition | undefined;
  if (type === 'string') {
    const annotations = checkAnnotations(context, definition, path);
    const isSelect = Object.hasOwn(definition, 'enum') || Object.hasOwn(definition, 'oneOf');
    field = isSelect
      ? checkSingleSelect(context, definition, path, annotations)
      : checkText(context, definition, path, annotations);
  } else if (type === 'number' || type === 'integer') {
    field = checkNumber(context, definition, path, type, checkAnnotations(context, definition, path));
  } else if (type === 'boolean') {
    checkKeywords(context, definition, BOOLEAN_KEYWORDS, path, 'a boolean field');
    field = { type, ...checkAnnotations(context, definition, path) } satisfies BooleanSchema;
  } else if (type === 'array') {
    field = checkMultiSelect(context, definition, path, checkAnnotations(context, definition, path));
  } else if (type === 'object') {
    report(
      context,
      [...path, 'type'],
      'nested-object',
      'nested objects are not supported: a requested schema is flat',
    );
  } else if (type === undefined) {
    report(context, [...path, 'type'], 'unsupported-type', `type is missing; it must be ${TYPES}`);
  } else {
    report(
      context,
      [...path, 'type'],
      'unsupported-type',
      `type ${previewValue(type)} is not supported; it must be ${TYPES}`,
    );
  }
  if (field === undefined || context.issues.length > before) return undefined;
  return withDefault(context, definition, field, path);
}

/** The field with its `default`, if it has one that passes the field's own rules. */
function withDefault(
  context: CheckContext,
  definition: Record<string, unknown>,
  field: PrimitiveSchemaDefinition,
  path: IssuePath,
): PrimitiveSchemaDefinition | undefined {
  if (!Object.hasOwn(definition, 'default')) return field;
  const value = definition.default;
  if (
    typeof value === 'string' &&
    checkString(context, value, [...path, 'default'], 'default') === undefined
  ) {
    return undefined;
  }
  const problem = checkValue(field, value, ['default'], context.limits.maxAnswerLength);
  if (problem !== undefined) {
    report(
      context,
      [...path, ...problem.path],
      'invalid-default',
      `the default ${previewValue(value)} ${problem.message}`,
    );
    return undefined;
  }
  return { ...field, default: Array.isArray(value) ? [...value] : value } as PrimitiveSchemaDefinition;
}

function checkText(
  context: CheckContext,
  definition: Record<string, unknown>,
  path: IssuePath,
  annotations: Annotations,
): StringSchema | undefined {
  checkKeywords(context, definition, STRING_KEYWORDS, path, 'a text field');
  const minLength = optionalCount(context, definition, 'minLength', path);
  const maxLength = optionalCount(context, definition, 'maxLength', path);
  checkRange(context, minLength, maxLength, path, 'minLength', 'maxLength');
  const pattern = checkPattern(context, definition, path, minLength, maxLength);
  let format: StringFormat | undefined;
  if (Object.hasOwn(definition, 'format')) {
    const value = definition.format;
    if (typeof value === 'string' && FORMATS.has(value)) format = value as StringFormat;
    else
      report(
        context,
        [...path, 'format'],
        'unknown-format',
        `format ${previewValue(value)} is not one of email, uri, date, date-time`,
      );
  }
  return {
    type: 'string',
    ...annotations,
    ...(minLength !== undefined && { minLength }),
    ...(maxLength !== undefined && { maxLength }),
    ...(pattern !== undefined && { pattern }),
    ...(format !== undefined && { format }),
  };
}

/**
 * A `pattern`: a valid ECMAScript regular expression (Unicode mode) that the linear-time engine can run
 * within its step budget for the longest answer the field allows.
 */
function checkPattern(
  context: CheckContext,
  definition: Record<string, unknown>,
  path: IssuePath,
  minLength: number | undefined,
  maxLength: number | undefined,
): string | undefined {
  if (!Object.hasOwn(definition, 'pattern')) return undefined;
  const at = [...path, 'pattern'];
  const pattern = definition.pattern;
  if (typeof pattern !== 'string') {
    report(context, at, 'invalid-keyword-value', `pattern must be a string, not ${previewValue(pattern)}`);
    return undefined;
  }
  if (pattern.length > context.limits.maxPatternLength) {
    report(
      context,
      at,
      'limit-exceeded',
      `pattern is ${pattern.length} characters long; the limit is ${context.limits.maxPatternLength}`,
    );
    return undefined;
  }
  const compiled = compilePattern(pattern);
  if (!compiled.ok) {
    const what =
      compiled.code === 'invalid-pattern' ? 'is not a valid regular expression' : 'cannot be run safely';
    report(context, at, compiled.code, `pattern ${previewValue(pattern)} ${what}: ${compiled.reason}`);
    return undefined;
  }
  // Without maxLength, answers are capped at what the pattern can check; an explicit bound must fit.
  const longest = compiled.pattern.maxInputLength;
  const asked = Math.max(maxLength ?? 0, minLength ?? 0);
  if (asked > longest) {
    report(
      context,
      at,
      'unsafe-pattern',
      `pattern ${previewValue(pattern)} is too complex to check answers of ${asked} characters in bounded time; ` +
        `it can check answers of up to ${longest} characters (set maxLength to at most that)`,
    );
    return undefined;
  }
  return pattern;
}

function checkNumber(
  context: CheckContext,
  definition: Record<string, unknown>,
  path: IssuePath,
  type: 'number' | 'integer',
  annotations: Annotations,
): NumberSchema {
  checkKeywords(
    context,
    definition,
    NUMBER_KEYWORDS,
    path,
    type === 'integer' ? 'an integer field' : 'a number field',
  );
  const minimum = optionalNumber(context, definition, 'minimum', path);
  const maximum = optionalNumber(context, definition, 'maximum', path);
  checkRange(context, minimum, maximum, path, 'minimum', 'maximum');
  return {
    type,
    ...annotations,
    ...(minimum !== undefined && { minimum }),
    ...(maximum !== undefined && { maximum }),
  };
}

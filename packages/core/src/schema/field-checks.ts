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
import { checkMultiSelect, checkSingleSelect, type FieldCopy } from './enum-checks.js';
import { isJsonObject, ownValue, previewValue } from './json-object.js';
import { BOOLEAN_KEYWORDS, NUMBER_KEYWORDS, STRING_KEYWORDS } from './keywords.js';

const FORMATS: ReadonlySet<string> = new Set<StringFormat>(['email', 'uri', 'date', 'date-time']);
const TYPES = 'string, number, integer, boolean or array (multi-select)';

/**
 * The start of a field's clean copy: `type`, then the checked `title` and `description`. The checks below
 * add their keywords to it in the copy's order (assigned, not spread: a schema may be new on every call).
 */
function fieldStart(
  context: CheckContext,
  definition: Record<string, unknown>,
  path: IssuePath,
  type: string,
): FieldCopy {
  const field: FieldCopy = { type };
  const title = optionalString(context, definition, 'title', path);
  if (title !== undefined) field.title = title;
  const description = optionalString(context, definition, 'description', path);
  if (description !== undefined) field.description = description;
  return field;
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
    const start = fieldStart(context, definition, path, type);
    const isSelect = Object.hasOwn(definition, 'enum') || Object.hasOwn(definition, 'oneOf');
    field = isSelect
      ? checkSingleSelect(context, definition, path, start)
      : checkText(context, definition, path, start);
  } else if (type === 'number' || type === 'integer') {
    field = checkNumber(context, definition, path, type, fieldStart(context, definition, path, type));
  } else if (type === 'boolean') {
    checkKeywords(context, definition, BOOLEAN_KEYWORDS, path, 'a boolean field');
    field = fieldStart(context, definition, path, type) as BooleanSchema;
  } else if (type === 'array') {
    field = checkMultiSelect(context, definition, path, fieldStart(context, definition, path, type));
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
  // `field` is this check's own fresh copy: the default goes last, as the copy's keyword order has it.
  (field as unknown as FieldCopy).default = Array.isArray(value) ? [...value] : value;
  return field;
}

function checkText(
  context: CheckContext,
  definition: Record<string, unknown>,
  path: IssuePath,
  field: FieldCopy,
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
  if (minLength !== undefined) field.minLength = minLength;
  if (maxLength !== undefined) field.maxLength = maxLength;
  if (pattern !== undefined) field.pattern = pattern;
  if (format !== undefined) field.format = format;
  return field as StringSchema;
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
  field: FieldCopy,
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
  if (minimum !== undefined) field.minimum = minimum;
  if (maximum !== undefined) field.maximum = maximum;
  return field as NumberSchema;
}

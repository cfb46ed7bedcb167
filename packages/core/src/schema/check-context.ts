import type { IssuePath, SchemaIssue, SchemaIssueCode } from '../issues.js';
import type { Limits } from '../limits.js';
import { previewValue } from './json-object.js';
import { isAnnotation, refusalMessage } from './keywords.js';

/** What every schema check shares: the limits in force and the issues found so far. */
export interface CheckContext {
  readonly limits: Readonly<Limits>;
  readonly issues: SchemaIssue[];
}

export function report(context: CheckContext, path: IssuePath, code: SchemaIssueCode, message: string): void {
  context.issues.push({ path, code, message });
}

/** Refuses every keyword of `definition` that is neither in `allowed` nor an annotation. */
export function checkKeywords(
  context: CheckContext,
  definition: Record<string, unknown>,
  allowed: ReadonlySet<string>,
  path: IssuePath,
  fieldKind: string,
): void {
  for (const keyword of Object.keys(definition)) {
    if (allowed.has(keyword) || isAnnotation(keyword)) continue;
    report(context, [...path, keyword], 'unsupported-keyword', refusalMessage(keyword, fieldKind));
  }
}

/** A string within `maxSchemaStringLength`, or undefined after reporting why not. */
export function checkString(
  context: CheckContext,
  value: unknown,
  path: IssuePath,
  what: string,
): string | undefined {
  if (typeof value !== 'string') {
    report(context, path, 'invalid-keyword-value', `${what} must be a string, not ${previewValue(value)}`);
    return undefined;
  }
  if (value.length > context.limits.maxSchemaStringLength) {
    report(
      context,
      path,
      'limit-exceeded',
      `${what} is ${value.length} characters long; the limit is ${context.limits.maxSchemaStringLength}`,
    );
    return undefined;
  }
  return value;
}

/**
 * {@link checkString} for the value at `path` + `key`; the path is only built for an issue (most values
 * pass, and a fresh schema per call is checked on every call).
 */
export function checkStringAt(
  context: CheckContext,
  value: unknown,
  path: IssuePath,
  key: string | number,
  what: string,
): string | undefined {
  if (typeof value === 'string' && value.length <= context.limits.maxSchemaStringLength) return value;
  return checkString(context, value, [...path, key], what);
}

/** An optional string keyword (title, description, …) of `definition`. */
export function optionalString(
  context: CheckContext,
  definition: Record<string, unknown>,
  keyword: string,
  path: IssuePath,
): string | undefined {
  if (!Object.hasOwn(definition, keyword)) return undefined;
  return checkStringAt(context, definition[keyword], path, keyword, keyword);
}

/** An optional non-negative integer keyword (minLength, maxItems, …) of `definition`. */
export function optionalCount(
  context: CheckContext,
  definition: Record<string, unknown>,
  keyword: string,
  path: IssuePath,
): number | undefined {
  if (!Object.hasOwn(definition, keyword)) return undefined;
  const value = definition[keyword];
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  report(
    context,
    [...path, keyword],
    'invalid-keyword-value',
    `${keyword} must be a non-negative integer, not ${previewValue(value)}`,
  );
  return undefined;
}

/** An optional finite number keyword (minimum, maximum) of `definition`. */
export function optionalNumber(
  context: CheckContext,
  definition: Record<string, unknown>,
  keyword: string,
  path: IssuePath,
): number | undefined {
  if (!Object.hasOwn(definition, keyword)) return undefined;
  const value = definition[keyword];
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  report(
    context,
    [...path, keyword],
    'invalid-keyword-value',
    `${keyword} must be a finite number, not ${previewValue(value)}`,
  );
  return undefined;
}

/** Reports `low > high` as an inverted range at `path.lowKeyword`. */
export function checkRange(
  context: CheckContext,
  low: number | undefined,
  high: number | undefined,
  path: IssuePath,
  lowKeyword: string,
  highKeyword: string,
): void {
  if (low !== undefined && high !== undefined && low > high) {
    report(
      context,
      [...path, lowKeyword],
      'inverted-range',
      `${lowKeyword} ${low} is greater than ${highKeyword} ${high}`,
    );
  }
}

import type { ContentIssue } from '../issues.js';
import { DEFAULT_LIMITS, type Limits } from '../limits.js';
import { isJsonObject, setOwn } from '../schema/json-object.js';
import type { ElicitContent, RequestedSchema } from '../types.js';
import { checkValue } from './check-value.js';

/** Options of {@link validateContent}. */
export interface ValidateContentOptions {
  /** What to do with answer properties the schema does not name: refuse them (default) or drop them. */
  unknownProperties?: 'reject' | 'strip';
  limits?: Partial<Limits>;
}

/** The result of {@link validateContent}: the clean answer, or every issue found. */
export type ContentValidation = { ok: true; value: ElicitContent } | { ok: false; issues: ContentIssue[] };

function append(issues: ContentIssue[] | undefined, issue: ContentIssue): ContentIssue[] {
  if (issues === undefined) return [issue];
  issues.push(issue);
  return issues;
}

function isPresent(content: Record<string, unknown>, name: string): boolean {
  return Object.hasOwn(content, name) && content[name] !== undefined;
}

/**
 * Checks an `accept` answer against the requested schema it answers (E-59 on the client before sending,
 * E-60 on the server on receipt). `decline` and `cancel` carry no content and never come here.
 *
 * The schema is read directly, every time: nothing is compiled or kept per schema, so a schema seen once
 * costs a few hundred nanoseconds and leaves nothing behind. (Patterns are the one exception: compiled
 * RE2 programs live in a fixed-size cache, see `PATTERN_CACHE_SIZE`.) Each field reports its first
 * problem; `value` is `content` itself when nothing had to be stripped.
 */
export function validateContent(
  schema: RequestedSchema,
  content: unknown,
  options?: ValidateContentOptions,
): ContentValidation {
  if (!isJsonObject(content)) {
    return {
      ok: false,
      issues: [{ path: [], code: 'not-an-object', message: 'the answer must be a JSON object' }],
    };
  }
  // E-59, E-60: every answer is checked against the requested schema it answers
  const maxAnswerLength = options?.limits?.maxAnswerLength ?? DEFAULT_LIMITS.maxAnswerLength;
  const properties = schema.properties;
  let issues: ContentIssue[] | undefined;
  if (schema.required !== undefined) {
    for (const name of schema.required) {
      if (!isPresent(content, name))
        issues = append(issues, { path: [name], code: 'required', message: 'is required' });
    }
  }
  // Object.keys, not for-in: measured 2.5× faster on V8 for the answer-sized objects seen here.
  const names = Object.keys(properties);
  let known = 0;
  for (let index = 0; index < names.length; index++) {
    const name = names[index]!;
    if (!Object.hasOwn(content, name)) continue;
    known++;
    const value = content[name];
    if (value === undefined) continue;
    const problem = checkValue(properties[name]!, value, [name], maxAnswerLength);
    if (problem !== undefined) issues = append(issues, problem);
  }
  const given = Object.keys(content);
  const strip = options?.unknownProperties === 'strip';
  if (given.length > known && !strip) {
    for (const name of given) {
      if (!Object.hasOwn(properties, name)) {
        issues = append(issues, {
          path: [name],
          code: 'unknown-property',
          message: 'is not a field of the requested schema',
        });
      }
    }
  }
  if (issues !== undefined) return { ok: false, issues };
  if (given.length === known) return { ok: true, value: content as ElicitContent };
  const kept: Record<string, unknown> = {};
  for (const name of given) if (Object.hasOwn(properties, name)) setOwn(kept, name, content[name]);
  return { ok: true, value: kept as ElicitContent };
}

/**
 * The problems with one field's value, for feedback while the user types (E-59): `[]` when the value is
 * fine. `undefined` stands for "not answered", which is a problem only for a required field.
 */
export function validateField(schema: RequestedSchema, name: string, value: unknown): ContentIssue[] {
  if (!Object.hasOwn(schema.properties, name)) {
    return [{ path: [name], code: 'unknown-property', message: 'is not a field of the requested schema' }];
  }
  if (value === undefined) {
    return schema.required?.includes(name)
      ? [{ path: [name], code: 'required', message: 'is required' }]
      : [];
  }
  const problem = checkValue(schema.properties[name]!, value, [name], DEFAULT_LIMITS.maxAnswerLength);
  return problem === undefined ? [] : [problem];
}

import { formatIssuePath, type SchemaIssue, validateRequestedSchema } from '@elicitkit/core';
import { expect } from 'vitest';

/** Test helpers for the requested-schema tests. */

export const root = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties,
  ...extra,
});

export function issuesOf(input: unknown): SchemaIssue[] {
  const result = validateRequestedSchema(input);
  if (result.ok) throw new Error(`expected issues, got a valid schema: ${JSON.stringify(input)}`);
  return result.issues;
}

/** The one issue a schema with a single fault must produce. */
export function onlyIssue(input: unknown): { path: string; code: SchemaIssue['code'] } {
  const issues = issuesOf(input);
  expect(issues, JSON.stringify(issues)).toHaveLength(1);
  const [issue] = issues;
  expect(issue!.message.length).toBeGreaterThan(10);
  return { path: formatIssuePath(issue!.path), code: issue!.code };
}

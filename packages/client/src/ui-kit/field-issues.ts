import type { IssuePath } from '@elicitkit/core';

/**
 * The issues about field `name`. Core's answer paths start with the field's name as one key
 * (`['tags', 1]` for the second choice of `tags`), so a field named `tag.x` never gets `tag`'s issues.
 */
export function issuesFor<I extends { path: IssuePath }>(
  issues: readonly I[] | undefined,
  name: string,
): I[] {
  return (issues ?? []).filter((issue) => issue.path[0] === name);
}

import { loadEngine } from '#pattern-engine';

/**
 * Resolves once the synchronous checks (`validateRequestedSchema`, `validateContent`, `validateField`) can
 * run `schema`'s patterns: at once when it has none, or outside browsers, where the engine is always
 * loaded. In browsers the pattern engine is fetched on demand, so a page without patterns never loads it.
 * Without `schema`, loads the engine regardless (a preload).
 */
export function loadPatternEngine(schema?: unknown): Promise<void> {
  if (schema !== undefined && !mentionsPattern(schema)) return Promise.resolve();
  return loadEngine();
}

/** Any `"pattern"` key anywhere: a false positive only loads the engine early. */
function mentionsPattern(schema: unknown): boolean {
  try {
    return JSON.stringify(schema).includes('"pattern"');
  } catch {
    return true;
  }
}

import { patternEngine } from '#pattern-engine';
import { BoundedCache } from './bounded-cache.js';
import type { PatternCompilation } from './pattern-limits.js';

export {
  DFA_MEMORY,
  MAX_COMPILE_WORK,
  MAX_PROGRAM_SIZE,
  PATTERN_STEP_BUDGET,
  type PatternCompilation,
  type SafePattern,
} from './pattern-limits.js';

/**
 * Compiled patterns are kept in a cache of `PATTERN_CACHE_SIZE` entries keyed by pattern text (refusals
 * included), so a pattern checked once at schema time is not compiled again for every answer. It is the
 * only state validation keeps; its size is fixed (second-chance eviction), so 10 000 distinct schemas leave
 * no more behind than 32. Each entry holds one RE2 program and its lazily built DFA states (re2js caps
 * those at an estimated 8 MB per program; typical patterns use a few kB).
 */
export const PATTERN_CACHE_SIZE = 32;

const cache = new BoundedCache<PatternCompilation>(PATTERN_CACHE_SIZE);

/** Compiles a JSON Schema `pattern` for safe evaluation, or says why it cannot be run safely. */
export function compilePattern(pattern: string): PatternCompilation {
  let compiled = cache.get(pattern);
  if (compiled === undefined) {
    compiled = patternEngine().compile(pattern);
    cache.set(pattern, compiled);
  }
  return compiled;
}

import { RE2JS } from 're2js';
import { BoundedCache } from './bounded-cache.js';
import { translatePattern } from './ecma-pattern.js';

/**
 * Server patterns are untrusted (issue 2, item 6): a backtracking engine can take hours on `^(a+)+$`.
 * They run on RE2 (re2js: pure JavaScript, works in browsers), whose time is linear in the input, at most
 * about `cost × length` steps where `cost` is the compiled program's size. Two bounds keep that below
 * 100 ms on any input a field allows:
 *
 * - `MAX_PROGRAM_SIZE` caps the program (and its compile time, a few ms at the cap);
 * - `PATTERN_STEP_BUDGET` caps `cost × input length`. Measured on re2js 2.10, one step takes 0.2–1.5 ns
 *   plus ~55 ns per character of fixed overhead, so the budget stays near 30 ms even for adversarial
 *   input, with headroom for slower machines and browsers. A schema whose pattern cannot stay within
 *   the budget for its longest allowed answer is refused up front; an answer longer than the pattern
 *   can afford is refused at check time, never run.
 */
export const PATTERN_STEP_BUDGET = 20_000_000;
export const MAX_PROGRAM_SIZE = 5_000;

/**
 * Compiled patterns are kept in a cache of `PATTERN_CACHE_SIZE` entries keyed by pattern text (refusals
 * included), so a pattern checked once at schema time is not compiled again for every answer. It is the
 * only state validation keeps; its size is fixed (second-chance eviction), so 10 000 distinct schemas leave
 * no more behind than 32. Each entry holds one RE2 program and its lazily built DFA states (re2js caps
 * those at an estimated 8 MB per program; typical patterns use a few kB).
 */
export const PATTERN_CACHE_SIZE = 32;

export interface SafePattern {
  /** Same answer as ECMAScript `new RegExp(pattern, 'u').test(input)`, in linear time. */
  test(input: string): boolean;
  /** Program size: a test costs at most about `cost × input length` steps. */
  readonly cost: number;
  /** The longest input (in code points) this pattern may run on within `PATTERN_STEP_BUDGET`. */
  readonly maxInputLength: number;
}

export type PatternCompilation =
  | { ok: true; pattern: SafePattern }
  | { ok: false; code: 'invalid-pattern' | 'unsafe-pattern'; reason: string };

class Re2Pattern implements SafePattern {
  readonly maxInputLength: number;

  constructor(
    private readonly program: RE2JS,
    private readonly wholeInput: boolean,
    readonly cost: number,
  ) {
    this.maxInputLength = Math.floor(PATTERN_STEP_BUDGET / cost);
  }

  test(input: string): boolean {
    return this.wholeInput ? this.program.testExact(input) : this.program.test(input);
  }
}

function compile(pattern: string): PatternCompilation {
  const translation = translatePattern(pattern);
  if (!translation.ok) return translation;
  if (translation.estimatedSize > MAX_PROGRAM_SIZE) {
    return {
      ok: false,
      code: 'unsafe-pattern',
      reason: `it expands to about ${translation.estimatedSize} instructions (limit ${MAX_PROGRAM_SIZE}); use smaller repetition counts`,
    };
  }
  let program: RE2JS;
  try {
    program = RE2JS.compile(translation.source);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    const hint = detail.includes('\\p{') ? ' (scripts go by their long names, e.g. \\p{Script=Greek})' : '';
    return {
      ok: false,
      code: 'unsafe-pattern',
      reason: `the linear-time engine cannot run it: ${detail}${hint}`,
    };
  }
  const cost = Math.max(program.programSize(), 1);
  if (cost > MAX_PROGRAM_SIZE) {
    return {
      ok: false,
      code: 'unsafe-pattern',
      reason: `it compiles to ${cost} instructions (limit ${MAX_PROGRAM_SIZE}); use smaller repetition counts`,
    };
  }
  return { ok: true, pattern: new Re2Pattern(program, translation.wholeInput, cost) };
}

const cache = new BoundedCache<PatternCompilation>(PATTERN_CACHE_SIZE);

/** Compiles a JSON Schema `pattern` for safe evaluation, or says why it cannot be run safely. */
export function compilePattern(pattern: string): PatternCompilation {
  let compiled = cache.get(pattern);
  if (compiled === undefined) {
    compiled = compile(pattern);
    cache.set(pattern, compiled);
  }
  return compiled;
}

import { RE2JS } from 're2js';
import { BoundedCache } from './bounded-cache.js';
import { translatePattern } from './ecma-pattern.js';

/**
 * Server patterns are untrusted (issue 2, item 6): a backtracking engine can take hours on `^(a+)+$`.
 * They run on RE2 (re2js: pure JavaScript, works in browsers), whose time is linear in the input:
 * re2js first tries a lazily built DFA (tens of ns per character) and, when the DFA's state cache
 * overflows, falls back to an NFA that visits every live instruction per character. Measured on re2js
 * 2.10 (bench/core/validate.ts prints the figures) the fallback costs 30-80 ns per character and
 * instruction once the JIT is warm, and a thrashing DFA wastes work in proportion to its cache. So:
 *
 * - `MAX_PROGRAM_SIZE` caps the compiled program (instructions, counted repetitions expanded);
 * - `MAX_COMPILE_WORK` caps the code point ranges compiled over all copies (`\p{L}` alone is ~650),
 *   which compile time and the DFA's set-up grow with;
 * - `DFA_MEMORY` shrinks the DFA cache from re2js's 8 MB, so a thrashing DFA gives up early;
 * - `PATTERN_STEP_BUDGET` caps `answer length × program size`: a pattern runs only on answers within
 *   it, about 30 ms at worst when warm. That allows 250 000 / size characters: 10 000 to 60 000 for
 *   typical patterns (4 to 25 instructions). Answers to a pattern field are capped there (`too-long`),
 *   and a schema whose `maxLength` asks for more is refused.
 */
export const PATTERN_STEP_BUDGET = 250_000;
export const MAX_PROGRAM_SIZE = 5_000;
export const MAX_COMPILE_WORK = 400_000;
export const DFA_MEMORY = 64 * 1024;

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
  /** Compiled program size: matching work per input character (see `PATTERN_STEP_BUDGET`). */
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

/** Shrinks re2js's lazy DFA cache from 8 MB to `DFA_MEMORY` (fields typed in re2js's declarations). */
function limitDfaMemory(program: RE2JS): void {
  const dfa = program.re2().dfa;
  if (typeof dfa.stateBudget !== 'number' || typeof dfa.memBudget !== 'number') return;
  dfa.maxMem = DFA_MEMORY;
  dfa.stateBudget = DFA_MEMORY;
  dfa.memBudget = DFA_MEMORY;
}

function refuse(reason: string): PatternCompilation {
  return { ok: false, code: 'unsafe-pattern', reason };
}

function compile(pattern: string): PatternCompilation {
  const translation = translatePattern(pattern);
  if (!translation.ok) return translation;
  if (translation.estimatedSize > MAX_PROGRAM_SIZE) {
    return refuse(
      `it expands to about ${translation.estimatedSize} instructions (limit ${MAX_PROGRAM_SIZE}); use smaller repetition counts`,
    );
  }
  if (translation.estimatedWork > MAX_COMPILE_WORK) {
    return refuse(
      `its character classes expand to about ${translation.estimatedWork} code point ranges (limit ${MAX_COMPILE_WORK}); ` +
        'use fewer or smaller classes, or smaller repetition counts',
    );
  }
  let program: RE2JS;
  try {
    program = RE2JS.compile(translation.source);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    const hint = detail.includes('\\p{') ? ' (scripts go by their long names, e.g. \\p{Script=Greek})' : '';
    return refuse(`the linear-time engine cannot run it: ${detail}${hint}`);
  }
  const size = Math.max(program.programSize(), 1);
  if (size > MAX_PROGRAM_SIZE) {
    return refuse(
      `it compiles to ${size} instructions (limit ${MAX_PROGRAM_SIZE}); use smaller repetition counts`,
    );
  }
  limitDfaMemory(program);
  return { ok: true, pattern: new Re2Pattern(program, translation.wholeInput, size) };
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

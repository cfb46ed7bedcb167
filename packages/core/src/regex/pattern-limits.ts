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

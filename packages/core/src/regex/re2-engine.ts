import { RE2JS } from 're2js';
import { translatePattern } from './ecma-pattern.js';
import {
  DFA_MEMORY,
  MAX_COMPILE_WORK,
  MAX_PROGRAM_SIZE,
  PATTERN_STEP_BUDGET,
  type PatternCompilation,
  type SafePattern,
} from './pattern-limits.js';
import { SimplePattern } from './simple-pattern.js';

// The pattern engine proper: the ECMAScript-to-RE2 translation and re2js. Browsers load it on demand
// (see pattern-engine-lazy.ts), since it is most of core's weight and most schemas have no pattern.

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

function tooManyInstructions(size: number): PatternCompilation {
  return refuse(
    `it compiles to ${size} instructions (limit ${MAX_PROGRAM_SIZE}); use smaller repetition counts`,
  );
}

export function compile(pattern: string): PatternCompilation {
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
  if (translation.simple !== undefined) {
    // The common shapes run without RE2, at the size RE2 would compile them to (see simple-pattern.ts).
    const size = Math.max(translation.simple.size, 1);
    if (size > MAX_PROGRAM_SIZE) return tooManyInstructions(size);
    return { ok: true, pattern: new SimplePattern(translation.simple) };
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
  if (size > MAX_PROGRAM_SIZE) return tooManyInstructions(size);
  limitDfaMemory(program);
  return { ok: true, pattern: new Re2Pattern(program, translation.wholeInput, size) };
}

import { PATTERN_STEP_BUDGET, type SafePattern } from './pattern-limits.js';
import type { Ranges } from './re2-syntax.js';

/**
 * Most schema patterns are a few sets of characters in a row, each repeated a bounded or unbounded number
 * of times, maybe anchored, maybe a few such alternatives: `^[A-Za-z][A-Za-z .-]*$`, `^\d{5}$`,
 * `^[a-z0-9_]{3,16}$|^admin$`. Those run here, on a bit-parallel position automaton (one bit per
 * position, so the work per character is fixed and the match linear), without compiling an RE2 program,
 * which costs tens of microseconds and most of a one-shot validation. Everything else goes to RE2.
 *
 * A pattern taken here answers as RE2 would (and so as ECMAScript's `RegExp(pattern, 'u').test` does) and
 * costs what RE2 would: `size` is the size of the program RE2 compiles for it, found by RE2's own rules
 * for these shapes, so the step budget, `maxInputLength` and every refusal stay exactly as they were. The
 * shapes are limited to those where the rules are simple; tests compare both against RE2 and ECMAScript.
 */

/** What {@link simpleProgram} reads of a parsed term (ecma-pattern.ts's `Term`). */
export interface SimpleTermShape {
  anchor?: 'start' | 'end';
  /** One code point from this set, repeated `min` to `max` (maybe Infinity) times. */
  set?: Ranges;
  min?: number;
  max?: number;
}

interface Alternative {
  anchoredStart: boolean;
  anchoredEnd: boolean;
  /** The bit of the state after the last position: reaching it is a match. */
  accept: number;
  /** Positions that may be skipped (optional copies, `x*`). */
  optional: number;
  /** Positions that may match again (the last copy of an unbounded repeat). */
  loop: number;
  /** For each ASCII code point, the positions whose set holds it; made when first needed (see `test`). */
  ascii: number[] | undefined;
  /** Each repeated set as flat `[from, to, …]` ranges, with its positions, for the other code points. */
  sets: Array<{ ranges: number[]; positions: number }>;
}

/** A pattern {@link simpleProgram} took: its alternatives and the size RE2 would compile it to. */
export interface SimpleProgram {
  readonly size: number;
  readonly alternatives: readonly Alternative[];
}

/** One bit per position in a 32-bit state, with one bit left for the match. */
const MAX_POSITIONS = 30;
const MAX_ALTERNATIVES = 8;

/** Instructions RE2 compiles `x{min,max}` of one code point set to (x* and x+ are 2, x{2,5} is 8). */
function repeatSize(min: number, max: number): number {
  if (max === Number.POSITIVE_INFINITY) return min === 0 ? 2 : min + 1;
  return min === max ? min : min + 2 * (max - min);
}

/** A term's repeat counts: a lone atom carries none and is `{1,1}`. */
function countsOf(term: SimpleTermShape): [min: number, max: number] {
  return [term.min ?? 1, term.max ?? 1];
}

function sameTerm(a: SimpleTermShape, b: SimpleTermShape): boolean {
  if (a.anchor !== undefined || b.anchor !== undefined) return a.anchor === b.anchor;
  const [aMin, aMax] = countsOf(a);
  const [bMin, bMax] = countsOf(b);
  if (aMin !== bMin || aMax !== bMax || a.set!.length !== b.set!.length) return false;
  return a.set!.every(([from, to], i) => from === b.set![i]![0] && to === b.set![i]![1]);
}

function isSimpleAlternative(terms: readonly SimpleTermShape[]): boolean {
  return terms.every((term, index) => {
    if (term.anchor === 'start') return index === 0;
    if (term.anchor === 'end') return index === terms.length - 1;
    return term.set !== undefined && countsOf(term)[1] !== 0;
  });
}

/**
 * The pattern (its alternatives' terms, as parsed) as a {@link SimpleProgram}, or undefined when it has
 * another shape: a group, `\b`, `\p{…}`, an anchor inside, too many positions or alternatives, or
 * alternatives RE2 would rewrite (factor a common start, merge single characters into a class), whose
 * program size would then follow rules this file does not reproduce.
 */
export function simpleProgram(
  alternatives: readonly (readonly SimpleTermShape[])[],
): SimpleProgram | undefined {
  if (alternatives.length > MAX_ALTERNATIVES || !alternatives.every(isSimpleAlternative)) return undefined;
  if (alternatives.length > 1) {
    if (alternatives.some((terms) => terms.length === 0)) return undefined;
    for (const [index, terms] of alternatives.entries()) {
      const [min, max] = countsOf(terms[0]!);
      if (terms.length === 1 && terms[0]!.set !== undefined && min === 1 && max === 1) return undefined;
      for (const other of alternatives.slice(index + 1)) if (sameTerm(terms[0]!, other[0]!)) return undefined;
    }
  }
  const built: Alternative[] = [];
  for (const terms of alternatives) {
    const alternative = positionsOf(terms);
    if (alternative === undefined) return undefined;
    built.push(alternative);
  }
  return { size: programSize(alternatives), alternatives: built };
}

/** RE2's program size: a fail and a match instruction, plus the body (ecma-pattern.ts's `toProgram` source). */
function programSize(alternatives: readonly (readonly SimpleTermShape[])[]): number {
  const sizeOf = (terms: readonly SimpleTermShape[]) => {
    let size = 0;
    for (const term of terms) size += term.anchor !== undefined ? 1 : repeatSize(...countsOf(term));
    return size;
  };
  const terms = alternatives[0]!;
  if (alternatives.length === 1 && terms[0]?.anchor === 'start') {
    // Run as a whole-input match: `^` dropped, and `$` dropped or `[^]*` (2 instructions) added.
    const endsAnchored = terms.length > 1 && terms[terms.length - 1]!.anchor === 'end';
    const inner = sizeOf(terms.slice(1, endsAnchored ? -1 : undefined)) + (endsAnchored ? 0 : 2);
    return 2 + Math.max(inner, 1);
  }
  let body = alternatives.length - 1;
  for (const alternative of alternatives) body += Math.max(sizeOf(alternative), 1);
  return 2 + body;
}

function positionsOf(terms: readonly SimpleTermShape[]): Alternative | undefined {
  let count = 0;
  let optional = 0;
  let loop = 0;
  const sets: Alternative['sets'] = [];
  for (const term of terms) {
    if (term.anchor !== undefined) continue;
    const [min, max] = countsOf(term);
    const unbounded = max === Number.POSITIVE_INFINITY;
    // x{2,4} is x x x? x?; x{2,} is x x+ (the last copy loops); x* is one optional, looping copy.
    const copies = unbounded ? Math.max(min, 1) : max;
    if (count + copies > MAX_POSITIONS) return undefined;
    let positions = 0;
    for (let copy = 0; copy < copies; copy++) {
      const bit = 1 << (count + copy);
      positions |= bit;
      if (copy >= min) optional |= bit;
    }
    if (unbounded) loop |= 1 << (count + copies - 1);
    count += copies;
    const ranges: number[] = [];
    for (const [from, to] of term.set!) ranges.push(from, to);
    sets.push({ ranges, positions });
  }
  return {
    anchoredStart: terms[0]?.anchor === 'start',
    anchoredEnd: terms.length > 0 && terms[terms.length - 1]!.anchor === 'end',
    accept: 1 << count,
    optional,
    loop,
    ascii: undefined,
    sets,
  };
}

/** For each ASCII code point, the positions whose set holds it. */
function asciiTable(sets: Alternative['sets']): number[] {
  const ascii: number[] = new Array(128).fill(0);
  for (const { ranges, positions } of sets) {
    for (let i = 0; i < ranges.length && ranges[i]! < 128; i += 2) {
      const last = Math.min(ranges[i + 1]!, 127);
      for (let code = ranges[i]!; code <= last; code++) ascii[code] = ascii[code]! | positions;
    }
  }
  return ascii;
}

function positionsHolding(sets: Alternative['sets'], codePoint: number): number {
  let positions = 0;
  for (const { ranges, positions: bits } of sets) {
    for (let i = 0; i < ranges.length && ranges[i]! <= codePoint; i += 2) {
      if (codePoint <= ranges[i + 1]!) {
        positions |= bits;
        break;
      }
    }
  }
  return positions;
}

/** The positions reachable from `state` by skipping optional ones. */
function skipOptional(state: number, optional: number): number {
  for (;;) {
    const next = state | ((state & optional) << 1);
    if (next === state) return state;
    state = next;
  }
}

/** A {@link SimpleProgram} run as a {@link SafePattern}. */
export class SimplePattern implements SafePattern {
  readonly cost: number;
  readonly maxInputLength: number;
  private readonly states: number[];
  /** Inputs tested so far: the ASCII tables are made from the second on (a pattern seen once skips them). */
  private tests = 0;

  constructor(private readonly program: SimpleProgram) {
    this.cost = Math.max(program.size, 1);
    this.maxInputLength = Math.floor(PATTERN_STEP_BUDGET / this.cost);
    this.states = new Array(program.alternatives.length).fill(0);
  }

  test(input: string): boolean {
    const { alternatives } = this.program;
    if (++this.tests === 2)
      for (const alternative of alternatives) alternative.ascii = asciiTable(alternative.sets);
    const states = this.states;
    states.fill(1);
    for (let index = 0; ; ) {
      // Where each alternative stands before the next code point; a match ends here if it reaches accept.
      for (let a = 0; a < alternatives.length; a++) {
        const alternative = alternatives[a]!;
        // Unanchored, a match may start at every code point (an ECMAScript test is a search).
        const state = skipOptional(
          alternative.anchoredStart ? states[a]! : states[a]! | 1,
          alternative.optional,
        );
        if ((state & alternative.accept) !== 0 && (!alternative.anchoredEnd || index === input.length)) {
          return true;
        }
        states[a] = state;
      }
      if (index >= input.length) return false;
      // Unicode mode reads code points: a surrogate pair is one, a lone surrogate is itself.
      let codePoint = input.charCodeAt(index++);
      if (codePoint >= 0xd800 && codePoint <= 0xdbff && index < input.length) {
        const low = input.charCodeAt(index);
        if (low >= 0xdc00 && low <= 0xdfff) {
          codePoint = 0x10000 + ((codePoint - 0xd800) << 10) + (low - 0xdc00);
          index++;
        }
      }
      let alive = false;
      for (let a = 0; a < alternatives.length; a++) {
        const alternative = alternatives[a]!;
        const ascii = alternative.ascii;
        const holding =
          codePoint < 128 && ascii !== undefined
            ? ascii[codePoint]!
            : positionsHolding(alternative.sets, codePoint);
        const matched = states[a]! & holding;
        const state = (matched << 1) | (matched & alternative.loop);
        states[a] = state;
        if (state !== 0 || !alternative.anchoredStart) alive = true;
      }
      if (!alive) return false;
    }
  }
}

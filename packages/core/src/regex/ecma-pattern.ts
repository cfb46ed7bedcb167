import { PatternScanner, PatternSyntaxError } from './pattern-scanner.js';
import { ANY, classAtom, complement, DOT, LINE_TERMINATORS, literal, type Ranges } from './re2-syntax.js';
import { type SimpleProgram, simpleProgram } from './simple-pattern.js';

/**
 * Reads a JSON Schema `pattern` the way JSON Schema says to (2020-12 Validation §6.3.3: an ECMA-262
 * regular expression), in Unicode mode as Ajv and browsers run it (`new RegExp(pattern, 'u')`), following
 * the grammar of ECMA-262 2024 §22.2.1 with [UnicodeMode]. It writes the same language in RE2 syntax so that
 * a linear-time engine can run it. Constructs that need backtracking (backreferences, lookaround) have no
 * RE2 equivalent and are reported as unsupported; anything the grammar refuses is reported as invalid.
 */
export type PatternTranslation =
  | {
      ok: true;
      /** RE2 syntax. */
      source: string;
      /** `source` must match the whole input (the pattern was `^…` at top level), not just a part of it. */
      wholeInput: boolean;
      /** Upper estimate of the compiled program's size, with counted repetitions expanded. */
      estimatedSize: number;
      /** Estimate of RE2's compile work: code point ranges over all expanded copies, plus table lookups. */
      estimatedWork: number;
      /** The pattern as sets and counts, when its shape lets simple-pattern.ts run it without RE2. */
      simple?: SimpleProgram;
    }
  | { ok: false; code: 'invalid-pattern' | 'unsafe-pattern'; reason: string };

/** Deeper nesting than this is refused: no real pattern needs it, and the parser recurses per group. */
export const MAX_GROUP_DEPTH = 100;
/** RE2's limit for `{n,m}` counts. */
const MAX_REPEAT = 1000;
/** Compile work of one textual `\p{…}`: RE2 builds its ranges from tables each time. */
const PROPERTY_LOOKUP_WORK = 3000;

/** Parsing stops at once for this one: the parser recurses per group, so depth must stay bounded. */
class PatternTooDeepError extends Error {}

export interface Term {
  source: string;
  /** Instructions. */
  size: number;
  /** Code point ranges to compile. */
  work: number;
  anchor?: 'start' | 'end';
  /** For one code point repeated `min` to `max` times (a literal, class, escape or `.`): the code points. */
  set?: Ranges;
  min?: number;
  max?: number;
}

const NOT_LINE_TERMINATOR = complement(LINE_TERMINATORS);

const LOOKAROUNDS = [
  ['(?=', 'lookahead'],
  ['(?!', 'lookahead'],
  ['(?<=', 'lookbehind'],
  ['(?<!', 'lookbehind'],
] as const;

const BACKTRACKING = 'need a backtracking engine, which could run for hours on a crafted answer';

class Translator extends PatternScanner {
  private depth = 0;
  private groupCount = 0;
  private readonly groupNames = new Set<string>();
  private readonly namedReferences: string[] = [];
  private largestNumberedReference = 0;

  translate(): PatternTranslation {
    const alternatives = this.disjunction();
    if (this.pos < this.text.length) this.fail(`unmatched ")" at offset ${this.pos}`);
    if (this.largestNumberedReference > this.groupCount) {
      this.fail(`backreference \\${this.largestNumberedReference} names a group that does not exist`);
    }
    for (const name of this.namedReferences) {
      if (!this.groupNames.has(name))
        this.fail(`backreference \\k<${name}> names a group that does not exist`);
    }
    if (this.unsupported !== undefined)
      return { ok: false, code: 'unsafe-pattern', reason: this.unsupported };
    return toProgram(alternatives, this.propertyCount * PROPERTY_LOOKUP_WORK);
  }

  private disjunction(): Term[][] {
    const alternatives = [this.alternative()];
    while (this.eat('|')) alternatives.push(this.alternative());
    return alternatives;
  }

  private alternative(): Term[] {
    const terms: Term[] = [];
    while (this.pos < this.text.length && this.peek() !== '|' && this.peek() !== ')') terms.push(this.term());
    return terms;
  }

  private term(): Term {
    const assertion = this.assertion();
    if (assertion === undefined) return this.quantified(this.atom());
    // §22.2.1: in Unicode mode no assertion takes a quantifier.
    if (this.atQuantifier()) this.fail(`nothing to repeat at offset ${this.pos}`);
    return assertion;
  }

  private assertion(): Term | undefined {
    const char = this.peek();
    if (char === '^') return this.take(1, { source: '^', size: 1, work: 0, anchor: 'start' });
    if (char === '$') return this.take(1, { source: '$', size: 1, work: 0, anchor: 'end' });
    if (char === '\\' && (this.peek(1) === 'b' || this.peek(1) === 'B')) {
      // \b and \B use ECMAScript's IsWordChar (§22.2.2.9.4): [A-Za-z0-9_] without the i flag, as RE2's do.
      return this.take(2, { source: `\\${this.peek(1)}`, size: 1, work: 0 });
    }
    for (const [opening, kind] of LOOKAROUNDS) {
      if (this.eat(opening)) {
        this.markUnsupported(`${kind}s such as ${opening}…) ${BACKTRACKING}`);
        this.group();
        return { source: '', size: 1, work: 0 };
      }
    }
    return undefined;
  }

  private atQuantifier(): boolean {
    const char = this.peek();
    return char === '*' || char === '+' || char === '?' || char === '{';
  }

  private atom(): Term {
    const char = this.peek();
    switch (char) {
      case '.':
        return this.take(1, { source: DOT, size: 1, work: 4, set: NOT_LINE_TERMINATOR });
      case '(':
        return this.parenthesized();
      case '[': {
        const piece = this.characterClass();
        return {
          source: piece.source,
          size: 1,
          work: piece.weight,
          ...(piece.ranges && { set: piece.ranges }),
        };
      }
      case '\\':
        this.pos++;
        return this.atomEscape();
      case '*':
      case '+':
      case '?':
        return this.fail(`nothing to repeat at offset ${this.pos}`);
      case '{':
      case '}':
      case ']':
        // §22.2.1 PatternCharacter excludes SyntaxCharacter: Unicode mode has no lone brackets.
        return this.fail(`lone "${char}" at offset ${this.pos} (escape it as \\${char})`);
      default: {
        const codePoint = this.nextCodePoint();
        return { source: literal(codePoint), size: 1, work: 1, set: [[codePoint, codePoint]] };
      }
    }
  }

  private parenthesized(): Term {
    const start = this.pos;
    this.pos++;
    if (this.eat('?')) {
      if (this.eat(':')) return this.group();
      if (!this.eat('<')) this.fail(`invalid group at offset ${start}`);
      const name = this.groupName();
      if (this.groupNames.has(name)) this.fail(`duplicate group name "${name}"`);
      this.groupNames.add(name);
    }
    this.groupCount++;
    // Captures never matter to a yes/no match, so every group is written as a non-capturing one.
    return this.group();
  }

  /** The rest of a group after its opening, up to and including `)`. */
  private group(): Term {
    if (++this.depth > MAX_GROUP_DEPTH)
      throw new PatternTooDeepError(`groups nest deeper than ${MAX_GROUP_DEPTH} levels`);
    const alternatives = this.disjunction();
    if (!this.eat(')')) this.fail('missing ")"');
    this.depth--;
    return {
      source: `(?:${joinAlternatives(alternatives)})`,
      size: sum(alternatives, 'size'),
      work: sum(alternatives, 'work'),
    };
  }

  private quantified(atom: Term): Term {
    const char = this.peek();
    let min: number;
    let max: number;
    let source: string;
    if (char === '*' || char === '+' || char === '?') {
      this.pos++;
      [min, max, source] =
        char === '*' ? [0, Infinity, '*'] : char === '+' ? [1, Infinity, '+'] : [0, 1, '?'];
    } else if (char === '{') {
      [min, max] = this.braceQuantifier();
      source = max === min ? `{${min}}` : max === Infinity ? `{${min},}` : `{${min},${max}}`;
      if (Math.max(min, max === Infinity ? 0 : max) > MAX_REPEAT) {
        this.markUnsupported(`repetition counts above ${MAX_REPEAT} are not supported`);
      }
    } else {
      return atom;
    }
    if (this.eat('?')) source += '?';
    // RE2 expands {n,m} into m copies of the atom; unbounded forms need one more.
    const copies = max === Infinity ? Math.max(min, 1) + 1 : Math.max(max, 1);
    const term: Term = {
      source: `${atom.source}${source}`,
      size: atom.size * copies + 1,
      work: atom.work * copies,
    };
    if (atom.set !== undefined) {
      term.set = atom.set;
      term.min = min;
      term.max = max;
    }
    return term;
  }

  private braceQuantifier(): [number, number] {
    const start = this.pos;
    this.pos++;
    const min = this.decimalDigits();
    let max = min;
    if (this.eat(',')) max = this.peek() === '}' ? Infinity : this.decimalDigits();
    if (Number.isNaN(min) || Number.isNaN(max) || !this.eat('}'))
      this.fail(`incomplete quantifier at offset ${start}`);
    if (min > max) this.fail(`numbers out of order in {} quantifier at offset ${start}`);
    return [min, max];
  }

  /** §22.2.1 AtomEscape, after the backslash. */
  private atomEscape(): Term {
    const char = this.peek();
    if (char === undefined) this.fail('\\ at end of pattern');
    if (char === 'k') {
      this.pos++;
      if (!this.eat('<')) this.fail('invalid named reference');
      this.namedReferences.push(this.groupName());
      this.markUnsupported(`backreferences such as \\k<name> ${BACKTRACKING}`);
      return { source: '', size: 1, work: 0 };
    }
    if (char >= '1' && char <= '9') {
      const number = this.decimalDigits();
      this.largestNumberedReference = Math.max(this.largestNumberedReference, number);
      this.markUnsupported(`backreferences such as \\${number} ${BACKTRACKING}`);
      return { source: '', size: 1, work: 0 };
    }
    const piece = this.classEscape();
    if (piece !== undefined) {
      const source = classAtom(piece.source, false);
      return { source, size: 1, work: piece.weight, ...(piece.ranges && { set: piece.ranges }) };
    }
    const codePoint = this.characterEscape();
    return { source: literal(codePoint), size: 1, work: 1, set: [[codePoint, codePoint]] };
  }
}

function joinAlternatives(alternatives: Term[][]): string {
  return alternatives.map((terms) => terms.map((term) => term.source).join('')).join('|');
}

function sum(alternatives: Term[][], key: 'size' | 'work'): number {
  let total = key === 'size' ? alternatives.length - 1 : 0;
  for (const terms of alternatives) for (const term of terms) total += term[key];
  return total;
}

/**
 * The RE2 program for a parsed pattern. A pattern of one alternative that starts with `^` is run as a
 * whole-input match without it (and with `$` dropped or `.*` appended): the same language, and it keeps
 * RE2 on its fast DFA instead of its slower one-pass matcher.
 */
function toProgram(alternatives: Term[][], lookupWork: number): PatternTranslation {
  const estimatedSize = sum(alternatives, 'size');
  const estimatedWork = sum(alternatives, 'work') + lookupWork;
  const simple = simpleProgram(alternatives);
  const extra = simple && { simple };
  const terms = alternatives[0]!;
  if (alternatives.length === 1 && terms[0]?.anchor === 'start') {
    const endsAnchored = terms.length > 1 && terms[terms.length - 1]!.anchor === 'end';
    const inner = terms.slice(1, endsAnchored ? -1 : undefined).map((term) => term.source);
    const source = endsAnchored ? inner.join('') : `${inner.join('')}${ANY}*`;
    return { ok: true, source, wholeInput: true, estimatedSize, estimatedWork, ...extra };
  }
  return {
    ok: true,
    source: joinAlternatives(alternatives),
    wholeInput: false,
    estimatedSize,
    estimatedWork,
    ...extra,
  };
}

/** Translates an ECMAScript Unicode-mode pattern to RE2 syntax, or says why it cannot. */
export function translatePattern(pattern: string): PatternTranslation {
  try {
    return new Translator(pattern).translate();
  } catch (error) {
    if (error instanceof PatternSyntaxError)
      return { ok: false, code: 'invalid-pattern', reason: error.message };
    if (error instanceof PatternTooDeepError)
      return { ok: false, code: 'unsafe-pattern', reason: error.message };
    throw error;
  }
}

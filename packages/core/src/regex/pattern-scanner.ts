import {
  classAtom,
  codePointEscape,
  complement,
  NOT_WHITE_SPACE_BODY,
  normalizeRanges,
  type Ranges,
  unicodePropertyBody,
  WHITE_SPACE,
  WHITE_SPACE_BODY,
} from './re2-syntax.js';

/**
 * The lexical half of reading an ECMAScript Unicode-mode pattern (ECMA-262 2024 §22.2.1 with
 * [UnicodeMode]): escapes, character classes, group names. Each piece comes back as RE2 syntax with a
 * `weight`, the number of code point ranges it compiles to, which is what RE2's compile time and
 * per-character matching cost grow with.
 */

export class PatternSyntaxError extends Error {}

/** What a class escape or a class compiles to. */
export interface ClassPiece {
  /** RE2 class body (inside `[…]`), or a stand-alone atom. */
  source: string;
  weight: number;
  /** The code points it matches, when known without Unicode tables (not for `\p{…}`). */
  ranges?: Ranges;
}

/** A Unicode property expands to hundreds of ranges (`\p{L}` about 650, `\p{Cn}` about 700). */
export const PROPERTY_WEIGHT = 700;

const SYNTAX_CHARACTERS = '^$\\.*+?()[]{}|';
const CONTROL_ESCAPES: Readonly<Record<string, number>> = { f: 0x0c, n: 0x0a, r: 0x0d, t: 0x09, v: 0x0b };
const ID_START = /^[\p{ID_Start}$_]$/u;
const ID_CONTINUE = /^[\p{ID_Continue}$\u200c\u200d]$/u;
const PROPERTY_EXPRESSION = /^[A-Za-z0-9_]+(?:=[A-Za-z0-9_]+)?$/;
/** Ranges in RE2's own `\d \D \w \W` and in our spellings of `\s \S`. */
const ESCAPE_WEIGHTS: Readonly<Record<string, number>> = { d: 1, D: 2, w: 4, W: 5, s: 10, S: 11 };
const DIGITS: Ranges = [[0x30, 0x39]];
/** ECMAScript's `\w` without the i flag (§22.2.2.9.3 WordCharacters): `[0-9A-Z_a-z]`. */
const WORD: Ranges = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
];
const ESCAPE_RANGES: Readonly<Record<string, Ranges>> = {
  d: DIGITS,
  D: complement(DIGITS),
  w: WORD,
  W: complement(WORD),
  s: WHITE_SPACE,
  S: complement(WHITE_SPACE),
};

export function isDecimalDigit(char: string | undefined): boolean {
  return char !== undefined && char >= '0' && char <= '9';
}

function isHexDigit(char: string | undefined): boolean {
  return char !== undefined && /^[0-9A-Fa-f]$/.test(char);
}

/** Whether the runtime knows a property expression: constructing (never running) a fixed one-escape RegExp. */
function isKnownProperty(expression: string): boolean {
  try {
    new RegExp(`\\p{${expression}}`, 'u');
    return true;
  } catch {
    return false;
  }
}

type ClassAtom = { set: false; codePoint: number } | { set: true; piece: ClassPiece };

export abstract class PatternScanner {
  protected pos = 0;
  /** Textual Unicode property escapes: each one is parsed from RE2's tables at compile time. */
  protected propertyCount = 0;
  /** The first construct RE2 cannot run; parsing goes on, because a syntax error later on wins. */
  protected unsupported: string | undefined;

  constructor(protected readonly text: string) {}

  protected fail(reason: string): never {
    throw new PatternSyntaxError(reason);
  }

  protected markUnsupported(reason: string): void {
    this.unsupported ??= reason;
  }

  /** Moves past `length` code units and returns `value`. */
  protected take<T>(length: number, value: T): T {
    this.pos += length;
    return value;
  }

  protected peek(offset = 0): string | undefined {
    return this.text[this.pos + offset];
  }

  protected eat(expected: string): boolean {
    if (!this.text.startsWith(expected, this.pos)) return false;
    this.pos += expected.length;
    return true;
  }

  /** The next code point (a surrogate pair counts as one: Unicode mode reads code points, §22.2.2). */
  protected nextCodePoint(): number {
    const codePoint = this.text.codePointAt(this.pos)!;
    this.pos += codePoint > 0xffff ? 2 : 1;
    return codePoint;
  }

  protected decimalDigits(): number {
    const start = this.pos;
    while (isDecimalDigit(this.peek())) this.pos++;
    return this.pos === start ? Number.NaN : Number(this.text.slice(start, this.pos));
  }

  /** §22.2.1 GroupName: `RegExpIdentifierName >`, the `<` already read. */
  protected groupName(): string {
    let name = '';
    for (;;) {
      if (this.eat('>')) break;
      if (this.pos >= this.text.length) this.fail('unterminated group name');
      let codePoint: number;
      if (this.eat('\\')) {
        if (!this.eat('u')) this.fail('invalid escape in group name');
        codePoint = this.unicodeEscapeBody();
      } else {
        codePoint = this.nextCodePoint();
      }
      const char = String.fromCodePoint(codePoint);
      if (!(name === '' ? ID_START : ID_CONTINUE).test(char)) this.fail('invalid character in group name');
      name += char;
    }
    if (name === '') this.fail('empty group name');
    return name;
  }

  /** §22.2.1 CharacterClassEscape (`\d \D \s \S \w \W \p{…} \P{…}`) after the backslash, as a class body. */
  protected classEscape(): ClassPiece | undefined {
    const char = this.peek();
    if (char === 'p' || char === 'P') {
      this.pos++;
      return this.property(char === 'P');
    }
    if (char === undefined || !Object.hasOwn(ESCAPE_WEIGHTS, char)) return undefined;
    this.pos++;
    const weight = ESCAPE_WEIGHTS[char]!;
    const ranges = ESCAPE_RANGES[char]!;
    if (char === 's') return { source: WHITE_SPACE_BODY, weight, ranges };
    if (char === 'S') return { source: NOT_WHITE_SPACE_BODY, weight, ranges };
    // Without the i flag ECMAScript's \d and \w are ASCII (§22.2.2.9), exactly as RE2's.
    return { source: `\\${char}`, weight, ranges };
  }

  private property(negated: boolean): ClassPiece {
    if (!this.eat('{')) this.fail('invalid property name: \\p needs {…}');
    const end = this.text.indexOf('}', this.pos);
    if (end === -1) this.fail('invalid property name: missing }');
    const expression = this.text.slice(this.pos, end);
    this.pos = end + 1;
    if (!PROPERTY_EXPRESSION.test(expression) || !isKnownProperty(expression)) {
      this.fail(`invalid Unicode property name \\p{${expression}}`);
    }
    this.propertyCount++;
    const translated = unicodePropertyBody(expression, negated);
    if (translated.ok) return { source: translated.body, weight: PROPERTY_WEIGHT };
    this.markUnsupported(translated.reason);
    return { source: '', weight: 1 };
  }

  /** §22.2.1 CharacterEscape in Unicode mode, after the backslash: the code point it stands for. */
  protected characterEscape(): number {
    const char = this.peek()!;
    const control = Object.hasOwn(CONTROL_ESCAPES, char) ? CONTROL_ESCAPES[char] : undefined;
    if (control !== undefined) return this.take(1, control);
    if (char === 'c') {
      const letter = this.peek(1);
      if (letter === undefined || !/^[A-Za-z]$/.test(letter)) this.fail('invalid \\c escape');
      return this.take(2, letter.charCodeAt(0) % 32);
    }
    if (char === '0') {
      this.pos++;
      if (isDecimalDigit(this.peek())) this.fail('invalid decimal escape (\\0 followed by a digit)');
      return 0;
    }
    if (char === 'x') {
      this.pos++;
      return this.hexDigits(2, 'invalid \\x escape');
    }
    if (char === 'u') {
      this.pos++;
      return this.unicodeEscapeBody();
    }
    // Unicode mode allows identity escapes of SyntaxCharacter and "/" only.
    if (SYNTAX_CHARACTERS.includes(char) || char === '/') return this.take(1, char.charCodeAt(0));
    return this.fail(`invalid escape \\${String.fromCodePoint(this.text.codePointAt(this.pos)!)}`);
  }

  private hexDigits(count: number, message: string): number {
    const digits = this.text.slice(this.pos, this.pos + count);
    if (digits.length !== count || ![...digits].every(isHexDigit)) this.fail(message);
    this.pos += count;
    return Number.parseInt(digits, 16);
  }

  /** RegExpUnicodeEscapeSequence[+UnicodeMode], after `\u`: `{hex}`, `XXXX`, or a `\uD8xx\uDCxx` pair. */
  private unicodeEscapeBody(): number {
    if (this.eat('{')) {
      const start = this.pos;
      while (isHexDigit(this.peek())) this.pos++;
      const value = this.pos > start ? Number.parseInt(this.text.slice(start, this.pos), 16) : Number.NaN;
      if (!(value <= 0x10ffff) || !this.eat('}')) this.fail('invalid Unicode escape');
      return value;
    }
    const unit = this.hexDigits(4, 'invalid Unicode escape');
    if (unit >= 0xd800 && unit <= 0xdbff && this.text.startsWith('\\u', this.pos)) {
      const trail = this.text.slice(this.pos + 2, this.pos + 6);
      const trailUnit = /^[0-9A-Fa-f]{4}$/.test(trail) ? Number.parseInt(trail, 16) : -1;
      if (trailUnit >= 0xdc00 && trailUnit <= 0xdfff) {
        return this.take(6, (unit - 0xd800) * 0x400 + (trailUnit - 0xdc00) + 0x10000);
      }
    }
    return unit;
  }

  /** §22.2.1 CharacterClass (ClassContents without the v flag), from `[` to `]`, as an RE2 atom. */
  protected characterClass(): ClassPiece {
    this.pos++;
    const negated = this.eat('^');
    let body = '';
    let weight = 0;
    let ranges: Array<readonly [number, number]> | undefined = [];
    for (;;) {
      if (this.pos >= this.text.length) this.fail('unterminated character class');
      if (this.eat(']')) break;
      const first = this.classAtom();
      if (this.peek() === '-' && this.peek(1) !== ']' && this.peek(1) !== undefined) {
        this.pos++;
        const last = this.classAtom();
        // In Unicode mode a range between class escapes ([\d-z]) is an error (§22.2.2.9.1).
        if (first.set || last.set)
          this.fail('invalid character class: a range cannot start or end at \\d, \\s, …');
        if (first.codePoint > last.codePoint) this.fail('range out of order in character class');
        body += `${codePointEscape(first.codePoint)}-${codePointEscape(last.codePoint)}`;
        weight++;
        ranges?.push([first.codePoint, last.codePoint]);
      } else if (first.set) {
        body += first.piece.source;
        weight += first.piece.weight;
        if (first.piece.ranges === undefined) ranges = undefined;
        else ranges?.push(...first.piece.ranges);
      } else {
        body += codePointEscape(first.codePoint);
        weight++;
        ranges?.push([first.codePoint, first.codePoint]);
      }
    }
    const set = ranges && normalizeRanges(ranges);
    return {
      source: classAtom(body, negated),
      weight: Math.max(weight, 1),
      ...(set && { ranges: negated ? complement(set) : set }),
    };
  }

  private classAtom(): ClassAtom {
    if (!this.eat('\\')) return { set: false, codePoint: this.nextCodePoint() };
    const char = this.peek();
    if (char === 'b') return this.take(1, { set: false, codePoint: 0x08 });
    if (char === '-') return this.take(1, { set: false, codePoint: 0x2d });
    if (char === undefined) this.fail('\\ at end of pattern');
    const piece = this.classEscape();
    if (piece !== undefined) return { set: true, piece };
    if (isDecimalDigit(char) && char !== '0') this.fail('invalid class escape (a backreference inside [])');
    return { set: false, codePoint: this.characterEscape() };
  }
}

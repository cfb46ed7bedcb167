import {
  ANY,
  classAtom,
  codePointEscape,
  DOT,
  literal,
  NOT_WHITE_SPACE_BODY,
  unicodePropertyBody,
  WHITE_SPACE_BODY,
} from './re2-syntax.js';

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
      /** Upper estimate of the compiled program's size, from repetition counts. */
      estimatedSize: number;
    }
  | { ok: false; code: 'invalid-pattern' | 'unsafe-pattern'; reason: string };

/** Deeper nesting than this is refused: no real pattern needs it, and the parser recurses per group. */
export const MAX_GROUP_DEPTH = 100;
/** RE2's limit for `{n,m}` counts. */
const MAX_REPEAT = 1000;

class PatternSyntaxError extends Error {}
/** Parsing stops at once for this one: the parser recurses per group, so depth must stay bounded. */
class PatternTooDeepError extends Error {}

interface Term {
  source: string;
  size: number;
  anchor?: 'start' | 'end';
}

const SYNTAX_CHARACTERS = '^$\\.*+?()[]{}|';
const CONTROL_ESCAPES: Readonly<Record<string, number>> = { f: 0x0c, n: 0x0a, r: 0x0d, t: 0x09, v: 0x0b };
const ID_START = /^[\p{ID_Start}$_]$/u;
const ID_CONTINUE = /^[\p{ID_Continue}$\u200c\u200d]$/u;
const PROPERTY_EXPRESSION = /^[A-Za-z0-9_]+(?:=[A-Za-z0-9_]+)?$/;

function isDecimalDigit(char: string | undefined): boolean {
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

type ClassAtom = { set: false; codePoint: number } | { set: true; body: string };

class Translator {
  private pos = 0;
  private depth = 0;
  private groupCount = 0;
  private readonly groupNames = new Set<string>();
  private readonly namedReferences: string[] = [];
  private largestNumberedReference = 0;
  /** The first construct RE2 cannot run; parsing goes on, because a syntax error later on wins. */
  private unsupported: string | undefined;

  constructor(private readonly text: string) {}

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
    return toProgram(alternatives);
  }

  private fail(reason: string): never {
    throw new PatternSyntaxError(reason);
  }

  private markUnsupported(reason: string): void {
    this.unsupported ??= reason;
  }

  /** Moves past `length` code units and returns `value`. */
  private take<T>(length: number, value: T): T {
    this.pos += length;
    return value;
  }

  private peek(offset = 0): string | undefined {
    return this.text[this.pos + offset];
  }

  private eat(expected: string): boolean {
    if (this.text.startsWith(expected, this.pos)) {
      this.pos += expected.length;
      return true;
    }
    return false;
  }

  /** The next code point (a surrogate pair counts as one, §22.2.2: Unicode mode reads code points). */
  private nextCodePoint(): number {
    const codePoint = this.text.codePointAt(this.pos)!;
    this.pos += codePoint > 0xffff ? 2 : 1;
    return codePoint;
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
    if (assertion !== undefined) {
      // §22.2.1: in Unicode mode no assertion takes a quantifier.
      if (this.atQuantifier()) this.fail(`nothing to repeat at offset ${this.pos}`);
      return assertion;
    }
    const atom = this.atom();
    return this.quantified(atom);
  }

  private assertion(): Term | undefined {
    const char = this.peek();
    if (char === '^') return this.take(1, { source: '^', size: 1, anchor: 'start' });
    if (char === '$') return this.take(1, { source: '$', size: 1, anchor: 'end' });
    if (char === '\\' && (this.peek(1) === 'b' || this.peek(1) === 'B')) {
      // \b and \B use ECMAScript's IsWordChar (§22.2.2.9.4): [A-Za-z0-9_] without the i flag, as RE2's do.
      const source = this.text.slice(this.pos, this.pos + 2);
      this.pos += 2;
      return { source, size: 1 };
    }
    for (const [opening, kind] of [
      ['(?=', 'lookahead'],
      ['(?!', 'lookahead'],
      ['(?<=', 'lookbehind'],
      ['(?<!', 'lookbehind'],
    ] as const) {
      if (this.eat(opening)) {
        this.markUnsupported(`${kind} (${opening}…) needs a backtracking engine, which could run for hours`);
        this.group();
        return { source: '', size: 1 };
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
        this.pos++;
        return { source: DOT, size: 1 };
      case '(':
        return this.parenthesized();
      case '[':
        return { source: this.characterClass(), size: 1 };
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
      default:
        return { source: literal(this.nextCodePoint()), size: 1 };
    }
  }

  private parenthesized(): Term {
    const start = this.pos;
    this.pos++;
    if (this.eat('?')) {
      if (this.eat(':')) return this.group();
      if (this.eat('<')) {
        const name = this.groupName();
        if (this.groupNames.has(name)) this.fail(`duplicate group name "${name}"`);
        this.groupNames.add(name);
        this.groupCount++;
        return this.group();
      }
      this.fail(`invalid group at offset ${start}`);
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
    return { source: `(?:${joinAlternatives(alternatives)})`, size: sizeOf(alternatives) };
  }

  /** §22.2.1 GroupName: `RegExpIdentifierName >`, the `<` already read. */
  private groupName(): string {
    let name = '';
    for (;;) {
      if (this.eat('>')) break;
      if (this.pos >= this.text.length) this.fail('unterminated group name');
      const codePoint = this.peek() === '\\' ? this.identifierEscape() : this.nextCodePoint();
      const char = String.fromCodePoint(codePoint);
      if (!(name === '' ? ID_START : ID_CONTINUE).test(char)) this.fail(`invalid character in group name`);
      name += char;
    }
    if (name === '') this.fail('empty group name');
    return name;
  }

  private identifierEscape(): number {
    this.pos++;
    if (!this.eat('u')) this.fail('invalid escape in group name');
    return this.unicodeEscapeBody();
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
    const copies = max === Infinity ? Math.max(min, 1) + 1 : Math.max(max, 1);
    return { source: `${atom.source}${source}`, size: atom.size * copies + 1 };
  }

  private braceQuantifier(): [number, number] {
    const start = this.pos;
    this.pos++;
    const min = this.decimalDigits();
    let max = min;
    if (this.eat(',')) max = isDecimalDigit(this.peek()) ? this.decimalDigits() : Infinity;
    if (Number.isNaN(min) || !this.eat('}')) this.fail(`incomplete quantifier at offset ${start}`);
    if (min > max) this.fail(`numbers out of order in {} quantifier at offset ${start}`);
    return [min, max];
  }

  private decimalDigits(): number {
    const start = this.pos;
    while (isDecimalDigit(this.peek())) this.pos++;
    return this.pos === start ? Number.NaN : Number(this.text.slice(start, this.pos));
  }

  /** §22.2.1 AtomEscape, after the backslash. */
  private atomEscape(): Term {
    const char = this.peek();
    if (char === undefined) this.fail('\\ at end of pattern');
    if (char === 'k') {
      this.pos++;
      if (!this.eat('<')) this.fail('invalid named reference');
      this.namedReferences.push(this.groupName());
      this.markUnsupported(
        'backreferences (\\k<name>) need a backtracking engine, which could run for hours',
      );
      return { source: '', size: 1 };
    }
    if (char >= '1' && char <= '9') {
      const number = this.decimalDigits();
      this.largestNumberedReference = Math.max(this.largestNumberedReference, number);
      this.markUnsupported(
        `backreferences (\\${number}) need a backtracking engine, which could run for hours`,
      );
      return { source: '', size: 1 };
    }
    const set = this.characterClassEscape();
    if (set !== undefined) return { source: set.source, size: 1 };
    return { source: literal(this.characterEscape()), size: 1 };
  }

  /** §22.2.1 CharacterClassEscape (`\d \D \s \S \w \W \p{…} \P{…}`) as a class body, or undefined. */
  private classEscapeBody(): string | undefined {
    const char = this.peek();
    switch (char) {
      case 'd':
      case 'D':
      case 'w':
      case 'W':
        // Without the i flag ECMAScript's \d and \w are ASCII (§22.2.2.9), exactly as RE2's.
        this.pos++;
        return `\\${char}`;
      case 's':
        this.pos++;
        return WHITE_SPACE_BODY;
      case 'S':
        this.pos++;
        return NOT_WHITE_SPACE_BODY;
      case 'p':
      case 'P':
        this.pos++;
        return this.propertyBody(char === 'P');
      default:
        return undefined;
    }
  }

  private characterClassEscape(): { source: string } | undefined {
    const body = this.classEscapeBody();
    return body === undefined ? undefined : { source: classAtom(body, false) };
  }

  private propertyBody(negated: boolean): string {
    if (!this.eat('{')) this.fail('invalid property name: \\p needs {…}');
    const end = this.text.indexOf('}', this.pos);
    if (end === -1) this.fail('invalid property name: missing }');
    const expression = this.text.slice(this.pos, end);
    this.pos = end + 1;
    if (!PROPERTY_EXPRESSION.test(expression) || !isKnownProperty(expression)) {
      this.fail(`invalid Unicode property name \\p{${expression}}`);
    }
    const translated = unicodePropertyBody(expression, negated);
    if (!translated.ok) {
      this.markUnsupported(translated.reason);
      return '';
    }
    return translated.body;
  }

  /** §22.2.1 CharacterEscape in Unicode mode, after the backslash: the code point it stands for. */
  private characterEscape(): number {
    const char = this.peek()!;
    const control = Object.hasOwn(CONTROL_ESCAPES, char) ? CONTROL_ESCAPES[char] : undefined;
    if (control !== undefined) return this.take(1, control);
    if (char === 'c') {
      const letter = this.peek(1);
      if (letter === undefined || !/^[A-Za-z]$/.test(letter)) this.fail('invalid \\c escape');
      this.pos += 2;
      return letter.charCodeAt(0) % 32;
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
        this.pos += 6;
        return (unit - 0xd800) * 0x400 + (trailUnit - 0xdc00) + 0x10000;
      }
    }
    return unit;
  }

  /** §22.2.1 CharacterClass (ClassContents without the v flag), from `[` to `]`: an RE2 class atom. */
  private characterClass(): string {
    this.pos++;
    const negated = this.eat('^');
    let body = '';
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
      } else {
        body += first.set ? first.body : codePointEscape(first.codePoint);
      }
    }
    return classAtom(body, negated);
  }

  private classAtom(): ClassAtom {
    if (!this.eat('\\')) return { set: false, codePoint: this.nextCodePoint() };
    const char = this.peek();
    if (char === 'b') return this.take(1, { set: false, codePoint: 0x08 });
    if (char === '-') return this.take(1, { set: false, codePoint: 0x2d });
    if (char === undefined) this.fail('\\ at end of pattern');
    const body = this.classEscapeBody();
    if (body !== undefined) return { set: true, body };
    if (isDecimalDigit(char) && char !== '0') this.fail('invalid class escape (a backreference inside [])');
    return { set: false, codePoint: this.characterEscape() };
  }
}

function joinAlternatives(alternatives: Term[][]): string {
  return alternatives.map((terms) => terms.map((term) => term.source).join('')).join('|');
}

function sizeOf(alternatives: Term[][]): number {
  let size = alternatives.length - 1;
  for (const terms of alternatives) for (const term of terms) size += term.size;
  return size;
}

/**
 * The RE2 program for a parsed pattern. A pattern of one alternative that starts with `^` is run as a
 * whole-input match without it (and with `$` dropped or `.*` appended): the same language, and it keeps
 * RE2 on its fast DFA instead of its slower one-pass matcher.
 */
function toProgram(alternatives: Term[][]): PatternTranslation {
  const estimatedSize = sizeOf(alternatives);
  const terms = alternatives[0]!;
  if (alternatives.length === 1 && terms[0]?.anchor === 'start') {
    const endsAnchored = terms.length > 1 && terms[terms.length - 1]!.anchor === 'end';
    const inner = terms.slice(1, endsAnchored ? -1 : undefined).map((term) => term.source);
    const source = endsAnchored ? inner.join('') : `${inner.join('')}${ANY}*`;
    return { ok: true, source, wholeInput: true, estimatedSize };
  }
  return { ok: true, source: joinAlternatives(alternatives), wholeInput: false, estimatedSize };
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

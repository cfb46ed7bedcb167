/**
 * Pieces of RE2 syntax that spell ECMAScript semantics exactly. Everything is written with `\x{…}` code
 * point escapes, so no character of a server's pattern is ever interpreted by RE2's own parser.
 */

/** A set of code points as sorted, disjoint, inclusive `[from, to]` ranges. */
export type Ranges = ReadonlyArray<readonly [number, number]>;

const MAX_CODE_POINT = 0x10ffff;

/** `\x{…}`: one code point, never special inside or outside a class. */
export function codePointEscape(codePoint: number): string {
  return `\\x{${codePoint.toString(16)}}`;
}

/** A code point outside a class: ASCII letters and digits as they are, everything else escaped. */
export function literal(codePoint: number): string {
  const isAlphanumeric =
    (codePoint >= 0x30 && codePoint <= 0x39) ||
    (codePoint >= 0x41 && codePoint <= 0x5a) ||
    (codePoint >= 0x61 && codePoint <= 0x7a);
  return isAlphanumeric ? String.fromCharCode(codePoint) : codePointEscape(codePoint);
}

function rangesToClassBody(ranges: Ranges): string {
  let body = '';
  for (const [from, to] of ranges) {
    body += from === to ? codePointEscape(from) : `${codePointEscape(from)}-${codePointEscape(to)}`;
  }
  return body;
}

/** The code points not in `ranges` (sorted and disjoint). */
export function complement(ranges: Ranges): Array<[number, number]> {
  const result: Array<[number, number]> = [];
  let next = 0;
  for (const [from, to] of ranges) {
    if (from > next) result.push([next, from - 1]);
    next = to + 1;
  }
  if (next <= MAX_CODE_POINT) result.push([next, MAX_CODE_POINT]);
  return result;
}

/**
 * ECMA-262 §22.2.2.9 `\s`: WhiteSpace (§12.2: TAB, VT, FF, ZWNBSP and the Zs category) plus
 * LineTerminator (§12.3: LF, CR, LS, PS). RE2's own `\s` is only `[\t\n\f\r ]`.
 */
export const WHITE_SPACE: Ranges = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];

/** §22.2.2.7 `.` without the `s` flag: anything but the four LineTerminators. RE2's `.` excludes only LF. */
export const LINE_TERMINATORS: Ranges = [
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
];

/** Sorts and merges ranges that may overlap or touch into a {@link Ranges} set. */
export function normalizeRanges(ranges: Iterable<readonly [number, number]>): Array<[number, number]> {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const [from, to] of sorted) {
    const last = merged[merged.length - 1];
    if (last !== undefined && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged;
}

export const WHITE_SPACE_BODY = rangesToClassBody(WHITE_SPACE);
export const NOT_WHITE_SPACE_BODY = rangesToClassBody(complement(WHITE_SPACE));
export const ANY_BODY = rangesToClassBody([[0, MAX_CODE_POINT]]);
export const ASCII_BODY = rangesToClassBody([[0, 0x7f]]);
export const NOT_ASCII_BODY = rangesToClassBody([[0x80, MAX_CODE_POINT]]);

export const DOT = `[${rangesToClassBody(complement(LINE_TERMINATORS))}]`;
/** Matches one code point, whatever it is (`[^]`, or what `.*` means under the `s` flag). */
export const ANY = `[${ANY_BODY}]`;
/** Matches nothing (`[]`): RE2 rejects an empty class, but not a class of every code point negated. */
export const NEVER = `[^${ANY_BODY}]`;

/** A class body as a stand-alone atom; an empty body is the empty set. */
export function classAtom(body: string, negated: boolean): string {
  if (body === '') return negated ? ANY : NEVER;
  return negated ? `[^${body}]` : `[${body}]`;
}

/**
 * ECMAScript General_Category values (long names and aliases from PropertyValueAliases.txt) mapped to the
 * short names RE2 knows. RE2's `C` includes unassigned code points (`Cn`) as ECMAScript's does.
 */
const GENERAL_CATEGORIES: Readonly<Record<string, string>> = {
  C: 'C',
  Other: 'C',
  Cc: 'Cc',
  Control: 'Cc',
  cntrl: 'Cc',
  Cf: 'Cf',
  Format: 'Cf',
  Cn: 'Cn',
  Unassigned: 'Cn',
  Co: 'Co',
  Private_Use: 'Co',
  Cs: 'Cs',
  Surrogate: 'Cs',
  L: 'L',
  Letter: 'L',
  LC: 'LC',
  Cased_Letter: 'LC',
  Ll: 'Ll',
  Lowercase_Letter: 'Ll',
  Lm: 'Lm',
  Modifier_Letter: 'Lm',
  Lo: 'Lo',
  Other_Letter: 'Lo',
  Lt: 'Lt',
  Titlecase_Letter: 'Lt',
  Lu: 'Lu',
  Uppercase_Letter: 'Lu',
  M: 'M',
  Mark: 'M',
  Combining_Mark: 'M',
  Mc: 'Mc',
  Spacing_Mark: 'Mc',
  Me: 'Me',
  Enclosing_Mark: 'Me',
  Mn: 'Mn',
  Nonspacing_Mark: 'Mn',
  N: 'N',
  Number: 'N',
  Nd: 'Nd',
  Decimal_Number: 'Nd',
  digit: 'Nd',
  Nl: 'Nl',
  Letter_Number: 'Nl',
  No: 'No',
  Other_Number: 'No',
  P: 'P',
  Punctuation: 'P',
  punct: 'P',
  Pc: 'Pc',
  Connector_Punctuation: 'Pc',
  Pd: 'Pd',
  Dash_Punctuation: 'Pd',
  Pe: 'Pe',
  Close_Punctuation: 'Pe',
  Pf: 'Pf',
  Final_Punctuation: 'Pf',
  Pi: 'Pi',
  Initial_Punctuation: 'Pi',
  Po: 'Po',
  Other_Punctuation: 'Po',
  Ps: 'Ps',
  Open_Punctuation: 'Ps',
  S: 'S',
  Symbol: 'S',
  Sc: 'Sc',
  Currency_Symbol: 'Sc',
  Sk: 'Sk',
  Modifier_Symbol: 'Sk',
  Sm: 'Sm',
  Math_Symbol: 'Sm',
  So: 'So',
  Other_Symbol: 'So',
  Z: 'Z',
  Separator: 'Z',
  Zl: 'Zl',
  Line_Separator: 'Zl',
  Zp: 'Zp',
  Paragraph_Separator: 'Zp',
  Zs: 'Zs',
  Space_Separator: 'Zs',
};

export type PropertyTranslation = { ok: true; body: string } | { ok: false; reason: string };

/**
 * The class body for `\p{…}` (or `\P{…}` when `negated`), for a property expression that ECMAScript
 * already accepts. RE2 knows general categories and scripts by their long names; Script_Extensions and
 * binary properties (Alphabetic, Emoji, …) have no RE2 equivalent.
 */
export function unicodePropertyBody(expression: string, negated: boolean): PropertyTranslation {
  const prefix = negated ? '\\P' : '\\p';
  const equals = expression.indexOf('=');
  if (equals === -1) {
    const category = Object.hasOwn(GENERAL_CATEGORIES, expression)
      ? GENERAL_CATEGORIES[expression]
      : undefined;
    if (category !== undefined) return { ok: true, body: `${prefix}{${category}}` };
    if (expression === 'Any') return { ok: true, body: negated ? '' : ANY_BODY };
    if (expression === 'ASCII') return { ok: true, body: negated ? NOT_ASCII_BODY : ASCII_BODY };
    if (expression === 'Assigned') return { ok: true, body: `${negated ? '\\p' : '\\P'}{Cn}` };
    return {
      ok: false,
      reason: `the binary Unicode property \\p{${expression}} has no linear-time equivalent`,
    };
  }
  const name = expression.slice(0, equals);
  const value = expression.slice(equals + 1);
  if (name === 'General_Category' || name === 'gc') {
    const category = Object.hasOwn(GENERAL_CATEGORIES, value) ? GENERAL_CATEGORIES[value] : undefined;
    if (category !== undefined) return { ok: true, body: `${prefix}{${category}}` };
  }
  // Script names reach RE2 as written; RE2 knows the long names (Greek), not the four-letter codes (Grek).
  if (name === 'Script' || name === 'sc') return { ok: true, body: `${prefix}{${value}}` };
  return { ok: false, reason: `the Unicode property \\p{${expression}} has no linear-time equivalent` };
}

/**
 * Characters that change how text looks or reads without being visible themselves. `sanitizeForDisplay`
 * removes them from server text, and `analyzeUrl` refuses a URL that contains any of them (the URL parser
 * would silently drop or reinterpret some, so the string shown would differ from the one opened).
 *
 * Kept as regex source fragments so both users build one linear character class each.
 */

/** C0 controls, DEL and C1 controls (C1 includes the 8-bit CSI U+009B and NEL U+0085). */
export const CONTROL_CHARS = '\\u0000-\\u001f\\u007f-\\u009f';

/**
 * Format characters (General_Category Cf): bidi embeddings, overrides, isolates and marks (U+202A–U+202E,
 * U+2066–U+2069, U+200E, U+200F, U+061C), zero-width space/joiners (U+200B–U+200D), word joiner and
 * invisible operators (U+2060–U+2064), BOM (U+FEFF), soft hyphen, Mongolian vowel separator, tag characters
 * (U+E0000–U+E007F, used to smuggle hidden ASCII) and the rest of the category.
 */
export const FORMAT_CHARS = '\\p{Cf}';

/**
 * Invisible characters outside Cf: Hangul fillers (blank "letters" used for invisible names), variation
 * selectors other than VS15/VS16 (they can carry hidden data after any character), the combining grapheme
 * joiner, and the line/paragraph separators that break lines like a newline does.
 */
export const OTHER_INVISIBLE_CHARS =
  '\\u034f\\u115f\\u1160\\u3164\\uffa0\\ufe00-\\ufe0d\\u{e0100}-\\u{e01ef}\\u2028\\u2029';

/** Lone surrogates: under the `u` flag `\p{Cs}` matches only unpaired halves. */
export const LONE_SURROGATE = '\\p{Cs}';

/**
 * Every character a URL must not contain: the above, lone surrogates, and VS15/VS16 too (text keeps them
 * for emoji, but IDNA deletes them from a host).
 */
export const URL_FORBIDDEN_CHAR = new RegExp(
  `[${CONTROL_CHARS}${FORMAT_CHARS}${OTHER_INVISIBLE_CHARS}\\ufe0e\\ufe0f${LONE_SURROGATE}]`,
  'u',
);

const BIDI_CONTROL = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff]/;

/** Names a character for a message without printing it: `U+202E (a bidirectional-text control)`. */
export function describeInvisible(char: string): string {
  const code = char.codePointAt(0)!;
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')} (${kindOf(char, code)})`;
}

function kindOf(char: string, code: number): string {
  if (code === 0x09) return 'a tab';
  if (code === 0x0a || code === 0x0d) return 'a line break';
  if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return 'a control character';
  if (BIDI_CONTROL.test(char)) return 'a bidirectional-text control';
  if (ZERO_WIDTH.test(char)) return 'a zero-width character';
  if (code >= 0xd800 && code <= 0xdfff) return 'a broken surrogate half';
  return 'an invisible character';
}

import { CoreErrorCode, UsageError } from '../errors.js';
import { describeType } from '../schema/json-object.js';
import { CONTROL_CHARS, FORMAT_CHARS, LONE_SURROGATE, OTHER_INVISIBLE_CHARS } from './invisible.js';

/** Options of {@link sanitizeForDisplay}. */
export interface SanitizeOptions {
  /** Keep line breaks as `\n` (CRLF, CR, NEL, U+2028/U+2029 all become `\n`). Default false: each becomes a space. */
  allowNewlines?: boolean;
  /** Cap in code points, the ellipsis included; a surrogate pair is never split. Default: no cap. */
  maxLength?: number;
}

const ELLIPSIS = '…';

const INVISIBLE_CHARS = `${FORMAT_CHARS}${OTHER_INVISIBLE_CHARS}${LONE_SURROGATE}`;

/** One scan tells whether a string needs any work; most UI strings do not. */
const NEEDS_SANITIZING = new RegExp(`[${CONTROL_CHARS}${INVISIBLE_CHARS}]`, 'u');

/**
 * Escape sequences go whole (ECMA-48), so no parameter text ("[31m", "8;;https://…") is left behind. Every
 * pattern below is linear: each quantified class is followed by a disjoint class or an optional
 * terminator, so no input makes the engine backtrack. Passes run in this order (escapes swallow line
 * breaks inside them; line breaks and tabs are controls the last pass would otherwise delete) and each
 * replaces with a constant string, which keeps a megabyte of hostile text in the milliseconds.
 */
const HAS_ESCAPE = /[\u001b\u0090\u0098\u009b\u009d-\u009f]/;
const ESCAPE_SEQUENCE = new RegExp(
  [
    // CSI: ESC [ or the 8-bit U+009B, parameter bytes (private markers `<=>?` included), intermediates, final.
    '(?:\\u001b\\[|\\u009b)[\\u0030-\\u003f]*[\\u0020-\\u002f]*[\\u0040-\\u007e]?',
    // OSC (titles, OSC 8 hyperlinks, clipboard), DCS, SOS, PM, APC: a string up to BEL or ST (ESC \\ or U+009C).
    // Terminals swallow an unterminated string to the end, so it goes too; CAN/SUB abort one.
    '(?:\\u001b[\\]PX^_]|[\\u0090\\u0098\\u009d-\\u009f])[^\\u0007\\u0018\\u001a\\u001b\\u009c]*(?:\\u0007|\\u001b\\\\|\\u009c)?',
    // Other escapes: ESC, intermediates (nF, e.g. ESC ( B), a final byte (ESC c reset, ESC 7, ESC M, …).
    '\\u001b[\\u0020-\\u002f]*[\\u0030-\\u007e]?',
  ].join('|'),
  'g',
);
/** CRLF counts as one break; a lone CR would let later text overwrite the line in a terminal. */
const LINE_BREAK = /\r\n?|[\n\u0085\u2028\u2029]/g;
/** Tab, VT, FF separate words, so they become a space rather than nothing. */
const SPACING_CONTROL = /[\t\u000b\u000c]/g;
/** The zero-width joiner inside an emoji sequence (👨‍👩‍👧) is the one format character kept. */
const EMOJI_JOINER =
  '\\u200d(?<=\\p{Extended_Pictographic}[\\u{1f3fb}-\\u{1f3ff}\\ufe0f]?\\u200d)(?=\\p{Extended_Pictographic})';
/** The last pass: every control but `\n` (the line-break pass left only the ones it wants) and invisibles. */
const REMOVED_RUN = new RegExp(
  `(?:(?!${EMOJI_JOINER})[\\u0000-\\u0009\\u000b-\\u001f\\u007f-\\u009f${INVISIBLE_CHARS}])+`,
  'gu',
);

/**
 * Makes server text safe to print in a terminal or a page: no escape sequences, controls, bidi overrides
 * or invisible characters, and at most `maxLength` code points. Every UI shows server text only through it.
 *
 * Kept: printable text of every script, combining marks, emoji (VS15/VS16 and the zero-width joiner inside
 * an emoji sequence such as 👨‍👩‍👧). Removed, beyond the escapes: tag characters (subdivision flags like 🏴󠁧󠁢󠁳󠁣󠁴󠁿
 * degrade to 🏴), ZWNJ/ZWJ inside words (Persian or Indic text stays readable, joined slightly differently).
 */
export function sanitizeForDisplay(text: string, options: SanitizeOptions = {}): string {
  if (typeof text !== 'string') {
    throw new UsageError(
      CoreErrorCode.InvalidArgument,
      `sanitizeForDisplay expects a string, got ${describeType(text)}`,
      { details: { argument: 'text' } },
    );
  }
  const { allowNewlines = false, maxLength } = options;
  if (maxLength !== undefined && !(Number.isInteger(maxLength) && maxLength >= 1)) {
    throw new UsageError(
      CoreErrorCode.InvalidOption,
      `sanitizeForDisplay: options.maxLength must be a positive integer, got ${String(maxLength)}`,
      { details: { option: 'maxLength' } },
    );
  }
  let clean = text;
  if (NEEDS_SANITIZING.test(clean)) {
    if (HAS_ESCAPE.test(clean)) clean = clean.replace(ESCAPE_SEQUENCE, '');
    clean = clean
      .replace(LINE_BREAK, allowNewlines ? '\n' : ' ')
      .replace(SPACING_CONTROL, ' ')
      .replace(REMOVED_RUN, '');
  }
  return maxLength === undefined ? clean : capLength(clean, maxLength);
}

/** Cuts to `maxLength` code points with the ellipsis counted in; code units ≥ code points gives a fast exit. */
function capLength(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  let codePoints = 0;
  let cutAt = 0;
  for (let i = 0; i < text.length; i += isPairAt(text, i) ? 2 : 1) {
    if (codePoints === maxLength - 1) cutAt = i;
    if (++codePoints > maxLength) return text.slice(0, cutAt) + ELLIPSIS;
  }
  return text;
}

function isPairAt(text: string, i: number): boolean {
  const high = text.charCodeAt(i);
  if (high < 0xd800 || high > 0xdbff) return false;
  const low = text.charCodeAt(i + 1);
  return low >= 0xdc00 && low <= 0xdfff;
}

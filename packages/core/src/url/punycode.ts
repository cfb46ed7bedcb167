/**
 * Punycode decoding (RFC 3492 §6.2), the one direction `analyzeUrl` needs: the WHATWG URL parser already
 * produces the ASCII form, but browsers offer no to-Unicode API. Written here rather than taken from the
 * `punycode` package: decoding is ~40 lines, and under Node `import 'punycode'` resolves to the deprecated
 * built-in module (DEP0040) instead of the package, a trap for every consumer's bundler setup.
 *
 * Strict: returns undefined for anything RFC 3492 calls a failure (bad digit, truncation, overflow), for
 * surrogates and code points beyond U+10FFFF. (A decoded code point is never basic: n starts at 0x80 and
 * only grows, so RFC 3492's optional basic-code-point check cannot fire.)
 */

const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 0x80;
const MAX_INT = 0x7fffffff;
const DELIMITER = '-';
/** A DNS label holds at most 63 octets (RFC 1035 §2.3.4); the bound also keeps the insertions below cheap. */
const MAX_ENCODED_LENGTH = 63 - 'xn--'.length;

/** Decodes the part after `xn--`; undefined when it is not valid Punycode. */
export function decodePunycode(input: string): string | undefined {
  if (input.length > MAX_ENCODED_LENGTH) return undefined;
  const output: number[] = [];
  const basicLength = Math.max(0, input.lastIndexOf(DELIMITER));
  for (let j = 0; j < basicLength; j++) {
    const code = input.charCodeAt(j);
    if (code >= 0x80) return undefined;
    output.push(code);
  }

  let n = INITIAL_N;
  let bias = INITIAL_BIAS;
  let i = 0;
  for (let pos = basicLength > 0 ? basicLength + 1 : 0; pos < input.length; ) {
    const oldI = i;
    let w = 1;
    for (let k = BASE; ; k += BASE) {
      if (pos >= input.length) return undefined;
      const digit = digitValue(input.charCodeAt(pos++));
      if (digit < 0 || digit > Math.floor((MAX_INT - i) / w)) return undefined;
      i += digit * w;
      const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < t) break;
      if (w > Math.floor(MAX_INT / (BASE - t))) return undefined;
      w *= BASE - t;
    }
    const length = output.length + 1;
    bias = adapt(i - oldI, length, oldI === 0);
    if (Math.floor(i / length) > MAX_INT - n) return undefined;
    n += Math.floor(i / length);
    i %= length;
    if (n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return undefined;
    output.splice(i, 0, n);
    i++;
  }
  return String.fromCodePoint(...output);
}

function adapt(delta: number, numPoints: number, firstTime: boolean): number {
  let d = firstTime ? Math.floor(delta / DAMP) : delta >> 1;
  d += Math.floor(d / numPoints);
  let k = 0;
  for (; d > ((BASE - T_MIN) * T_MAX) >> 1; k += BASE) d = Math.floor(d / (BASE - T_MIN));
  return k + Math.floor(((BASE - T_MIN + 1) * d) / (d + SKEW));
}

/** a–z (either case) are 0–25, 0–9 are 26–35; anything else is not a digit. */
function digitValue(code: number): number {
  if (code >= 0x61 && code <= 0x7a) return code - 0x61;
  if (code >= 0x41 && code <= 0x5a) return code - 0x41;
  if (code >= 0x30 && code <= 0x39) return code - 22;
  return -1;
}

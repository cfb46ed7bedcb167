/**
 * Which writing systems a host label uses, and whether it imitates Latin letters (E-55). Script detection
 * uses Unicode property escapes (`\p{Script=…}`), which every current browser supports; characters of the
 * Common and Inherited scripts (digits, hyphen, combining marks) belong to no script here.
 */

/** The scripts a label is checked for, in the order warnings name them. */
export const SCRIPT_NAMES = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Georgian',
  'Cherokee',
  'Hebrew',
  'Arabic',
  'Syriac',
  'Thaana',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Khmer',
  'Mongolian',
  'Ethiopic',
  'Hangul',
  'Hiragana',
  'Katakana',
  'Bopomofo',
  'Han',
] as const;

const SCRIPT_TESTS = SCRIPT_NAMES.map((name) => new RegExp(`^\\p{Script=${name}}$`, 'u'));
const COMMON_OR_INHERITED = /^[\p{Script=Common}\p{Script=Inherited}]$/u;
/** A character's script, as an index into SCRIPT_NAMES; -1 Common or Inherited, -2 another script. */
const scriptIndexCache = new Map<number, number>();
const SCRIPT_INDEX_CACHE_SIZE = 4096;

function scriptIndexOf(char: string, code: number): number {
  let index = scriptIndexCache.get(code);
  if (index !== undefined) return index;
  index = SCRIPT_TESTS.findIndex((test) => test.test(char));
  if (index < 0) index = COMMON_OR_INHERITED.test(char) ? -1 : -2;
  if (scriptIndexCache.size < SCRIPT_INDEX_CACHE_SIZE) scriptIndexCache.set(code, index);
  return index;
}

/**
 * The scripts a label's letters come from, in the order listed above; `another script` for the rest.
 * Each character has one script, so it is classified once (ASCII by range, the rest by the tests above,
 * remembered for the first 4096 distinct characters).
 */
export function scriptsOf(label: string): string[] {
  let found = 0;
  let other = false;
  for (const char of label) {
    const code = char.codePointAt(0)!;
    if (code < 0x80) {
      // ASCII letters are Latin; the rest of ASCII (digits, `-`) is Common.
      if ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a) found |= 1;
      continue;
    }
    const index = scriptIndexOf(char, code);
    if (index >= 0) found |= 1 << index;
    else if (index === -2) other = true;
  }
  const scripts: string[] = [];
  for (let i = 0; i < SCRIPT_NAMES.length; i++) if (found & (1 << i)) scripts.push(SCRIPT_NAMES[i]!);
  if (other) scripts.push('another script');
  return scripts;
}

/**
 * Mixes that real names use (UTS #39 "highly restrictive"): Japanese, Chinese and Korean writing combine
 * Han with kana, Bopomofo or Hangul, and any of them may carry Latin letters. Every other mix is suspicious.
 */
const ALLOWED_MIXES: readonly ReadonlySet<string>[] = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];

export function isMixedScript(scripts: readonly string[]): boolean {
  if (scripts.length < 2) return false;
  return !ALLOWED_MIXES.some((mix) => scripts.every((script) => mix.has(script)));
}

/**
 * Lowercase letters that render like a Latin letter in common fonts, as pairs `<look-alike><latin>`.
 * Curated from the Cyrillic, Greek and Armenian entries of Unicode's confusables data (UTS #39) that
 * matter in domain names, which IDNA has already lowercased.
 */
const LOOKALIKE_PAIRS: Readonly<Record<'Cyrillic' | 'Greek' | 'Armenian', string>> = {
  Cyrillic: 'аaьbсcԁdеeҽeһhіiјjкkӏlпnоoрpԛqгrѕsѵvԝwѡwхxуyүy',
  Greek: 'αaϲcεeηnιiϳjκkνvοoρpτtυuωwχxγy',
  Armenian: 'աwցgհhլlոnօoգqզqսu',
};

const LATIN_LOOKALIKE = new Map<string, string>();
for (const pairs of Object.values(LOOKALIKE_PAIRS)) {
  const chars = Array.from(pairs);
  for (let i = 0; i < chars.length; i += 2) LATIN_LOOKALIKE.set(chars[i]!, chars[i + 1]!);
}

const LABEL_ASCII_CHAR = /^[a-z0-9-]$/;

/**
 * The all-ASCII label a label passes for (`аррӏе` → `apple`), when each non-ASCII character is a Latin
 * look-alike; undefined when any character has none.
 */
export function latinSkeleton(label: string): string | undefined {
  let skeleton = '';
  for (const char of label) {
    const latin = LABEL_ASCII_CHAR.test(char) ? char : LATIN_LOOKALIKE.get(char);
    if (latin === undefined) return undefined;
    skeleton += latin;
  }
  return skeleton;
}

const LOOKALIKE_SCRIPTS: ReadonlySet<string> = new Set(Object.keys(LOOKALIKE_PAIRS));

/**
 * A whole-script confusable: every letter from one of the scripts above, and every one a Latin look-alike.
 * Returns the Latin name it imitates.
 */
export function imitatedLatinName(label: string, scripts: readonly string[]): string | undefined {
  if (scripts.length !== 1 || !LOOKALIKE_SCRIPTS.has(scripts[0]!)) return undefined;
  return latinSkeleton(label);
}

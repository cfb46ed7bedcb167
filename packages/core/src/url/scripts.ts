/**
 * Which writing systems a host label uses, and whether it imitates Latin letters (E-55). Script detection
 * uses Unicode property escapes (`\p{Script=…}`), which every current browser supports; characters of the
 * Common and Inherited scripts (digits, hyphen, combining marks) belong to no script here.
 */

const SCRIPT_NAMES = [
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

const SCRIPT_TESTS = SCRIPT_NAMES.map((name) => [name, new RegExp(`\\p{Script=${name}}`, 'u')] as const);

/** A letter of a script not listed above (Common and Inherited are no script). */
const OTHER_SCRIPT = new RegExp(
  `[^\\p{Script=Common}\\p{Script=Inherited}${SCRIPT_NAMES.map((name) => `\\p{Script=${name}}`).join('')}]`,
  'u',
);

/** The scripts a label's letters come from, in the order listed above; `another script` for the rest. */
export function scriptsOf(label: string): string[] {
  const scripts: string[] = [];
  for (const [name, test] of SCRIPT_TESTS) if (test.test(label)) scripts.push(name);
  if (OTHER_SCRIPT.test(label)) scripts.push('another script');
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

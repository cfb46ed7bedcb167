/**
 * Picking a catalog for a person's locale, and the writing direction of a locale. Pure `Intl`, so it runs
 * the same in Node and in browsers.
 */

/** The locale every catalog falls back to; its messages are built in, never loaded. */
export const DEFAULT_LOCALE = 'en';

/** Languages written right to left (ISO 639 codes; `iw` is Hebrew's old code, still sent by some systems). */
const RTL_LANGUAGES: ReadonlySet<string> = new Set([
  'ar',
  'arc',
  'ckb',
  'dv',
  'fa',
  'he',
  'iw',
  'ks',
  'ku',
  'ps',
  'sd',
  'syr',
  'ug',
  'ur',
  'yi',
]);
/** Scripts written right to left (ISO 15924), for tags that name one: `az-Arab`, `pa-Arab`. */
const RTL_SCRIPTS: ReadonlySet<string> = new Set(['Arab', 'Hebr', 'Thaa', 'Syrc', 'Nkoo', 'Adlm', 'Rohg']);

/** The canonical form of a BCP 47 tag, or undefined when it is not one (`Intl` would throw). */
function canonical(tag: string): Intl.Locale | undefined {
  try {
    return new Intl.Locale(tag);
  } catch {
    return undefined;
  }
}

/**
 * The first of `requested` (a tag or a preference list such as `navigator.languages`) that one of
 * `available` serves: an exact tag, else the same language (`de-CH` → `de`). `DEFAULT_LOCALE` when none
 * does, or when a tag is not a valid BCP 47 tag.
 */
export function matchLocale(
  requested: string | readonly string[] | undefined,
  available: readonly string[],
): string {
  const wanted = typeof requested === 'string' ? [requested] : (requested ?? []);
  for (const tag of wanted) {
    const locale = typeof tag === 'string' ? canonical(tag) : undefined;
    if (!locale) continue;
    const exact = available.find((candidate) => candidate.toLowerCase() === locale.baseName.toLowerCase());
    if (exact) return exact;
    if (available.includes(locale.language)) return locale.language;
  }
  return DEFAULT_LOCALE;
}

/** `rtl` for locales written right to left (Arabic, Hebrew, Persian, Urdu, …), else `ltr`. */
export function textDirection(locale: string): 'ltr' | 'rtl' {
  const parsed = canonical(locale);
  if (!parsed) return 'ltr';
  if (parsed.script) return RTL_SCRIPTS.has(parsed.script) ? 'rtl' : 'ltr';
  return RTL_LANGUAGES.has(parsed.language) ? 'rtl' : 'ltr';
}

import { DEFAULT_LOCALE, matchLocale, textDirection } from './locale.js';

/**
 * Plural forms of one message, by `Intl.PluralRules` category (`one`, `few`, …); `other` is required, and a
 * category a language does not use is never read. The `count` parameter selects the form.
 */
export type PluralMessage = { readonly other: string } & {
  readonly [Category in Exclude<Intl.LDMLPluralRule, 'other'>]?: string;
};

/** One message of a catalog: a template with `{name}` parameters, or its plural forms. */
export type Message = string | PluralMessage;

/** A package's messages for one language, by key. The English catalog defines the keys; others follow it. */
export type Catalog<Key extends string = string> = { readonly [K in Key]: Message };

/**
 * A translation: any subset of the English catalog's keys. A key it lacks is shown in English, so a
 * catalog that lags behind a release still works.
 */
export type Translation<Key extends string = string> = { readonly [K in Key]?: Message };

/** Parameters of a message: numbers are formatted for the locale (`Intl.NumberFormat`), strings shown as they are. */
export type MessageParams = Readonly<Record<string, string | number>>;

/** Messages of one catalog in one locale, and the locale's number, list and date formats. */
export interface Translator<Key extends string = string> {
  /** The locale the formats use (a BCP 47 tag, e.g. `de-CH`); its language is the catalog's. */
  readonly locale: string;
  /** The catalog's language (`de`), or `en`. Set it as the `lang` of what shows these messages. */
  readonly language: string;
  /** Writing direction of the locale, for `dir`. */
  readonly dir: 'ltr' | 'rtl';
  /** The message for `key` with its `{parameters}` filled in; English when the catalog lacks the key. */
  t(key: Key, params?: MessageParams): string;
  /** A number as the locale writes it (`1.234,5` in German), every significant digit kept. */
  formatNumber(value: number): string;
  /** A list as the locale joins it (`a, b and c`; `a, b or c` with `disjunction`). */
  formatList(items: readonly string[], type?: 'conjunction' | 'disjunction'): string;
  /** A date (and time) as the locale writes it (`Intl.DateTimeFormat`). */
  formatDate(value: Date, options: Intl.DateTimeFormatOptions): string;
}

const PARAMETER = /\{([A-Za-z][\w-]*)\}/g;

/**
 * A translator for `catalog` (a translation into `locale`'s language) over `english`, the complete
 * catalog that defines every key. `locale` is the tag formats use; its language should be the catalog's.
 */
export function createTranslator<Key extends string>(
  locale: string,
  catalog: Translation<Key>,
  english: Catalog<Key>,
): Translator<Key> {
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 20 });
  const plurals = new Intl.PluralRules(locale);
  const lists = new Map<string, Intl.ListFormat>();
  const language = new Intl.Locale(locale).language;
  const fill = (template: string, params: MessageParams | undefined) =>
    params === undefined
      ? template
      : template.replace(PARAMETER, (whole, name: string) => {
          const value = params[name];
          if (value === undefined) return whole;
          return typeof value === 'number' ? numbers.format(value) : value;
        });
  return {
    locale,
    language,
    dir: textDirection(locale),
    t(key, params) {
      const message = catalog[key] ?? english[key];
      if (message === undefined) return key;
      if (typeof message === 'string') return fill(message, params);
      const count = params?.count;
      const form = typeof count === 'number' ? message[plurals.select(count)] : undefined;
      return fill(form ?? message.other, params);
    },
    formatNumber: (value) => numbers.format(value),
    formatList(items, type = 'conjunction') {
      let format = lists.get(type);
      if (!format) {
        format = new Intl.ListFormat(locale, { type });
        lists.set(type, format);
      }
      return format.format(items);
    },
    formatDate: (value, options) => new Intl.DateTimeFormat(locale, options).format(value),
  };
}

/** Loads a translation on demand: `() => import('./de.js')`, so only the person's language is fetched. */
export type TranslationLoader<Key extends string = string> = () => Promise<{ default: Translation<Key> }>;

/** A package's catalogs: English built in, the others loaded when first asked for. */
export interface Catalogs<Key extends string = string> {
  /** Every language with a catalog, `en` first. */
  readonly languages: readonly string[];
  /** The translator for `locale` if its catalog is at hand (English always is), else undefined: call `load`. */
  peek(locale?: string | readonly string[]): Translator<Key> | undefined;
  /** The translator for `locale`, loading its catalog first if needed; English for a language without one. */
  load(locale?: string | readonly string[]): Promise<Translator<Key>>;
}

/**
 * The catalogs of one package: `english` (complete, static) and a loader per other language. A locale
 * is matched to a language with {@link matchLocale}; a catalog that fails to load falls back to English.
 */
export function defineCatalogs<Key extends string>(
  english: Catalog<Key>,
  loaders: Readonly<Record<string, TranslationLoader<Key>>>,
): Catalogs<Key> {
  const languages = [DEFAULT_LOCALE, ...Object.keys(loaders)];
  const loaded = new Map<string, Translation<Key>>([[DEFAULT_LOCALE, {}]]);
  const pending = new Map<string, Promise<Translation<Key>>>();
  const translators = new Map<string, Translator<Key>>();
  /** The tag to format with: the requested one when its language is the catalog's, else the catalog's. */
  const formatLocale = (requested: string | readonly string[] | undefined, language: string) => {
    const first = typeof requested === 'string' ? requested : requested?.[0];
    try {
      if (first && new Intl.Locale(first).language === language) return first;
    } catch {
      // not a BCP 47 tag: the catalog's language it is
    }
    return language;
  };
  const translator = (locale: string, translation: Translation<Key>) => {
    let made = translators.get(locale);
    if (!made) {
      made = createTranslator(locale, translation, english);
      translators.set(locale, made);
    }
    return made;
  };
  return {
    languages,
    peek(locale) {
      const language = matchLocale(locale, languages);
      const translation = loaded.get(language);
      return translation && translator(formatLocale(locale, language), translation);
    },
    async load(locale) {
      const language = matchLocale(locale, languages);
      let translation = loaded.get(language);
      if (!translation) {
        let loading = pending.get(language);
        if (!loading) {
          loading = loaders[language]!().then((module) => module.default);
          pending.set(language, loading);
        }
        try {
          translation = await loading;
        } catch {
          // An unreachable chunk: English now rather than no prompt at all; the next call tries again.
          pending.delete(language);
          return translator(DEFAULT_LOCALE, {});
        }
        loaded.set(language, translation);
      }
      return translator(formatLocale(locale, language), translation);
    },
  };
}

const forms = (message: Message): string[] =>
  typeof message === 'string' ? [message] : Object.values(message).filter((form): form is string => !!form);
const parametersOf = (text: string) => new Set([...text.matchAll(PARAMETER)].map((match) => match[1]!));

/**
 * What a translation gets wrong against its English catalog, one line per problem (empty when none), for a
 * package's tests: a key it lacks or invents, a parameter it invents or (in a plain message) drops, a plain
 * message turned plural or back, plural forms without `other`. A plural form may leave a parameter out
 * ("one character"); a category a language uses without its own form falls back to `other`.
 */
export function translationProblems<Key extends string>(
  english: Catalog<Key>,
  translation: Translation<Key>,
): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(translation)) {
    if (!Object.hasOwn(english, key)) problems.push(`${key}: not a key of the English catalog`);
  }
  for (const key of Object.keys(english) as Key[]) {
    const source = english[key];
    const translated = translation[key];
    if (translated === undefined) {
      problems.push(`${key}: not translated`);
      continue;
    }
    if (typeof source !== typeof translated)
      problems.push(`${key}: plural forms in one catalog, not the other`);
    const allowed = new Set(forms(source).flatMap((text) => [...parametersOf(text)]));
    for (const text of forms(translated)) {
      for (const name of parametersOf(text)) {
        if (!allowed.has(name)) problems.push(`${key}: parameter {${name}} is not in the English message`);
      }
    }
    if (typeof source === 'string' && typeof translated === 'string') {
      for (const name of allowed) {
        if (!parametersOf(translated).has(name)) problems.push(`${key}: parameter {${name}} is missing`);
      }
    }
    if (typeof translated !== 'string' && !translated.other) problems.push(`${key}: no "other" form`);
  }
  return problems;
}

import {
  type Catalogs,
  type Translator,
  type UrlWarningMessageKey,
  urlWarningMessages,
  type ValidationMessageKey,
  validationMessages,
} from '@elicitkit/core';

/** Everything a UI says in one locale: its own words (`ui`), core's validation messages and URL warnings. */
export interface UiWords<Key extends string> {
  ui: Translator<Key>;
  validation: Translator<ValidationMessageKey>;
  url: Translator<UrlWarningMessageKey>;
}

/** A UI's catalogs joined with core's: all of them for one locale at once. */
export interface UiWordsCatalogs<Key extends string> {
  /** The words for `locale` if every catalog is at hand (English always is), else undefined: call `load`. */
  peek(locale?: string | readonly string[]): UiWords<Key> | undefined;
  /** The words for `locale`, each catalog loaded once (then kept) and in parallel. */
  load(locale?: string | readonly string[]): Promise<UiWords<Key>>;
}

/**
 * A UI's own catalogs (`defineCatalogs`) beside core's `validationMessages` and `urlWarningMessages`, so a
 * prompt gets every word it shows in the person's language from one call, and no UI lists core's catalogs.
 */
export function uiWords<Key extends string>(own: Catalogs<Key>): UiWordsCatalogs<Key> {
  return {
    peek(locale) {
      const ui = own.peek(locale);
      const validation = validationMessages.peek(locale);
      const url = urlWarningMessages.peek(locale);
      return ui && validation && url ? { ui, validation, url } : undefined;
    },
    async load(locale) {
      const [ui, validation, url] = await Promise.all([
        own.load(locale),
        validationMessages.load(locale),
        urlWarningMessages.load(locale),
      ]);
      return { ui, validation, url };
    },
  };
}

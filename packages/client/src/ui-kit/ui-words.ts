import {
  type Catalogs,
  type Translator,
  type UrlWarningMessageKey,
  urlWarningMessages,
  type ValidationMessageKey,
  validationMessages,
} from '@elicitkit/core';
import { type FieldHintKey, fieldHintMessages } from './field-hint.js';

/**
 * Everything a UI says in one locale: its own words (`ui`), core's validation messages and URL warnings, and
 * the kit's field hints (for `fieldHint`).
 */
export interface UiWords<Key extends string> {
  ui: Translator<Key>;
  validation: Translator<ValidationMessageKey>;
  url: Translator<UrlWarningMessageKey>;
  hints: Translator<FieldHintKey>;
}

/** A UI's catalogs joined with core's: all of them for one locale at once. */
export interface UiWordsCatalogs<Key extends string> {
  /** The words for `locale` if every catalog is at hand (English always is), else undefined: call `load`. */
  peek(locale?: string | readonly string[]): UiWords<Key> | undefined;
  /** The words for `locale`, each catalog loaded once (then kept) and in parallel. */
  load(locale?: string | readonly string[]): Promise<UiWords<Key>>;
}

/**
 * A UI's own catalogs (`defineCatalogs`) beside core's `validationMessages` and `urlWarningMessages` and the
 * kit's `fieldHintMessages`, so a prompt gets every word it shows in the person's language from one call,
 * and no UI lists the shared catalogs.
 */
export function uiWords<Key extends string>(own: Catalogs<Key>): UiWordsCatalogs<Key> {
  return {
    peek(locale) {
      const ui = own.peek(locale);
      const validation = validationMessages.peek(locale);
      const url = urlWarningMessages.peek(locale);
      const hints = fieldHintMessages.peek(locale);
      return ui && validation && url && hints ? { ui, validation, url, hints } : undefined;
    },
    async load(locale) {
      const [ui, validation, url, hints] = await Promise.all([
        own.load(locale),
        validationMessages.load(locale),
        urlWarningMessages.load(locale),
        fieldHintMessages.load(locale),
      ]);
      return { ui, validation, url, hints };
    },
  };
}

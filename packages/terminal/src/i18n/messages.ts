import { type FieldHintKey, uiWords } from '@elicitkit/client/ui-kit';
import {
  type Catalogs,
  defineCatalogs,
  type Translator,
  type UrlWarningMessageKey,
  type ValidationMessageKey,
} from '@elicitkit/core';
import { TERMINAL_EN, type TerminalMessageKey } from './en.js';

/** The terminal's catalogs: English built in; German, Japanese and Arabic loaded when first asked for. */
export const terminalMessages: Catalogs<TerminalMessageKey> = defineCatalogs<TerminalMessageKey>(
  TERMINAL_EN,
  {
    de: () => import('./de.js'),
    ja: () => import('./ja.js'),
    ar: () => import('./ar.js'),
  },
);

/**
 * What a terminal screen says, in one locale: its own words (`t`), core's validation messages (`v`),
 * core's URL warnings (`url`) and the kit's field hints (`hints`). Short names, as every line of the
 * screens reads them.
 */
export interface Words {
  t: Translator<TerminalMessageKey>;
  v: Translator<ValidationMessageKey>;
  url: Translator<UrlWarningMessageKey>;
  hints: Translator<FieldHintKey>;
}

const catalogs = uiWords(terminalMessages);

/** Loads the words for `locale` on first call, and hands the same ones to every call after. */
export function wordsLoader(locale: string | readonly string[]): () => Promise<Words> {
  let loading: Promise<Words> | undefined;
  return () => {
    loading ??= loadWords(locale);
    return loading;
  };
}

/** Every catalog for `locale` (a tag or a preference list), loaded once and kept. */
export async function loadWords(locale: string | readonly string[]): Promise<Words> {
  const { ui, validation, url, hints } = await catalogs.load(locale);
  return { t: ui, v: validation, url, hints };
}

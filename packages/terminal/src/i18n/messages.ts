import {
  type Catalogs,
  defineCatalogs,
  type Translator,
  type ValidationMessageKey,
  validationMessages,
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

/** What a terminal screen says, in one locale: its own words (`t`) and core's validation messages (`v`). */
export interface Words {
  t: Translator<TerminalMessageKey>;
  v: Translator<ValidationMessageKey>;
}

/** Loads the words for `locale` on first call, and hands the same ones to every call after. */
export function wordsLoader(locale: string | readonly string[]): () => Promise<Words> {
  let loading: Promise<Words> | undefined;
  return () => {
    loading ??= loadWords(locale);
    return loading;
  };
}

/** Both catalogs for `locale` (a tag or a preference list), loaded once and kept. */
export async function loadWords(locale: string | readonly string[]): Promise<Words> {
  const [t, v] = await Promise.all([terminalMessages.load(locale), validationMessages.load(locale)]);
  return { t, v };
}

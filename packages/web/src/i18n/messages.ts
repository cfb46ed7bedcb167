import { type UiWords, uiWords } from '@elicitkit/client/ui-kit';
import { type Catalogs, defineCatalogs } from '@elicitkit/core';
import { WEB_EN, type WebMessageKey } from './en.js';

export type { WebMessageKey };

/** The web UI's catalogs: English built in, German, Japanese and Arabic fetched on first use. */
export const webMessages: Catalogs<WebMessageKey> = /* @__PURE__ */ defineCatalogs(WEB_EN, {
  de: () => import('./de.js'),
  ja: () => import('./ja.js'),
  ar: () => import('./ar.js'),
});

/** Everything a prompt says, in one locale: the UI's own words, core's validation messages and URL warnings. */
export type Messages = UiWords<WebMessageKey>;

const messages = /* @__PURE__ */ uiWords(webMessages);

/** The messages for `locale` if every catalog is at hand (English always is); else undefined. */
export const peekMessages = (locale: string | readonly string[] | undefined): Messages | undefined =>
  messages.peek(locale);

/** Loads every catalog for `locale` (each once), for prompts to render at once afterwards. */
export const loadMessages = (locale: string | readonly string[] | undefined): Promise<Messages> =>
  messages.load(locale);

import {
  type Catalogs,
  defineCatalogs,
  type Translator,
  type ValidationMessageKey,
  validationMessages,
} from '@elicitkit/core';
import { WEB_EN, type WebMessageKey } from './en.js';

export type { WebMessageKey };

/** The web UI's catalogs: English built in, German, Japanese and Arabic fetched on first use. */
export const webMessages: Catalogs<WebMessageKey> = /* @__PURE__ */ defineCatalogs(WEB_EN, {
  de: () => import('./de.js'),
  ja: () => import('./ja.js'),
  ar: () => import('./ar.js'),
});

/** Everything a prompt says, in one locale: the UI's own words and core's validation messages. */
export interface Messages {
  ui: Translator<WebMessageKey>;
  validation: Translator<ValidationMessageKey>;
}

/** The messages for `locale` if both catalogs are at hand (English always is); else undefined. */
export function peekMessages(locale: string | readonly string[] | undefined): Messages | undefined {
  const ui = webMessages.peek(locale);
  const validation = validationMessages.peek(locale);
  return ui && validation ? { ui, validation } : undefined;
}

/** Loads the web and validation catalogs for `locale` (each once), for prompts to render at once afterwards. */
export async function loadMessages(locale: string | readonly string[] | undefined): Promise<Messages> {
  const [ui, validation] = await Promise.all([webMessages.load(locale), validationMessages.load(locale)]);
  return { ui, validation };
}

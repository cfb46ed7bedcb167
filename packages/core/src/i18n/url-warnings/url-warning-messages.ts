import type { UrlWarning } from '../../url/url-types.js';
import { type Catalogs, defineCatalogs, type MessageParams, type Translator } from '../catalog.js';
import { URL_WARNINGS_EN, type UrlWarningMessageKey } from './en.js';

export type { UrlWarningMessageKey };

/**
 * Core's URL warnings for consent cards: English built in; German, Japanese and Arabic fetched on first use
 * (`await urlWarningMessages.load('de')`), so a page in English never downloads them.
 */
export const urlWarningMessages: Catalogs<UrlWarningMessageKey> = /* @__PURE__ */ defineCatalogs(
  URL_WARNINGS_EN,
  {
    de: () => import('./de.js'),
    ja: () => import('./ja.js'),
    ar: () => import('./ar.js'),
  },
);

/**
 * One of `analyzeUrl`'s warnings in the translator's language, worded from its `code` and the facts a consent
 * card names (`site`, `host`, `ascii`, `port`, and `length`, which picks the plural form). The facts go in as
 * they are: show the result as text, sanitized.
 */
export function urlWarningMessage(
  warning: UrlWarning,
  t: Translator<UrlWarningMessageKey>,
  params: MessageParams,
): string {
  const count = typeof params.length === 'number' ? params.length : 0;
  return t.t(`warning.${warning.code}`, { ...params, count });
}

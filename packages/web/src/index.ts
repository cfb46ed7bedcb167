/**
 * @elicitkit/web: the browser side of MCP elicitation. `webUI()` is the `ElicitationUI` for
 * `installElicitation`; `<elicit-form>`, `<elicit-url-consent>` and `<elicit-url-wait>` are the custom
 * elements it shows, usable on their own. Every word is localizable: English built in, German, Japanese
 * and Arabic fetched on first use (`locale`, or the page's `lang`).
 *
 * @module @elicitkit/web
 */

export { defineElicitElements, ELEMENT_NAMES } from './define.js';
export { ElicitFormElement } from './form/form-element.js';
export { MAX_CHECKBOX_OPTIONS, MAX_RADIO_OPTIONS, MAX_SELECT_OPTIONS } from './form/render-field.js';
export { type WebMessageKey, webMessages } from './i18n/messages.js';
export { OUTCOME_EVENT } from './prompt-element.js';
export { openInNewTab, UrlConsentElement, type WindowOpener } from './url/consent-element.js';
export { UrlWaitElement, type WaitAnswer } from './url/wait-element.js';
export { preloadLocale, type WebUI, type WebUIOptions, webUI } from './web-ui.js';

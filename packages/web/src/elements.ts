/**
 * The custom elements `webUI()` shows, for markup and frameworks: `defineElicitElements()` registers
 * `<elicit-form>`, `<elicit-url-consent>`, `<elicit-url-wait>` and `<elicit-rate-limit>`; set an element's `prompt` and listen for
 * `elicit-outcome`. Importing this entry loads all three (and the English catalogs) at once.
 *
 * @module @elicitkit/web/elements
 */

export { defineElicitElements } from './define.js';
export { ElicitFormElement } from './form/form-element.js';
export { MAX_CHECKBOX_OPTIONS, MAX_RADIO_OPTIONS, MAX_SELECT_OPTIONS } from './form/render-field.js';
export { type WebMessageKey, webMessages } from './i18n/messages.js';
export { RateLimitElement } from './limit-element.js';
export { UrlConsentElement } from './url/consent-element.js';
export { UrlWaitElement } from './url/wait-element.js';

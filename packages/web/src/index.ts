/**
 * @elicitkit/web: elicitation in a web page. `webUI()` is the `ElicitationUI` adapter for `@elicitkit/client`;
 * `defineElicitElements()` registers the custom elements it draws with (`<elicit-form>`, `<elicit-url-consent>`,
 * `<elicit-url-wait>`), usable on their own. Accessible, themable, no framework runtime.
 *
 * @module @elicitkit/web
 */
export { defineElicitElements, ELEMENT_NAMES } from './define.js';
export { ElicitFormElement } from './form-element.js';
export { MAX_RADIO_OPTIONS } from './form-fields.js';
export { OUTCOME_EVENT } from './prompt-element.js';
export { openInNewTab, UrlConsentElement, type WindowOpener } from './url-consent-element.js';
export { UrlWaitElement, type WaitAnswer } from './url-wait-element.js';
export { type WebUI, type WebUIOptions, webUI } from './web-ui.js';

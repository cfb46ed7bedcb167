export { defineElicitElements, ELEMENT_NAMES } from './define.js';
export { ElicitFormElement } from './form-element.js';
export { MAX_RADIO_OPTIONS } from './form-fields.js';
export { OUTCOME_EVENT } from './prompt-element.js';
export { openInNewTab, UrlConsentElement, type WindowOpener } from './url-consent-element.js';
export { UrlWaitElement, type WaitAnswer } from './url-wait-element.js';
export { type WebUI, type WebUIOptions, webUI } from './web-ui.js';

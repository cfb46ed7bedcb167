import { ElicitFormElement } from './form/form-element.js';
import { RateLimitElement } from './limit-element.js';
import { defineOnce, ELEMENT_NAMES } from './names.js';
import { UrlConsentElement } from './url/consent-element.js';
import { UrlWaitElement } from './url/wait-element.js';

/**
 * Registers `<elicit-form>`, `<elicit-url-consent>`, `<elicit-url-wait>` and `<elicit-rate-limit>` (idempotent),
 * for markup use.
 * `webUI()` does not need it: it loads and registers each element when its first prompt arrives.
 */
export function defineElicitElements(registry: CustomElementRegistry = customElements): void {
  defineOnce(ELEMENT_NAMES.form, ElicitFormElement, registry);
  defineOnce(ELEMENT_NAMES.urlConsent, UrlConsentElement, registry);
  defineOnce(ELEMENT_NAMES.urlWait, UrlWaitElement, registry);
  defineOnce(ELEMENT_NAMES.rateLimit, RateLimitElement, registry);
}

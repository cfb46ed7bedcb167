import { ElicitFormElement } from './form/form-element.js';
import { UrlConsentElement } from './url/consent-element.js';
import { UrlWaitElement } from './url/wait-element.js';

/** The tag names {@link defineElicitElements} registers. */
export const ELEMENT_NAMES = {
  form: 'elicit-form',
  urlConsent: 'elicit-url-consent',
  urlWait: 'elicit-url-wait',
} as const;

/** Registers the elements under their names (idempotent). `webUI()` calls it; call it yourself for markup use. */
export function defineElicitElements(registry: CustomElementRegistry = customElements): void {
  const pairs: [string, CustomElementConstructor][] = [
    [ELEMENT_NAMES.form, ElicitFormElement],
    [ELEMENT_NAMES.urlConsent, UrlConsentElement],
    [ELEMENT_NAMES.urlWait, UrlWaitElement],
  ];
  for (const [name, elementClass] of pairs) {
    if (!registry.get(name)) registry.define(name, elementClass);
  }
}

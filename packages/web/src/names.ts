/** The tag names of the elements (`defineElicitElements` registers them all; `webUI` each on first use). */
export const ELEMENT_NAMES = {
  form: 'elicit-form',
  urlConsent: 'elicit-url-consent',
  urlWait: 'elicit-url-wait',
  rateLimit: 'elicit-rate-limit',
} as const;

/** Registers `elementClass` as `name` unless something already is. */
export function defineOnce(
  name: string,
  elementClass: CustomElementConstructor,
  registry = customElements,
): void {
  if (!registry.get(name)) registry.define(name, elementClass);
}

/** The event every prompt element fires once, with its outcome in `detail`. */
export const OUTCOME_EVENT = 'elicit-outcome';

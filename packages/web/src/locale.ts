/**
 * Which language a prompt speaks: its own `locale` (property or attribute), else the nearest `lang`
 * among the element and its ancestors (through shadow roots, so an element inside another component
 * inherits that page's language), else the browser's preferences.
 */
export function resolveLocale(
  element: Element,
  explicit: string | readonly string[] | undefined,
): string | readonly string[] {
  if (explicit !== undefined && explicit.length > 0) return explicit;
  const own = element.getAttribute('locale');
  if (own) return own;
  let node: Node | null = element;
  while (node) {
    if (node instanceof Element) {
      const lang = node.getAttribute('lang');
      if (lang) return lang;
    }
    node = node.parentNode ?? (node instanceof ShadowRoot ? node.host : null);
  }
  return typeof navigator === 'undefined' ? 'en' : navigator.languages;
}

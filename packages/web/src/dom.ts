type Attributes = Record<string, string | boolean | undefined>;
type Child = Node | string | false | undefined;

/**
 * Builds an element. Children given as strings become text nodes, so server text can never be parsed as
 * markup (E-56); attributes are set one by one (never through HTML), `true` as an empty attribute.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? '' : value);
  }
  for (const child of children) {
    if (child === undefined || child === false) continue;
    element.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
  return element;
}

/**
 * A message template with nodes where its `{name}` parameters are: `From {server}` with the server's
 * name as an element. Text around them stays text.
 */
export function withNodes(template: string, nodes: Record<string, Node>): (string | Node)[] {
  return template
    .split(/(\{[A-Za-z][\w-]*\})/)
    .filter((part) => part !== '')
    .map((part) => nodes[part.slice(1, -1)] ?? part);
}

/** `HTMLElement` where it exists, so importing this package in Node (SSR, tests) does not throw. */
export const ElementBase: typeof HTMLElement =
  typeof HTMLElement === 'undefined' ? (class {} as unknown as typeof HTMLElement) : HTMLElement;

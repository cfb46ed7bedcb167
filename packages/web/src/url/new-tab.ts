/** Opens a consented URL; the default is a new top-level browsing context the page cannot reach (E-53). */
export type WindowOpener = (href: string) => void;

/** The default opener: a new tab with `noopener,noreferrer`, so the page keeps no handle on it. */
export const openInNewTab: WindowOpener = (href) => {
  // E-53: noopener + noreferrer: no `window.opener` link back, no Referer, no handle for this page to read.
  window.open(href, '_blank', 'noopener,noreferrer');
};

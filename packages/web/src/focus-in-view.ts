/** Room kept between a focused control and the sticky action bar below it. */
const MARGIN_PX = 8;

/** The nearest ancestor that scrolls vertically (through shadow roots), else the page. */
function scrollerOf(element: Element): Element {
  let node: Node | null = element.parentNode;
  while (node) {
    if (node instanceof Element) {
      const overflow = getComputedStyle(node).overflowY;
      if ((overflow === 'auto' || overflow === 'scroll') && node.scrollHeight > node.clientHeight)
        return node;
    }
    node = node instanceof ShadowRoot ? node.host : node.parentNode;
  }
  return document.scrollingElement ?? document.documentElement;
}

/**
 * WCAG 2.2 2.4.11 (Focus Not Obscured): the action bar sticks to the bottom of the view (E-04, E-42), so a
 * control the browser scrolled just into view can sit under it. On every focus inside `root`, a control
 * that the bar covers is scrolled up until it clears the bar.
 */
export function keepFocusAboveBar(root: ShadowRoot, bars: () => HTMLElement[]): void {
  root.addEventListener('focusin', (event) => {
    const target = event.target;
    if (!(target instanceof HTMLElement)) return;
    const bar = bars().find((candidate) => !candidate.hidden && !candidate.contains(target));
    if (!bar || bars().some((candidate) => candidate.contains(target))) return;
    const barTop = bar.getBoundingClientRect().top;
    const focused = target.getBoundingClientRect();
    const overlap = focused.bottom + MARGIN_PX - barTop;
    if (overlap > 0) scrollerOf(target).scrollBy({ top: overlap, behavior: 'instant' });
  });
}

import type { Requester } from '@elicitkit/client';
import { ElementBase, h } from './dom.js';
import { STYLES } from './styles.js';
import { requesterLabel } from './text.js';

let sheet: CSSStyleSheet | undefined;

/**
 * A constructed stylesheet shared by every element where the browser has them: not subject to a page's
 * `style-src` policy, so hosts need no 'unsafe-inline'. A `<style>` element otherwise.
 */
function adoptStyles(root: ShadowRoot): void {
  if (
    'adoptedStyleSheets' in root &&
    typeof CSSStyleSheet === 'function' &&
    'replaceSync' in CSSStyleSheet.prototype
  ) {
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(STYLES);
    }
    root.adoptedStyleSheets = [sheet];
  } else {
    root.append(h('style', {}, STYLES));
  }
}

/** The event every prompt element fires once, with its outcome in `detail`. */
export const OUTCOME_EVENT = 'elicit-outcome';

/**
 * Shared shape of the prompt elements: an open shadow root (styles stay in, page styles stay out),
 * a host-drawn header naming the server (E-03), Escape as Cancel (E-42), and one outcome event.
 */
export abstract class PromptElement<Prompt, Outcome> extends ElementBase {
  #prompt: Prompt | undefined;
  #settled = false;
  protected readonly root: ShadowRoot;

  constructor() {
    super();
    this.root = this.attachShadow({ mode: 'open' });
    this.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      this.settle(this.cancelOutcome());
    });
  }

  get prompt(): Prompt | undefined {
    return this.#prompt;
  }

  /** Setting a prompt renders it from scratch; an element answers one prompt. */
  set prompt(prompt: Prompt | undefined) {
    this.#prompt = prompt;
    this.#settled = false;
    this.root.replaceChildren();
    if (prompt === undefined) return;
    adoptStyles(this.root);
    this.render(prompt);
  }

  /** Moves focus to where the prompt wants it first (Decline for URL consent, the first field for forms). */
  override focus(options?: FocusOptions): void {
    const target = this.root.querySelector<HTMLElement>('[data-autofocus]');
    (target ?? this.root.querySelector<HTMLElement>('input, select, button'))?.focus(options);
  }

  protected abstract render(prompt: Prompt): void;
  protected abstract cancelOutcome(): Outcome;

  protected settle(outcome: Outcome): void {
    if (this.#settled || this.#prompt === undefined) return;
    this.#settled = true;
    this.dispatchEvent(new CustomEvent(OUTCOME_EVENT, { detail: outcome, bubbles: true, composed: true }));
  }

  /** E-03: who asks, drawn by the host from the server's `initialize` identity, never from its message. */
  protected header(kind: string, requester: Requester, headingId: string): HTMLElement {
    return h(
      'header',
      { part: 'header' },
      h('span', { class: 'kind' }, kind),
      h(
        'h2',
        { id: headingId },
        'From ',
        h('span', { class: 'server', part: 'server' }, requesterLabel(requester)),
      ),
    );
  }

  protected button(label: string, onClick: () => void, attributes: Record<string, string | boolean> = {}) {
    const button = h('button', { type: 'button', ...attributes }, label);
    button.addEventListener('click', onClick);
    return button;
  }
}

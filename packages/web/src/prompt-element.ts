import type { Requester } from '@elicitkit/client';
import { requesterLabel } from '@elicitkit/client/ui-kit';
import { ElementBase, h, withNodes } from './dom.js';
import { keepFocusAboveBar } from './focus-in-view.js';
import { loadMessages, type Messages, peekMessages } from './i18n/messages.js';
import { resolveLocale } from './locale.js';
import { OUTCOME_EVENT } from './names.js';
import { STYLES } from './styles.js';

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

/**
 * Shared shape of the prompt elements: an open shadow root (styles stay in, page styles stay out),
 * a host-drawn header naming the server (E-03), Escape as Cancel (E-42), one outcome event, and the
 * person's language: `locale` (property or attribute), else the nearest `lang` above the element. A
 * language whose catalog is not loaded yet is fetched first; the prompt draws when it arrives (`ready`).
 */
export abstract class PromptElement<Prompt extends { requester: Requester }, Outcome> extends ElementBase {
  static observedAttributes = ['locale'];
  #prompt: Prompt | undefined;
  #locale: string | readonly string[] | undefined;
  #settled = false;
  #drawn = false;
  #wantsFocus = false;
  #generation = 0;
  #ready: Promise<void> = Promise.resolve();
  #messages: Messages | undefined;
  protected readonly root: ShadowRoot;
  /** The sticky action bars, which focus must never hide under (WCAG 2.4.11). */
  protected bars: HTMLElement[] = [];

  constructor() {
    super();
    this.root = this.attachShadow({ mode: 'open' });
    this.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      this.settle(this.cancelOutcome());
    });
    keepFocusAboveBar(this.root, () => this.bars);
  }

  get prompt(): Prompt | undefined {
    return this.#prompt;
  }

  /** Setting a prompt renders it from scratch; an element answers one prompt. */
  set prompt(prompt: Prompt | undefined) {
    this.#prompt = prompt;
    this.#settled = false;
    this.#draw();
  }

  /** The language to speak (a BCP 47 tag or a preference list); default: the nearest `lang` above, then the browser's. */
  get locale(): string | readonly string[] | undefined {
    return this.#locale;
  }

  set locale(locale: string | readonly string[] | undefined) {
    this.#locale = locale;
    if (this.#prompt !== undefined) this.#draw();
  }

  /** A changed `locale` attribute redraws the prompt in that language. */
  attributeChangedCallback(): void {
    if (this.#prompt !== undefined) this.#draw();
  }

  /** Resolves once the current prompt is drawn (at once, unless its language's catalogs had to be fetched). */
  get ready(): Promise<void> {
    return this.#ready;
  }

  /** Once drawn: the language the prompt speaks (for `lang`), its direction (for `dir`) and a label naming it and its server, for a dialog around it. */
  get spoken(): { language: string; dir: 'ltr' | 'rtl'; label: string } | undefined {
    const messages = this.#messages;
    const prompt = this.#prompt;
    if (!messages || !prompt || !this.#drawn) return undefined;
    return {
      language: messages.ui.language,
      dir: messages.ui.dir,
      label: messages.ui.t(this.dialogLabel, { server: requesterLabel(prompt.requester) }),
    };
  }

  /** The message that names this kind of prompt for a dialog around it (`Form request from {server}`). */
  protected abstract readonly dialogLabel: 'dialog.form' | 'dialog.url' | 'dialog.wait' | 'dialog.limit';

  #draw(): void {
    const generation = ++this.#generation;
    this.#drawn = false;
    this.root.replaceChildren();
    this.bars = [];
    const prompt = this.#prompt;
    if (prompt === undefined) return;
    const locale = resolveLocale(this, this.#locale);
    const paint = (messages: Messages) => {
      if (generation !== this.#generation) return;
      adoptStyles(this.root);
      this.#messages = messages;
      this.render(prompt, messages);
      const container = this.root.firstElementChild;
      container?.setAttribute('lang', messages.ui.language);
      container?.setAttribute('dir', messages.ui.dir);
      this.#drawn = true;
      if (this.#wantsFocus) {
        this.#wantsFocus = false;
        this.focus();
      }
    };
    const messages = peekMessages(locale);
    if (messages) {
      paint(messages);
      this.#ready = Promise.resolve();
    } else {
      this.#ready = loadMessages(locale).then(paint);
    }
  }

  /** Moves focus to where the prompt wants it first (Decline for URL consent, the first field for forms). */
  override focus(options?: FocusOptions): void {
    if (!this.#drawn) {
      this.#wantsFocus = true;
      return;
    }
    const target = this.root.querySelector<HTMLElement>('[data-autofocus]');
    (target ?? this.root.querySelector<HTMLElement>('input, select, button'))?.focus(options);
  }

  protected abstract render(prompt: Prompt, messages: Messages): void;
  protected abstract cancelOutcome(): Outcome;

  protected settle(outcome: Outcome): void {
    if (this.#settled || this.#prompt === undefined) return;
    this.#settled = true;
    this.dispatchEvent(new CustomEvent(OUTCOME_EVENT, { detail: outcome, bubbles: true, composed: true }));
  }

  /** E-03: who asks, drawn by the host from the server's `initialize` identity, never from its message. */
  protected header(kind: string, requester: Requester, headingId: string, messages: Messages): HTMLElement {
    // The server's name is isolated (`bdi`), so its text never reorders the words around it.
    const server = h('bdi', { class: 'server', part: 'server' }, requesterLabel(requester));
    return h(
      'header',
      { part: 'header' },
      h('span', { class: 'kind' }, kind),
      h('h2', { id: headingId }, ...withNodes(messages.ui.t('header.from'), { server })),
    );
  }

  protected button(label: string, onClick: () => void, attributes: Record<string, string | boolean> = {}) {
    const button = h('button', { type: 'button', ...attributes }, label);
    button.addEventListener('click', onClick);
    return button;
  }
}

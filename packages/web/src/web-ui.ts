import type {
  CompletionWait,
  ElicitationUI,
  FormAnswer,
  FormPrompt,
  HostNotice,
  RateLimitPrompt,
  UrlAnswer,
  UrlOpener,
  UrlPrompt,
} from '@elicitkit/client';
import type { ElicitFormElement } from './form/form-element.js';
import type { RateLimitElement } from './limit-element.js';
import { defineOnce, ELEMENT_NAMES, OUTCOME_EVENT } from './names.js';
import type { UrlConsentElement } from './url/consent-element.js';
import { openInNewTab, type WindowOpener } from './url/new-tab.js';
import type { UrlWaitElement, WaitAnswer } from './url/wait-element.js';

/**
 * Each prompt kind's element (and what it shares with the others: styles, the English catalogs, the
 * adapter kit) is fetched with the first prompt of that kind, by dynamic `import()`: a page that never
 * receives a prompt never loads the UI. `preloadWebUI()` fetches it all ahead of time.
 */
const ELEMENTS = {
  form: () =>
    import('./form/form-element.js').then((module) => {
      defineOnce(ELEMENT_NAMES.form, module.ElicitFormElement);
      return module.ElicitFormElement;
    }),
  url: () =>
    import('./url/consent-element.js').then((module) => {
      defineOnce(ELEMENT_NAMES.urlConsent, module.UrlConsentElement);
      return module.UrlConsentElement;
    }),
  wait: () =>
    import('./url/wait-element.js').then((module) => {
      defineOnce(ELEMENT_NAMES.urlWait, module.UrlWaitElement);
      return module.UrlWaitElement;
    }),
  limit: () =>
    import('./limit-element.js').then((module) => {
      defineOnce(ELEMENT_NAMES.rateLimit, module.RateLimitElement);
      return module.RateLimitElement;
    }),
};

/** Options of {@link webUI}: where prompts appear, their language and theme, how URLs are opened, where notices go. */
export interface WebUIOptions {
  /**
   * Where prompts appear. Default: a modal `<dialog>` on `document.body`, one per prompt. Given an element
   * (or a function returning one, called per prompt), each prompt is appended there and removed when answered.
   */
  container?: HTMLElement | (() => HTMLElement);
  /**
   * The language prompts speak: a BCP 47 tag or a preference list. Default: the nearest `lang` above where
   * the prompt appears (the container's, or the page's), else the browser's languages. English, German,
   * Japanese and Arabic (right to left) are built in; others fall back to English.
   */
  locale?: string | readonly string[];
  /** Forces a colour scheme; default follows `prefers-color-scheme`. */
  theme?: 'light' | 'dark';
  /** Opens a consented URL inside the click that consented. Default: `window.open(href, '_blank', 'noopener,noreferrer')`. */
  openWindow?: WindowOpener;
  /** Host notices (rate limits, opened URLs, completions). Default: ignored. */
  onNotice?: (notice: HostNotice) => void;
}

/** A browser `ElicitationUI` plus the `opener` to give `installElicitation` alongside it. */
export interface WebUI extends ElicitationUI {
  /**
   * Pass as `installElicitation(client, { ui, opener: ui.opener })`. The consent click already opened the
   * page (browsers only allow pop-ups inside a click), so this only opens URLs that click did not.
   */
  opener: UrlOpener;
}

/**
 * Fetches ahead of the first prompt what `webUI` otherwise fetches with it: the three elements, and the
 * catalogs for `locale` (default: the page's `lang`, else the browser's languages). Optional.
 */
export async function preloadWebUI(locale?: string | readonly string[]): Promise<void> {
  const [{ loadMessages }, { resolveLocale }] = await Promise.all([
    import('./i18n/messages.js'),
    import('./locale.js'),
    ...Object.values(ELEMENTS).map((load) => load()),
  ]);
  await loadMessages(locale ?? resolveLocale(document.body, undefined));
}

/** The element that had focus, looking inside shadow roots, so focus can go back there (WCAG 2.4.3). */
function deepActiveElement(): HTMLElement | undefined {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : undefined;
}

/**
 * `installElicitation(client, { ui, opener: ui.opener })` with `ui = webUI()` is the whole integration.
 * Prompts come one at a time (the pipeline queues them); each is shown, answered, removed, and focus goes
 * back where it was.
 */
export function webUI(options: WebUIOptions = {}): WebUI {
  const openWindow = options.openWindow ?? openInNewTab;
  const openedByClick = new Set<string>();

  async function show<E extends ElicitFormElement | UrlConsentElement | UrlWaitElement | RateLimitElement, O>(
    load: () => Promise<new () => E>,
    prompt: E['prompt'],
    signal: AbortSignal,
    cancel: O,
    prepare?: (element: E) => void,
  ): Promise<O> {
    const ElementClass = await load();
    if (signal.aborted) return cancel;
    const element = new ElementClass();
    prepare?.(element);
    if (options.theme) element.setAttribute('theme', options.theme);
    if (options.locale) element.locale = options.locale;
    const container = typeof options.container === 'function' ? options.container() : options.container;
    const dialog = container ? undefined : document.createElement('dialog');
    // In place before the prompt is set, so it speaks the language of where it is (the nearest `lang`).
    if (dialog) {
      dialog.className = 'elicitkit-dialog';
      dialog.style.cssText =
        'padding:0;border:0;background:transparent;max-width:min(40rem,100vw - 1rem);width:100%';
      dialog.append(element);
      document.body.append(dialog);
    } else {
      container!.append(element);
    }
    element.prompt = prompt;
    // The catalogs of a language not used before are fetched first: nothing shows until it can draw once.
    await element.ready;
    if (signal.aborted) {
      element.remove();
      dialog?.remove();
      return cancel;
    }
    const spoken = element.spoken;
    if (dialog && spoken) {
      dialog.setAttribute('aria-label', spoken.label);
      dialog.setAttribute('lang', spoken.language);
      dialog.setAttribute('dir', spoken.dir);
    }
    const returnFocus = deepActiveElement();
    dialog?.showModal();
    // showModal focuses the dialog's first control and scrolls to it: on a small screen that can be the end of a
    // long prompt. The prompt starts at its top, where it says who asks (E-03); its own focus scrolls only if needed.
    if (dialog) dialog.scrollTop = 0;
    element.focus();
    return new Promise<O>((resolve) => {
      const finish = (outcome: O) => {
        signal.removeEventListener('abort', withdraw);
        element.remove();
        dialog?.close();
        dialog?.remove();
        if (returnFocus?.isConnected) returnFocus.focus();
        resolve(outcome);
      };
      const withdraw = () => finish(cancel);
      signal.addEventListener('abort', withdraw, { once: true });
      element.addEventListener(OUTCOME_EVENT, (event) => finish((event as CustomEvent<O>).detail), {
        once: true,
      });
      // The dialog's own Escape handling would close it without an answer: make it Cancel instead.
      dialog?.addEventListener('cancel', (event) => {
        event.preventDefault();
        finish(cancel);
      });
    });
  }

  return {
    form(prompt: FormPrompt): Promise<FormAnswer> {
      return show(ELEMENTS.form, prompt, prompt.signal, { action: 'cancel' } as FormAnswer);
    },
    url(prompt: UrlPrompt): Promise<UrlAnswer> {
      const prepare = (element: UrlConsentElement) => {
        element.opener = (href) => {
          openedByClick.add(href);
          openWindow(href);
        };
      };
      return show(ELEMENTS.url, prompt, prompt.signal, { action: 'cancel' } as UrlAnswer, prepare);
    },
    waitForCompletion(wait: CompletionWait): Promise<WaitAnswer> {
      return show(ELEMENTS.wait, wait, wait.signal, 'cancel' as WaitAnswer);
    },
    // E-43: a server over its budget; the person decides whether it may ask more (a withdrawn question blocks).
    rateLimited(prompt: RateLimitPrompt): Promise<'allow' | 'block'> {
      return show(ELEMENTS.limit, prompt, prompt.signal, 'block' as const);
    },
    notice(notice: HostNotice): void {
      options.onNotice?.(notice);
    },
    opener: async (href) => {
      if (openedByClick.delete(href)) return;
      openWindow(href);
    },
  };
}

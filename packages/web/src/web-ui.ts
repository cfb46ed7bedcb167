import type {
  CompletionWait,
  ElicitationUI,
  FormAnswer,
  FormPrompt,
  HostNotice,
  UrlAnswer,
  UrlOpener,
  UrlPrompt,
} from '@elicitkit/client';
import { requesterLabel } from '@elicitkit/client/ui-kit';
import { defineElicitElements } from './define.js';
import { ElicitFormElement } from './form/form-element.js';
import { loadMessages, type Messages } from './i18n/messages.js';
import { resolveLocale } from './locale.js';
import { OUTCOME_EVENT, type PromptElement } from './prompt-element.js';
import { openInNewTab, UrlConsentElement, type WindowOpener } from './url/consent-element.js';
import { UrlWaitElement, type WaitAnswer } from './url/wait-element.js';

/** Options of {@link webUI}: where prompts appear, their language and theme, how URLs are opened, where notices go. */
export interface WebUIOptions {
  /**
   * Where prompts appear. Default: a modal `<dialog>` on `document.body`, one per prompt. Given an element
   * (or a function returning one, called per prompt), each prompt is appended there and removed when answered.
   */
  container?: HTMLElement | (() => HTMLElement);
  /**
   * The language prompts speak: a BCP 47 tag or a preference list. Default: the `lang` of the container (or
   * of the page), else the browser's languages. English, German, Japanese and Arabic (right to left) are
   * built in; others fall back to English.
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
 * Fetches the catalogs for `locale` (the web UI's and core's validation messages) ahead of the first
 * prompt, so it shows without waiting. Optional: prompts fetch what they need themselves.
 */
export async function preloadLocale(locale: string | readonly string[]): Promise<void> {
  await loadMessages(locale);
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
  defineElicitElements();
  const openWindow = options.openWindow ?? openInNewTab;
  const openedByClick = new Set<string>();

  async function show<P, O>(
    element: PromptElement<P, O>,
    prompt: P,
    signal: AbortSignal,
    cancel: O,
    label: (messages: Messages) => string,
  ): Promise<O> {
    const container = typeof options.container === 'function' ? options.container() : options.container;
    const locale = options.locale ?? resolveLocale(container ?? document.body, undefined);
    // Fetched before anything shows (at once for English or a language already used), so a prompt never draws twice.
    const messages = await loadMessages(locale);
    if (signal.aborted) return cancel;
    const returnFocus = deepActiveElement();
    if (options.theme) element.setAttribute('theme', options.theme);
    element.locale = locale;
    element.prompt = prompt;
    let dialog: HTMLDialogElement | undefined;
    if (container) {
      container.append(element);
    } else {
      dialog = document.createElement('dialog');
      dialog.setAttribute('aria-label', label(messages));
      dialog.setAttribute('lang', messages.ui.language);
      dialog.setAttribute('dir', messages.ui.dir);
      dialog.className = 'elicitkit-dialog';
      dialog.style.cssText =
        'padding:0;border:0;background:transparent;max-width:min(40rem,100vw - 1rem);width:100%';
      dialog.append(element);
      document.body.append(dialog);
      dialog.showModal();
    }
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

  const dialogLabel =
    (key: 'dialog.form' | 'dialog.url' | 'dialog.wait', requester: FormPrompt['requester']) =>
    (messages: Messages) =>
      messages.ui.t(key, { server: requesterLabel(requester) });

  return {
    form(prompt: FormPrompt): Promise<FormAnswer> {
      return show(
        new ElicitFormElement(),
        prompt,
        prompt.signal,
        { action: 'cancel' },
        dialogLabel('dialog.form', prompt.requester),
      );
    },
    url(prompt: UrlPrompt): Promise<UrlAnswer> {
      const element = new UrlConsentElement();
      element.opener = (href) => {
        openedByClick.add(href);
        openWindow(href);
      };
      return show(
        element,
        prompt,
        prompt.signal,
        { action: 'cancel' },
        dialogLabel('dialog.url', prompt.requester),
      );
    },
    waitForCompletion(wait: CompletionWait): Promise<WaitAnswer> {
      return show(
        new UrlWaitElement(),
        wait,
        wait.signal,
        'cancel',
        dialogLabel('dialog.wait', wait.requester),
      );
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

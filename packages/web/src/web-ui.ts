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
import { defineElicitElements } from './define.js';
import { ElicitFormElement } from './form-element.js';
import { OUTCOME_EVENT, type PromptElement } from './prompt-element.js';
import { requesterLabel } from './text.js';
import { openInNewTab, UrlConsentElement, type WindowOpener } from './url-consent-element.js';
import { UrlWaitElement, type WaitAnswer } from './url-wait-element.js';

/** Options of {@link webUI}: where prompts appear, their theme, how URLs are opened, where notices go. */
export interface WebUIOptions {
  /**
   * Where prompts appear. Default: a modal `<dialog>` on `document.body`, one per prompt. Given an element
   * (or a function returning one, called per prompt), each prompt is appended there and removed when answered.
   */
  container?: HTMLElement | (() => HTMLElement);
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

  function show<P, O>(
    element: PromptElement<P, O>,
    prompt: P,
    signal: AbortSignal,
    cancel: O,
    label: string,
  ): Promise<O> {
    if (signal.aborted) return Promise.resolve(cancel);
    const returnFocus = deepActiveElement();
    if (options.theme) element.setAttribute('theme', options.theme);
    element.prompt = prompt;
    let dialog: HTMLDialogElement | undefined;
    if (options.container) {
      const container = typeof options.container === 'function' ? options.container() : options.container;
      container.append(element);
    } else {
      dialog = document.createElement('dialog');
      dialog.setAttribute('aria-label', label);
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

  return {
    form(prompt: FormPrompt): Promise<FormAnswer> {
      const label = `Form request from ${requesterLabel(prompt.requester)}`;
      return show(new ElicitFormElement(), prompt, prompt.signal, { action: 'cancel' }, label);
    },
    url(prompt: UrlPrompt): Promise<UrlAnswer> {
      const element = new UrlConsentElement();
      element.opener = (href) => {
        openedByClick.add(href);
        openWindow(href);
      };
      const label = `Request to open a web page from ${requesterLabel(prompt.requester)}`;
      return show(element, prompt, prompt.signal, { action: 'cancel' }, label);
    },
    waitForCompletion(wait: CompletionWait): Promise<WaitAnswer> {
      const label = `Waiting for a web page from ${requesterLabel(wait.requester)}`;
      return show(new UrlWaitElement(), wait, wait.signal, 'cancel', label);
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

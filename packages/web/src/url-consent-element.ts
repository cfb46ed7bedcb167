import type { UrlAnswer, UrlPrompt } from '@elicitkit/client';
import type { AllowedUrlAnalysis } from '@elicitkit/core';
import { h } from './dom.js';
import { PromptElement } from './prompt-element.js';
import { safeBlock, safeLine } from './text.js';

let consentCount = 0;

/** Opens a consented URL; the default is a new top-level browsing context the page cannot reach (E-53). */
export type WindowOpener = (href: string) => void;

/** The default opener: a new tab with `noopener,noreferrer`, so the page keeps no handle on it. */
export const openInNewTab: WindowOpener = (href) => {
  // E-53: noopener + noreferrer: no `window.opener` link back, no Referer, no handle for this page to read.
  window.open(href, '_blank', 'noopener,noreferrer');
};

/** `login.secure.` then the registrable domain marked (E-54); IP hosts are shown whole, unmarked. */
export function siteLine(url: AllowedUrlAnalysis): HTMLElement {
  const display = url.display;
  const line = h('p', { class: 'site', part: 'site' });
  if (display.registrableDomain) {
    if (display.subdomain) line.append(`${safeLine(display.subdomain, 300)}.`);
    line.append(h('mark', { part: 'domain' }, safeLine(display.registrableDomain, 300)));
  } else {
    line.append(h('mark', { part: 'domain' }, safeLine(display.hostUnicode, 300)));
  }
  if (display.port) line.append(`:${safeLine(display.port, 10)}`);
  return line;
}

/**
 * Full URL as text (E-52), never a link (E-56), broken anywhere so it fits 320 px, with the registrable
 * domain marked where core located it (E-54). Core's `full` is already printable; it is shown unchanged so
 * the offsets hold.
 */
export function fullUrl(url: AllowedUrlAnalysis, labelId: string): HTMLElement {
  const { full, registrableDomainRange: domain } = url.display;
  return h(
    'p',
    { class: 'url', part: 'url', 'aria-labelledby': labelId },
    ...(domain
      ? [
          full.slice(0, domain.start),
          h('mark', { part: 'url-domain' }, full.slice(domain.start, domain.end)),
          full.slice(domain.end),
        ]
      : [full]),
  );
}

/**
 * `<elicit-url-consent>`: asks before opening a URL (E-51). Shows the full URL (E-52), the site with its
 * registrable domain marked (E-54), the host as the browser sends it when that differs (Punycode), and
 * one line per warning (E-55). Focus starts on Decline. Open happens only in the click on "Open", in a new
 * tab with `noopener,noreferrer` (E-53); then `consent` is the outcome (consent, not completion: E-16).
 */
export class UrlConsentElement extends PromptElement<UrlPrompt, UrlAnswer> {
  /** Replaceable for tests and for hosts that open URLs elsewhere (an Electron shell, say). */
  opener: WindowOpener = openInNewTab;

  protected cancelOutcome(): UrlAnswer {
    return { action: 'cancel' };
  }

  protected render(prompt: UrlPrompt): void {
    const prefix = `ek-url-${++consentCount}`;
    const url = prompt.url;
    const display = url.display;
    const warnings = url.warnings.map((warning) =>
      h('li', { 'data-code': warning.code }, safeLine(warning.message, 500)),
    );
    const asciiDiffers = display.hostAscii !== display.hostUnicode;
    const open = () => {
      // E-51: the only path to opening is this click; the href is core's normalized one, nothing else.
      this.opener(url.href);
      this.settle({ action: 'consent' });
    };
    const body = h(
      'div',
      { class: 'body' },
      h('p', { class: 'message', part: 'message', id: `${prefix}-message` }, safeBlock(prompt.message)),
      h('p', { class: 'hint', id: `${prefix}-site-label` }, 'Site'),
      siteLine(url),
      asciiDiffers
        ? h(
            'p',
            { class: 'hint', part: 'host-ascii' },
            'As your browser sends it: ',
            h('span', { class: 'ascii' }, safeLine(display.hostAscii, 300)),
          )
        : undefined,
      h('p', { class: 'hint', id: `${prefix}-url-label` }, 'Full address'),
      fullUrl(url, `${prefix}-url-label`),
      warnings.length > 0
        ? h('ul', { class: 'warnings', part: 'warnings', 'aria-label': 'Warnings' }, ...warnings)
        : undefined,
    );
    this.root.append(
      h(
        'section',
        {
          part: 'container',
          'aria-labelledby': `${prefix}-heading`,
          'aria-describedby': `${prefix}-message`,
        },
        this.header('Wants to open a web page', prompt.requester, `${prefix}-heading`),
        body,
        h(
          'div',
          { class: 'actions', part: 'actions' },
          this.button('Open in a new tab', open, { class: 'primary', part: 'button open' }),
          this.button('Decline', () => this.settle({ action: 'decline' }), {
            part: 'button decline',
            'data-autofocus': true,
          }),
          this.button('Cancel', () => this.settle({ action: 'cancel' }), { part: 'button cancel' }),
        ),
      ),
    );
  }
}

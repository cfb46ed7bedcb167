import type { UrlAnswer, UrlPrompt } from '@elicitkit/client';
import { consentCard } from '@elicitkit/client/ui-kit';
import { h } from '../dom.js';
import type { Messages } from '../i18n/messages.js';
import { PromptElement } from '../prompt-element.js';
import { safeBlock } from '../text.js';
import { addressNodes, otherSpelling, siteLine, warningText } from './address.js';
import { openInNewTab, type WindowOpener } from './new-tab.js';

let consentCount = 0;

/**
 * `<elicit-url-consent>`: asks before opening a URL (E-51), laid out by the kit's `consentCard`: the site
 * in the spelling the browser will contact whenever the Unicode one could deceive, the other spelling
 * beside it (E-54); the full address (E-52), collapsed around its host when long and expandable; one line
 * per warning (E-55) in the sticky bar with the buttons, so no warning is ever out of view while Open is in
 * view. Focus starts on Decline. Open happens only in the click on "Open", in a new tab with
 * `noopener,noreferrer` (E-53); then `consent` is the outcome (consent, not completion: E-16). Handed a
 * blocked or malformed analysis, it offers no Open at all (E-49).
 */
export class UrlConsentElement extends PromptElement<UrlPrompt, UrlAnswer> {
  /** Replaceable for tests and for hosts that open URLs elsewhere (an Electron shell, say). */
  opener: WindowOpener = openInNewTab;

  protected readonly dialogLabel = 'dialog.url' as const;

  protected cancelOutcome(): UrlAnswer {
    return { action: 'cancel' };
  }

  protected render(prompt: UrlPrompt, messages: Messages): void {
    const t = messages.ui;
    const prefix = `ek-url-${++consentCount}`;
    const card = consentCard(prompt.url);
    const decline = this.button(t.t('action.decline'), () => this.settle({ action: 'decline' }), {
      part: 'button decline',
      'data-autofocus': true,
    });
    const cancel = this.button(t.t('action.cancel'), () => this.settle({ action: 'cancel' }), {
      part: 'button cancel',
    });
    const message = h(
      'p',
      { class: 'message', part: 'message', id: `${prefix}-message`, dir: 'auto' },
      safeBlock(prompt.message),
    );
    const footer = h('div', { class: 'actions', part: 'actions' });
    const body = h('div', { class: 'body' }, message);

    if (!card.openable) {
      body.append(
        h('p', { class: 'blocked', part: 'blocked' }, messages.url.t('url.blocked')),
        h('p', { class: 'url', part: 'url', dir: 'ltr' }, ...addressNodes(card.address, messages)),
      );
      footer.append(h('div', { class: 'buttons' }, decline, cancel));
    } else {
      const urlId = `${prefix}-url`;
      const address = h('p', { class: 'url', part: 'url', id: urlId, dir: 'ltr' });
      const addressBlock = h('dd', {}, address);
      const collapsed = card.collapsed;
      if (collapsed) {
        let expanded = false;
        const toggle = this.button('', () => draw(!expanded), {
          class: 'link',
          part: 'button toggle-url',
          'aria-controls': urlId,
        });
        const draw = (full: boolean) => {
          expanded = full;
          address.replaceChildren(...addressNodes(full ? card.address : collapsed, messages));
          toggle.textContent = full ? t.t('url.showShort') : t.t('url.showFull', { count: card.href.length });
          toggle.setAttribute('aria-expanded', String(full));
        };
        draw(false);
        addressBlock.append(toggle);
      } else {
        address.append(...addressNodes(card.address, messages));
      }
      body.append(h('dl', { class: 'facts' }, h('dt', {}, t.t('url.address')), addressBlock));
      // E-54: the real site rides in the sticky bar with the warnings and Open, so however long the address and the
      // warnings (a userinfo trick makes both long), the site the browser will go to is in view where Open is.
      footer.append(
        h(
          'dl',
          { class: 'facts site-facts' },
          h('dt', {}, t.t('url.site')),
          h('dd', {}, siteLine(card.site), otherSpelling(card.site, messages) ?? ''),
        ),
      );
      if (card.warnings.length > 0) {
        const headingId = `${prefix}-warnings`;
        footer.append(
          // Focusable so that a keyboard can scroll it when the warnings outgrow their share of the screen.
          h(
            'div',
            { class: 'warnings-box', role: 'region', 'aria-labelledby': headingId, tabindex: '0' },
            h('h3', { id: headingId }, t.t('url.warnings', { count: card.warnings.length })),
            h(
              'ul',
              { class: 'warnings', part: 'warnings' },
              ...card.warnings.map((warning) =>
                h('li', { 'data-code': warning.code }, warningText(warning, card.warningParams, messages)),
              ),
            ),
          ),
        );
      }
      const open = this.button(
        t.t('action.open'),
        () => {
          // E-51: the only path to opening is this click; the href is the one core verified, nothing else.
          this.opener(card.href);
          this.settle({ action: 'consent' });
        },
        { class: 'primary', part: 'button open' },
      );
      footer.append(h('div', { class: 'buttons' }, open, decline, cancel));
    }
    this.bars = [footer];
    this.root.append(
      h(
        'section',
        {
          part: 'container',
          'aria-labelledby': `${prefix}-heading`,
          'aria-describedby': `${prefix}-message`,
        },
        this.header(t.t('kind.url'), prompt.requester, `${prefix}-heading`, messages),
        body,
        footer,
      ),
    );
  }
}

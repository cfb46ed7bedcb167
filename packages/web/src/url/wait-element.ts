import type { CompletionWait } from '@elicitkit/client';
import { consentCard } from '@elicitkit/client/ui-kit';
import { h } from '../dom.js';
import type { Messages } from '../i18n/messages.js';
import { PromptElement } from '../prompt-element.js';
import { addressNodes, siteLine } from './address.js';

/** The person's choice while a URL flow runs: retry now, or give up. */
export type WaitAnswer = 'retry' | 'cancel';

let waitCount = 0;

/**
 * `<elicit-url-wait>`: shown after consent while the person finishes in the other tab (E-22): which pages
 * are pending, and "Retry now" / "Cancel". The host withdraws it when the server reports completion.
 */
export class UrlWaitElement extends PromptElement<CompletionWait, WaitAnswer> {
  protected readonly dialogLabel = 'dialog.wait' as const;

  protected cancelOutcome(): WaitAnswer {
    return 'cancel';
  }

  protected render(wait: CompletionWait, messages: Messages): void {
    const t = messages.ui;
    const prefix = `ek-wait-${++waitCount}`;
    const pending = wait.pending.map((entry) => {
      const card = consentCard(entry.url);
      return h(
        'li',
        {},
        card.openable ? siteLine(card.site) : '',
        h(
          'dl',
          { class: 'facts' },
          h('dt', { class: 'visually-hidden' }, t.t('wait.address')),
          h(
            'dd',
            {},
            h(
              'p',
              { class: 'url', part: 'url', dir: 'ltr' },
              ...addressNodes(card.openable ? (card.collapsed ?? card.address) : card.address, messages),
            ),
          ),
        ),
      );
    });
    const actions = h(
      'div',
      { class: 'actions', part: 'actions' },
      h(
        'div',
        { class: 'buttons' },
        this.button(t.t('action.retry'), () => this.settle('retry'), {
          class: 'primary',
          part: 'button retry',
          'data-autofocus': true,
        }),
        this.button(t.t('action.cancel'), () => this.settle('cancel'), { part: 'button cancel' }),
      ),
    );
    this.bars = [actions];
    this.root.append(
      h(
        'section',
        { part: 'container', 'aria-labelledby': `${prefix}-heading` },
        this.header(t.t('kind.wait'), wait.requester, `${prefix}-heading`, messages),
        h(
          'div',
          { class: 'body' },
          h('p', { class: 'status', role: 'status' }, t.t('wait.status')),
          h('ul', { part: 'pending' }, ...pending),
        ),
        actions,
      ),
    );
  }
}

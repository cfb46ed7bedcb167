import type { CompletionWait } from '@elicitkit/client';
import { h } from './dom.js';
import { PromptElement } from './prompt-element.js';
import { fullUrl, siteLine } from './url-consent-element.js';

/** The person's choice while a URL flow runs: retry now, or give up. */
export type WaitAnswer = 'retry' | 'cancel';

let waitCount = 0;

/**
 * `<elicit-url-wait>`: shown after consent while the person finishes in the other tab (E-22): which pages
 * are pending, and "Retry now" / "Cancel". The host withdraws it when the server reports completion.
 */
export class UrlWaitElement extends PromptElement<CompletionWait, WaitAnswer> {
  protected cancelOutcome(): WaitAnswer {
    return 'cancel';
  }

  protected render(wait: CompletionWait): void {
    const prefix = `ek-wait-${++waitCount}`;
    const pending = wait.pending.map((entry, index) =>
      h(
        'li',
        {},
        siteLine(entry.url),
        h('span', { class: 'visually-hidden', id: `${prefix}-u${index}` }, 'Address'),
        fullUrl(entry.url, `${prefix}-u${index}`),
      ),
    );
    this.root.append(
      h(
        'section',
        { part: 'container', 'aria-labelledby': `${prefix}-heading` },
        this.header('Waiting for you to finish in the other tab', wait.requester, `${prefix}-heading`),
        h(
          'div',
          { class: 'body' },
          h(
            'p',
            { class: 'status', role: 'status' },
            'When you are done there, this continues by itself. If it does not, choose "Retry now".',
          ),
          h('ul', { part: 'pending' }, ...pending),
        ),
        h(
          'div',
          { class: 'actions', part: 'actions' },
          this.button('Retry now', () => this.settle('retry'), {
            class: 'primary',
            part: 'button retry',
            'data-autofocus': true,
          }),
          this.button('Cancel', () => this.settle('cancel'), { part: 'button cancel' }),
        ),
      ),
    );
  }
}

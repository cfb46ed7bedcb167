import type { RateLimitPrompt } from '@elicitkit/client';
import { h } from './dom.js';
import type { Messages } from './i18n/messages.js';
import { PromptElement } from './prompt-element.js';

let limitCount = 0;

/**
 * `<elicit-rate-limit>`: a server went over its request budget (E-43); asks the person whether to let it ask
 * more. "Refuse for now" has the focus and is what Escape and a withdrawn question mean, so a flood never gets
 * through by a stray key.
 */
export class RateLimitElement extends PromptElement<RateLimitPrompt, 'allow' | 'block'> {
  protected readonly dialogLabel = 'dialog.limit' as const;

  protected cancelOutcome(): 'allow' | 'block' {
    return 'block';
  }

  protected render(prompt: RateLimitPrompt, messages: Messages): void {
    const t = messages.ui;
    const prefix = `ek-limit-${++limitCount}`;
    const actions = h(
      'div',
      { class: 'actions', part: 'actions' },
      h(
        'div',
        { class: 'buttons' },
        this.button(t.t('action.block'), () => this.settle('block'), {
          class: 'primary',
          part: 'button block',
          'data-autofocus': true,
        }),
        this.button(t.t('action.allow'), () => this.settle('allow'), { part: 'button allow' }),
      ),
    );
    this.bars = [actions];
    this.root.append(
      h(
        'section',
        { part: 'container', 'aria-labelledby': `${prefix}-heading` },
        this.header(t.t('kind.limit'), prompt.requester, `${prefix}-heading`, messages),
        h(
          'div',
          { class: 'body' },
          h('p', {}, t.t(prompt.reason === 'runaway' ? 'limit.runaway' : 'limit.unsolicited')),
          h('p', { class: 'status', role: 'status' }, t.t('limit.question')),
        ),
        actions,
      ),
    );
  }
}

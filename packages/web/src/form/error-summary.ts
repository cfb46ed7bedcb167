import { h, withNodes } from '../dom.js';
import type { Messages } from '../i18n/messages.js';
import { safeLine } from '../text.js';

/** One entry of the summary: the field's label, the message, and the control it links to (none for a form-wide issue). */
export interface SummaryEntry {
  label?: string;
  message: string;
  targetId?: string;
}

/**
 * The error summary of GOV.UK Frontend: above the form, a heading and one link per problem, each moving
 * focus to its field. In the document from the start (an alert region that is empty until needed).
 */
export function errorSummary(id: string, messages: Messages, focusField: (targetId: string) => void) {
  const headingId = `${id}-heading`;
  const inner = h('div', { role: 'alert' });
  const element = h(
    'div',
    { class: 'summary', part: 'error-summary', tabindex: '-1', 'aria-labelledby': headingId, hidden: true },
    inner,
  );
  return {
    element,
    /** Shows `entries` under `heading` (or clears the summary when there are none) and moves focus to it. */
    show(entries: SummaryEntry[], heading = messages.ui.t('summary.heading'), moveFocus = true) {
      if (entries.length === 0) {
        inner.replaceChildren();
        element.hidden = true;
        return;
      }
      const items = entries.map((entry) => {
        const message = safeLine(entry.message, 600);
        const text =
          entry.label === undefined
            ? [message]
            : withNodes(messages.ui.t('summary.entry'), {
                field: h('bdi', {}, safeLine(entry.label, 120)),
                message: document.createTextNode(message),
              });
        if (!entry.targetId) return h('li', {}, ...text);
        const target = entry.targetId;
        // An in-page link, made by the host (never from a server string, E-56); the click moves focus itself,
        // since a fragment cannot reach into a shadow root.
        const link = h('a', { href: `#${target}` }, ...text);
        link.addEventListener('click', (event) => {
          event.preventDefault();
          focusField(target);
        });
        return h('li', {}, link);
      });
      inner.replaceChildren(h('h3', { id: headingId }, heading), h('ul', {}, ...items));
      element.hidden = false;
      if (moveFocus) element.focus();
    },
  };
}

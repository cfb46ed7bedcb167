import type { FormAnswer, FormPrompt } from '@elicitkit/client';
import type { ContentIssue, FormField } from '@elicitkit/core';
import { h } from './dom.js';
import { type FieldView, renderField } from './form-fields.js';
import { PromptElement } from './prompt-element.js';
import { safeBlock, safeLine } from './text.js';

let formCount = 0;

function issuesFor(issues: readonly ContentIssue[] | undefined, name: string): string[] {
  // Core's answer paths start with the field's name as one key (`['tags', 1]`), so `tag.x` is not `tag`.
  return (issues ?? []).filter((issue) => issue.path[0] === name).map((issue) => issue.message);
}

/** How an answer reads in the review: option titles rather than raw values. */
function shown(field: FormField, value: unknown): string {
  if (value === undefined) return '—';
  const label = (v: unknown) => field.options?.find((option) => option.value === v)?.label ?? String(v);
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.map(label).join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return field.kind === 'select' ? label(value) : String(value);
}

/**
 * `<elicit-form>`: a form request. The person fills the fields (defaults prefilled, E-13; live checks with
 * core's messages, E-59), reviews every answer and may go back to change any (E-05), then submits.
 * Decline and Cancel are on every step (E-04, E-42); Escape cancels. Fires `elicit-outcome` once.
 */
export class ElicitFormElement extends PromptElement<FormPrompt, FormAnswer> {
  #views: FieldView[] = [];

  protected cancelOutcome(): FormAnswer {
    return { action: 'cancel' };
  }

  protected render(prompt: FormPrompt): void {
    const prefix = `ek-form-${++formCount}`;
    const headingId = `${prefix}-heading`;
    const messageId = `${prefix}-message`;
    const edit = h('form', {
      part: 'form',
      'aria-labelledby': headingId,
      'aria-describedby': messageId,
      novalidate: true,
    });
    const review = h('section', {
      part: 'review',
      'aria-labelledby': `${prefix}-review-heading`,
      hidden: true,
    });

    this.#views = prompt.fields.map((field, index) => {
      const view = renderField(field, prompt.initial[field.name], `${prefix}-f${index}`);
      const check = () =>
        view.showIssues(prompt.validateField(field.name, view.read()).map((i) => i.message));
      view.element.addEventListener('input', check);
      view.element.addEventListener('change', check);
      view.showIssues(issuesFor(prompt.issues, field.name));
      return view;
    });

    const answers = () => {
      const content: Record<string, unknown> = {};
      for (const view of this.#views) {
        const value = view.read();
        if (value !== undefined) content[view.field.name] = value;
      }
      return content;
    };

    const banner = h('p', { class: 'error', role: 'alert' });
    if (prompt.issues && prompt.issues.length > 0)
      banner.textContent = 'Your last answers were not accepted; please correct them.';

    const toReview = () => {
      const content = answers();
      const verdict = prompt.validate(content);
      if (!verdict.ok) {
        for (const view of this.#views) view.showIssues(issuesFor(verdict.issues, view.field.name));
        this.#views.find((view) => issuesFor(verdict.issues, view.field.name).length > 0)?.focus();
        return;
      }
      const list = h('dl', { part: 'answers' });
      for (const view of this.#views) {
        list.append(
          h('dt', {}, safeLine(view.field.label, 120)),
          h('dd', {}, safeBlock(shown(view.field, content[view.field.name]), 2000)),
        );
      }
      review.replaceChildren(
        h('h3', { id: `${prefix}-review-heading`, tabindex: '-1' }, 'Review your answers'),
        list,
      );
      edit.hidden = true;
      review.hidden = false;
      editActions.hidden = true;
      reviewActions.hidden = false;
      review.querySelector<HTMLElement>('h3')?.focus();
    };
    const backToEdit = () => {
      review.hidden = true;
      edit.hidden = false;
      reviewActions.hidden = true;
      editActions.hidden = false;
      this.#views[0]?.focus();
    };
    const submit = () => {
      const content = answers();
      // E-59: the pipeline's own check, once more, right before sending.
      const verdict = prompt.validate(content);
      if (verdict.ok) this.settle({ action: 'submit', content });
      else backToEdit();
    };
    edit.addEventListener('submit', (event) => {
      event.preventDefault();
      toReview();
    });

    const decline = () => this.settle({ action: 'decline' });
    const cancel = () => this.settle({ action: 'cancel' });
    const editActions = h(
      'div',
      { class: 'actions', part: 'actions' },
      this.button('Review answers', toReview, { class: 'primary', part: 'button primary' }),
      this.button('Decline', decline, { part: 'button decline' }),
      this.button('Cancel', cancel, { part: 'button cancel' }),
    );
    const reviewActions = h(
      'div',
      { class: 'actions', part: 'actions', hidden: true },
      this.button(`Submit`, submit, { class: 'primary', part: 'button submit' }),
      this.button('Edit answers', backToEdit, { part: 'button edit' }),
      this.button('Decline', decline, { part: 'button decline' }),
      this.button('Cancel', cancel, { part: 'button cancel' }),
    );
    edit.append(...this.#views.map((view) => view.element));
    // A form without fields is a confirmation: nothing to review.
    if (prompt.fields.length === 0) {
      editActions.replaceChildren(
        this.button('Confirm', () => this.settle({ action: 'submit', content: {} }), {
          class: 'primary',
          part: 'button submit',
        }),
        this.button('Decline', decline, { part: 'button decline' }),
        this.button('Cancel', cancel, { part: 'button cancel' }),
      );
    }
    this.root.append(
      h(
        'div',
        { part: 'container' },
        this.header('Form request', prompt.requester, headingId),
        h(
          'div',
          { class: 'body' },
          h('p', { id: messageId, class: 'message', part: 'message' }, safeBlock(prompt.message)),
          banner,
          edit,
          review,
        ),
        editActions,
        reviewActions,
      ),
    );
  }
}

import type { FormAnswer, FormPrompt } from '@elicitkit/client';
import { answerText, assembleAnswer, issuesFor, isUnanswered } from '@elicitkit/client/ui-kit';
import { type ContentIssue, issueMessage, type MessageIssue } from '@elicitkit/core';
import { h } from '../dom.js';
import type { Messages } from '../i18n/messages.js';
import { PromptElement } from '../prompt-element.js';
import { safeBlock, safeLine } from '../text.js';
import { errorSummary, type SummaryEntry } from './error-summary.js';
import type { FieldView } from './field-view.js';
import { renderField } from './render-field.js';

let formCount = 0;

/** A field's messages in the person's language, and whether one is a pattern failure (the regex disclosure opens). */
function worded(view: FieldView, issues: readonly MessageIssue[], messages: Messages) {
  return {
    messages: issues.map((issue) => issueMessage(issue, messages.validation, view.field)),
    pattern: issues.some((issue) => issue.code === 'pattern' && issue.params?.reason === undefined),
  };
}

/**
 * `<elicit-form>`: a form request. The person fills the fields (defaults prefilled, E-13), reviews every
 * answer and may go back to change any (E-05), then submits. Checks follow GOV.UK Frontend: a field is
 * checked when the person leaves it after changing it, never on the first keystroke; once a message
 * shows it updates as they type; Review checks every field and, when something is wrong, puts an error
 * summary with links to the fields above the form (E-59, core's rules in the person's language). Enter
 * in a field means Review. Unanswered fields are left out of the answer. Decline and Cancel are on every
 * step (E-04, E-42); Escape cancels. Fires `elicit-outcome` once.
 */
export class ElicitFormElement extends PromptElement<FormPrompt, FormAnswer> {
  #views: FieldView[] = [];

  protected readonly dialogLabel = 'dialog.form' as const;

  protected cancelOutcome(): FormAnswer {
    return { action: 'cancel' };
  }

  protected render(prompt: FormPrompt, messages: Messages): void {
    const t = messages.ui;
    const prefix = `ek-form-${++formCount}`;
    const headingId = `${prefix}-heading`;
    const messageId = `${prefix}-message`;
    const formId = `${prefix}-form`;
    const edit = h('form', {
      id: formId,
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
    const summary = errorSummary(`${prefix}-summary`, messages, (targetId) => {
      this.root.getElementById(targetId)?.focus();
    });

    const showing = new Set<FieldView>();
    const show = (view: FieldView, issues: readonly MessageIssue[]) => {
      const { messages: list, pattern } = worded(view, issues, messages);
      view.showErrors(list, pattern);
      if (list.length > 0) showing.add(view);
      else showing.delete(view);
      return list;
    };
    const check = (view: FieldView) => {
      const parsed = view.read();
      if (!parsed.ok) return show(view, [parsed]);
      // No answer is no answer for every kind (an empty multi-select too): only `required` can object to it.
      const value = isUnanswered(view.field, parsed.value) ? undefined : parsed.value;
      return show(view, prompt.validateField(view.field.name, value));
    };
    // A message that appears when the person leaves a field moves what is below it. Left by pressing on another
    // control, the check waits for the press to end, so the click lands where it was aimed (a checkbox, a button).
    let pressing = false;
    const afterPress: (() => void)[] = [];
    const whenReleased = () => {
      pressing = false;
      // After the click this release makes: a task, since the click is dispatched after pointerup's listeners.
      setTimeout(() => {
        for (const run of afterPress.splice(0)) run();
      });
    };

    this.#views = prompt.fields.map((field, index) => {
      const view = renderField({
        field,
        id: `${prefix}-f${index}`,
        initial: prompt.initial[field.name],
        messages,
      });
      let dirty = false;
      const changed = () => {
        dirty = true;
        if (showing.has(view)) check(view); // a message already shown follows the typing (and clears when fixed)
      };
      view.element.addEventListener('input', changed);
      view.element.addEventListener('change', changed);
      view.element.addEventListener('focusout', (event) => {
        const next = event.relatedTarget;
        if (next instanceof Node && view.element.contains(next)) return;
        // Typed in part, a date input fires no `input` (its value stays ''): what it cannot read is a change too.
        if (!dirty && view.read().ok) return;
        if (pressing) afterPress.push(() => check(view));
        else check(view);
      });
      return view;
    });

    const values = () => {
      const read: Record<string, unknown> = {};
      for (const view of this.#views) {
        const parsed = view.read();
        if (parsed.ok) read[view.field.name] = parsed.value;
      }
      return assembleAnswer(prompt.fields, read);
    };
    const entry = (view: FieldView, message: string): SummaryEntry => ({
      label: view.field.label,
      message,
      targetId: view.focusId,
    });
    /** Shows `issues` at their fields and in the summary; issues of no field go in the summary only. */
    const showIssues = (issues: readonly ContentIssue[], heading?: string, moveFocus = true) => {
      const entries: SummaryEntry[] = [];
      for (const view of this.#views) {
        const list = show(view, issuesFor(issues, view.field.name));
        if (list[0] !== undefined) entries.push(entry(view, list[0]));
      }
      const names = new Set(prompt.fields.map((field) => field.name));
      for (const issue of issues) {
        if (!names.has(String(issue.path[0])))
          entries.push({ message: issueMessage(issue, messages.validation) });
      }
      summary.show(entries, heading, moveFocus);
    };

    const toReview = () => {
      const entries: SummaryEntry[] = [];
      for (const view of this.#views) {
        const list = check(view);
        if (list[0] !== undefined) entries.push(entry(view, list[0]));
      }
      if (entries.length > 0) {
        summary.show(entries);
        return;
      }
      const content = values();
      const verdict = prompt.validate(content);
      if (!verdict.ok) {
        showIssues(verdict.issues);
        return;
      }
      summary.show([]);
      const words = { yes: t.t('answer.yes'), no: t.t('answer.no'), unanswered: t.t('answer.unanswered') };
      const list = h('dl', { part: 'answers' });
      for (const view of this.#views) {
        list.append(
          h('dt', {}, h('bdi', {}, safeLine(view.field.label, 120))),
          h(
            'dd',
            { dir: 'auto' },
            safeBlock(answerText(view.field, content[view.field.name], words, t), 2000),
          ),
        );
      }
      review.replaceChildren(
        h('h3', { id: `${prefix}-review-heading`, tabindex: '-1' }, t.t('review.heading')),
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
      const content = values();
      // E-59: the pipeline's own check, once more, right before sending.
      const verdict = prompt.validate(content);
      if (verdict.ok) this.settle({ action: 'submit', content });
      else {
        backToEdit();
        showIssues(verdict.issues);
      }
    };
    // Enter in a field submits the form, which means Review: the Review button is the form's submit button.
    edit.addEventListener('submit', (event) => {
      event.preventDefault();
      toReview();
    });

    const decline = () => this.settle({ action: 'decline' });
    const cancel = () => this.settle({ action: 'cancel' });
    const declineButton = () => this.button(t.t('action.decline'), decline, { part: 'button decline' });
    const cancelButton = () => this.button(t.t('action.cancel'), cancel, { part: 'button cancel' });
    const editActions = h(
      'div',
      { class: 'actions', part: 'actions' },
      prompt.fields.length === 0
        ? // A form without fields is a confirmation: nothing to review.
          this.button(t.t('action.confirm'), () => this.settle({ action: 'submit', content: {} }), {
            class: 'primary',
            part: 'button submit',
          })
        : h(
            'button',
            { type: 'submit', form: formId, class: 'primary', part: 'button primary' },
            t.t('action.review'),
          ),
      declineButton(),
      cancelButton(),
    );
    const reviewActions = h(
      'div',
      { class: 'actions', part: 'actions', hidden: true },
      this.button(t.t('action.submit'), submit, { class: 'primary', part: 'button submit' }),
      this.button(t.t('action.edit'), backToEdit, { part: 'button edit' }),
      declineButton(),
      cancelButton(),
    );
    this.bars = [editActions, reviewActions];
    edit.append(...this.#views.map((view) => view.element));
    const container = h(
      'div',
      { part: 'container' },
      this.header(t.t('kind.form'), prompt.requester, headingId, messages),
      h(
        'div',
        { class: 'body' },
        h('p', { id: messageId, class: 'message', part: 'message', dir: 'auto' }, safeBlock(prompt.message)),
        summary.element,
        edit,
        review,
      ),
      editActions,
      reviewActions,
    );
    container.addEventListener('pointerdown', () => {
      pressing = true;
      window.addEventListener('pointerup', whenReleased, { once: true, capture: true });
      window.addEventListener('pointercancel', whenReleased, { once: true, capture: true });
    });
    this.root.append(container);
    // A re-ask after a refused answer: its issues at their fields and in the summary, focus on the first field.
    if (prompt.issues && prompt.issues.length > 0)
      showIssues(prompt.issues, t.t('summary.notAccepted'), false);
  }
}

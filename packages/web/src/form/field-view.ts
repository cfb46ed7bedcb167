import { fieldHint } from '@elicitkit/client/ui-kit';
import type { FormField } from '@elicitkit/core';
import { h } from '../dom.js';
import type { Messages } from '../i18n/messages.js';
import { safeBlock, safeLine } from '../text.js';

/** A field's current answer (`undefined` when unanswered), or why its input cannot be read. */
export type FieldReading =
  | { ok: true; value: unknown }
  | { ok: false; code: 'not-a-number' }
  | { ok: false; code: 'format'; params: { format: string } };

/** One rendered field: its DOM, how to read its answer, and where its messages go. */
export interface FieldView {
  field: FormField;
  /** The form group: label, description, hint, error region, control(s). */
  element: HTMLElement;
  /** The id the error summary links to (the control, or a group's first control). */
  focusId: string;
  /** The answer as the schema wants it, `undefined` when unanswered, or why the input is unreadable. */
  read(): FieldReading;
  /** Shows `messages` in the error region (empty clears it); `pattern` also opens the regex disclosure. */
  showErrors(messages: string[], pattern?: boolean): void;
  focus(): void;
}

/** What every field kind needs to draw itself. */
export interface FieldContext {
  field: FormField;
  /** Unique within the document; descriptions, hints and errors hang off it (aria-describedby). */
  id: string;
  initial: unknown;
  messages: Messages;
}

/** The parts around a control that every field shares (GOV.UK form group: label, hint, error, control). */
export interface FieldChrome {
  /** The label's content: the server's label (isolated) and, for an optional field, "(optional)". */
  label: (string | Node)[];
  /** Description and hint paragraphs, then the error region: placed between the label and the control. */
  before: HTMLElement[];
  /** The regex disclosure for developers, after the control (pattern fields only). */
  after: HTMLElement[];
  /** ids for the control's `aria-describedby`. */
  describedBy: string;
  showErrors(messages: string[], pattern?: boolean): void;
}

/**
 * The shared parts of a field. The error region is in the document from the start, empty, so screen
 * readers know it before it speaks (a region added or shown only with its first message is often
 * missed). Its messages start with a visually hidden "Error:".
 */
export function fieldChrome(ctx: FieldContext, setInvalid: (invalid: boolean) => void): FieldChrome {
  const { field, id, messages } = ctx;
  const t = messages.ui;
  const descId = `${id}-desc`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const description = field.description ? safeBlock(field.description, 1000) : '';
  // The rule before any message (fieldHint). The input says the kind (`inputmode`, pickers), so the hint only
  // bounds it; a line of its own under the label, so it starts with a capital (`At least 1`).
  const bare = fieldHint(field, messages.hints, { namesKind: false });
  const hint = bare && bare.charAt(0).toLocaleUpperCase(messages.hints.locale) + bare.slice(1);
  const error = h('p', { id: errorId, class: 'error', part: 'error', 'aria-live': 'polite' });
  const label: (string | Node)[] = [h('bdi', {}, safeLine(field.label, 120))];
  // Only optional fields are marked, in words: a required field's name is read once, its state by `aria-required`.
  if (!field.required) label.push(' ', h('span', { class: 'optional' }, t.t('field.optional')));
  const before = [
    description
      ? h('p', { id: descId, class: 'desc', part: 'description', dir: 'auto' }, description)
      : undefined,
    hint ? h('p', { id: hintId, class: 'hint', part: 'hint' }, hint) : undefined,
    error,
  ].filter((element): element is HTMLParagraphElement => element !== undefined);
  // Valid until a check says otherwise: without it, the browser's own validity (an email half typed, a number out
  // of range) reaches assistive technology as "invalid" while no message explains it (GOV.UK: no error before
  // the person leaves the field).
  setInvalid(false);
  const pattern = field.constraints.pattern;
  const details = pattern
    ? h(
        'details',
        { class: 'technical', part: 'pattern-details', hidden: true },
        h('summary', {}, t.t('pattern.details')),
        h('p', {}, t.t('pattern.rule'), ' ', h('code', { dir: 'ltr' }, safeLine(pattern, 1000))),
      )
    : undefined;
  return {
    label,
    before,
    after: details ? [details] : [],
    describedBy: [description && descId, hint && hintId, errorId].filter(Boolean).join(' '),
    showErrors(list, showPattern = false) {
      const text = list.map((message) => safeLine(message, 600)).join(' ');
      error.replaceChildren(
        ...(text === '' ? [] : [h('span', { class: 'visually-hidden' }, `${t.t('error.prefix')} `), text]),
      );
      if (details) details.hidden = !showPattern;
      setInvalid(list.length > 0);
    },
  };
}

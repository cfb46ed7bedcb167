import type { FieldOption } from '@elicitkit/core';
import { h } from '../dom.js';
import { safeLine } from '../text.js';
import { type FieldContext, type FieldView, fieldChrome } from './field-view.js';

/** The "no answer" choice of an optional single choice: the honest start when the schema gives no default. */
const NO_ANSWER = '';

/** A yes/no field with a default: one checkbox (its default is already an answer, so there is no "unanswered"). */
export function checkboxField(ctx: FieldContext): FieldView {
  const { field, id } = ctx;
  const input = h('input', { type: 'checkbox', id, name: field.name });
  input.checked = ctx.initial === true;
  const chrome = fieldChrome(ctx, (invalid) => input.setAttribute('aria-invalid', String(invalid)));
  input.setAttribute('aria-describedby', chrome.describedBy);
  const element = h(
    'div',
    { class: 'field', part: 'field' },
    ...chrome.before,
    h('label', { class: 'choice', for: id }, input, ...chrome.label),
    ...chrome.after,
  );
  return {
    field,
    element,
    focusId: id,
    read: () => ({ ok: true, value: input.checked }),
    showErrors: chrome.showErrors,
    focus: () => input.focus(),
  };
}

interface Choice {
  value: string | boolean;
  label: string;
}

/**
 * A few choices as radio buttons (a select with few options, or yes/no without a default) or, for a
 * multi-select, checkboxes. An optional single choice also offers "No answer", checked when there is
 * no answer yet: nothing is preselected that the schema did not choose.
 */
export function groupField(ctx: FieldContext, multi: boolean): FieldView {
  const { field, id, messages } = ctx;
  const t = messages.ui;
  const choices: Choice[] =
    field.kind === 'boolean'
      ? [
          { value: true, label: t.t('answer.yes') },
          { value: false, label: t.t('answer.no') },
        ]
      : (field.options ?? []).map((option: FieldOption) => ({
          value: option.value,
          label: safeLine(option.label, 120),
        }));
  const chosen = multi ? new Set(Array.isArray(ctx.initial) ? ctx.initial : []) : new Set([ctx.initial]);
  const inputs = choices.map((choice, index) => {
    const input = h('input', {
      type: multi ? 'checkbox' : 'radio',
      name: id,
      id: `${id}-${index}`,
      value: String(index),
    });
    input.checked = chosen.has(choice.value);
    return { input, choice };
  });
  const rows = inputs.map(({ input, choice }) =>
    h('label', { class: 'choice', for: input.id }, input, h('bdi', {}, choice.label)),
  );
  let none: HTMLInputElement | undefined;
  if (!multi && !field.required) {
    none = h('input', { type: 'radio', name: id, id: `${id}-none`, value: NO_ANSWER });
    none.checked = !inputs.some(({ input }) => input.checked);
    rows.push(h('label', { class: 'choice', for: none.id }, none, t.t('answer.none')));
  }
  const controls = [...inputs.map((entry) => entry.input), ...(none ? [none] : [])];
  const chrome = fieldChrome(ctx, (invalid) => {
    for (const control of controls) control.setAttribute('aria-invalid', String(invalid));
  });
  const element = h(
    'fieldset',
    {
      class: 'field',
      part: 'field',
      'aria-describedby': chrome.describedBy,
      role: multi ? undefined : 'radiogroup',
      'aria-required': field.required && !multi ? 'true' : undefined,
    },
    h('legend', {}, ...chrome.label),
    ...chrome.before,
    ...rows,
    ...chrome.after,
  );
  return {
    field,
    element,
    focusId: `${id}-0`,
    read() {
      const picked = inputs.filter((entry) => entry.input.checked).map((entry) => entry.choice.value);
      return { ok: true, value: multi ? picked : picked[0] };
    },
    showErrors: chrome.showErrors,
    focus: () => (controls.find((control) => control.checked) ?? controls[0])?.focus(),
  };
}

/** A single choice among a middling number of options: a native `<select>`, one tab stop, type-ahead. */
export function selectField(ctx: FieldContext): FieldView {
  const { field, id, messages } = ctx;
  const options = field.options ?? [];
  const select = h('select', { id, name: field.name, 'aria-required': field.required ? 'true' : undefined });
  select.append(h('option', { value: '' }, messages.ui.t(field.required ? 'select.choose' : 'answer.none')));
  options.forEach((option, index) => {
    select.append(h('option', { value: String(index) }, safeLine(option.label, 120)));
  });
  const start = options.findIndex((option) => option.value === ctx.initial);
  select.value = start >= 0 ? String(start) : '';
  const chrome = fieldChrome(ctx, (invalid) => select.setAttribute('aria-invalid', String(invalid)));
  select.setAttribute('aria-describedby', chrome.describedBy);
  const element = h(
    'div',
    { class: 'field', part: 'field' },
    h('label', { for: id }, ...chrome.label),
    ...chrome.before,
    select,
    ...chrome.after,
  );
  return {
    field,
    element,
    focusId: id,
    read: () => ({ ok: true, value: select.value === '' ? undefined : options[Number(select.value)]?.value }),
    showErrors: chrome.showErrors,
    focus: () => select.focus(),
  };
}

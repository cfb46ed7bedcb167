import { formatFieldValue, parseFieldInput } from '@elicitkit/client/ui-kit';
import { h } from '../dom.js';
import { type FieldContext, type FieldView, fieldChrome } from './field-view.js';

const INPUT_TYPES: Record<string, string> = {
  text: 'text',
  email: 'email',
  uri: 'url',
  date: 'date',
  // Entered as the person's local date and time, sent as RFC 3339 with the local offset (the kit converts).
  'date-time': 'datetime-local',
  number: 'number',
  integer: 'number',
};

/** Addresses and numbers read left to right in every language. */
const LEFT_TO_RIGHT = new Set(['email', 'uri', 'number', 'integer']);

/** A field the person types: text, the string formats, numbers, dates and date-times. */
export function textField(ctx: FieldContext): FieldView {
  const { field, id } = ctx;
  const numeric = field.kind === 'number' || field.kind === 'integer';
  const c = field.constraints;
  const value = formatFieldValue(field, ctx.initial);
  const input = h('input', {
    type: INPUT_TYPES[field.kind] ?? 'text',
    id,
    name: field.name,
    'aria-required': field.required ? 'true' : undefined,
    // Native bounds: the spin buttons and arrow keys stop at them, and screen readers announce the range.
    min: numeric && c.minimum !== undefined ? String(c.minimum) : undefined,
    max: numeric && c.maximum !== undefined ? String(c.maximum) : undefined,
    step:
      field.kind === 'integer'
        ? '1'
        : numeric
          ? 'any'
          : field.kind === 'date-time' && /:\d\d:\d\d$/.test(value)
            ? '1'
            : undefined,
    inputmode: field.kind === 'integer' ? 'numeric' : field.kind === 'number' ? 'decimal' : undefined,
    autocomplete: field.kind === 'email' ? 'email' : 'off',
    spellcheck: 'false',
    dir: LEFT_TO_RIGHT.has(field.kind) ? 'ltr' : undefined,
  });
  input.value = value;
  const chrome = fieldChrome(ctx, (invalid) => input.setAttribute('aria-invalid', String(invalid)));
  input.setAttribute('aria-describedby', chrome.describedBy);
  const element = h(
    'div',
    { class: 'field', part: 'field' },
    h('label', { for: id }, ...chrome.label),
    ...chrome.before,
    input,
    ...chrome.after,
  );
  return {
    field,
    element,
    focusId: id,
    // An input holds '' for what it cannot read: for a number that is "not a number", and for a date or a
    // date-time typed in part (the date, not the time) it is "not a real date": never "unanswered".
    read: () =>
      input.validity.badInput
        ? numeric
          ? { ok: false, code: 'not-a-number' }
          : { ok: false, code: 'format', params: { format: field.kind } }
        : parseFieldInput(field, input.value),
    showErrors: chrome.showErrors,
    focus: () => input.focus(),
  };
}

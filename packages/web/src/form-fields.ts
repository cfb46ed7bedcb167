import type { FormField } from '@elicitkit/core';
import { h } from './dom.js';
import { safeBlock, safeLine } from './text.js';

/** At most this many options render as radio buttons; more become a `<select>`. */
export const MAX_RADIO_OPTIONS = 5;

/** One rendered field: its DOM, how to read its answer, and where its messages go. */
export interface FieldView {
  field: FormField;
  element: HTMLElement;
  /** The answer as the schema wants it; `undefined` when left empty. */
  read(): unknown;
  showIssues(messages: string[]): void;
  focus(): void;
}

const INPUT_TYPES: Partial<Record<FormField['kind'], string>> = {
  text: 'text',
  email: 'email',
  uri: 'url',
  date: 'date',
  // RFC 3339 needs an offset, which `datetime-local` cannot give: a text field with an example instead.
  'date-time': 'text',
  number: 'number',
  integer: 'number',
};

/** Host-written hints for constraints, so the rule is visible before a message is (E-44). */
function hintFor(field: FormField): string | undefined {
  const c = field.constraints;
  if (field.kind === 'multiselect') {
    if (c.minItems !== undefined && c.maxItems !== undefined) return `Choose ${c.minItems} to ${c.maxItems}.`;
    if (c.minItems !== undefined) return `Choose at least ${c.minItems}.`;
    if (c.maxItems !== undefined) return `Choose at most ${c.maxItems}.`;
  }
  if (field.kind === 'date-time') return 'Date and time with offset, e.g. 2026-12-02T18:30:00Z.';
  if (field.kind === 'number' || field.kind === 'integer') {
    if (c.minimum !== undefined && c.maximum !== undefined) return `From ${c.minimum} to ${c.maximum}.`;
    if (c.minimum !== undefined) return `At least ${c.minimum}.`;
    if (c.maximum !== undefined) return `At most ${c.maximum}.`;
  }
  if (c.minLength !== undefined && c.maxLength !== undefined)
    return `${c.minLength} to ${c.maxLength} characters.`;
  if (c.maxLength !== undefined) return `At most ${c.maxLength} characters.`;
  if (c.minLength !== undefined) return `At least ${c.minLength} characters.`;
  return undefined;
}

function labelText(field: FormField): (string | Node)[] {
  const parts: (string | Node)[] = [safeLine(field.label, 120)];
  if (field.required) {
    parts.push(' ', h('span', { class: 'required', 'aria-hidden': 'true' }, '*'));
    parts.push(h('span', { class: 'visually-hidden' }, ' (required)'));
  }
  return parts;
}

/** Builds one field. `id` is unique within the form; descriptions and errors hang off it (aria-describedby). */
export function renderField(field: FormField, initial: unknown, id: string): FieldView {
  const descId = `${id}-desc`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const description = field.description ? safeBlock(field.description, 1000) : '';
  const hint = hintFor(field);
  const describedBy = [description && descId, hint && hintId, errorId].filter(Boolean).join(' ');
  // E-59: core's messages, next to the field, announced politely as they change.
  const error = h('p', { id: errorId, class: 'error', part: 'error', 'aria-live': 'polite' });
  const extras = [
    description ? h('p', { id: descId, class: 'desc', part: 'description' }, description) : undefined,
    hint ? h('p', { id: hintId, class: 'hint' }, hint) : undefined,
  ];
  let controls: (HTMLInputElement | HTMLSelectElement)[] = [];
  let read: () => unknown;
  let element: HTMLElement;

  const markInvalid = (invalid: boolean) => {
    for (const control of controls) control.setAttribute('aria-invalid', String(invalid));
  };

  if (field.kind === 'boolean') {
    const input = h('input', { type: 'checkbox', id, 'aria-describedby': describedBy, name: field.name });
    input.checked = initial === true;
    controls = [input];
    read = () => input.checked;
    element = h(
      'div',
      { class: 'field', part: 'field' },
      h('label', { class: 'choice', for: id }, input, ...labelText(field)),
      ...extras,
      error,
    );
  } else if (
    field.kind === 'multiselect' ||
    (field.kind === 'select' && (field.options?.length ?? 0) <= MAX_RADIO_OPTIONS)
  ) {
    const multi = field.kind === 'multiselect';
    const chosen = new Set(
      multi
        ? Array.isArray(initial)
          ? initial.map(String)
          : []
        : [initial].filter((v) => v !== undefined).map(String),
    );
    const inputs = (field.options ?? []).map((option, index) => {
      const input = h('input', {
        type: multi ? 'checkbox' : 'radio',
        name: id,
        id: `${id}-${index}`,
        value: String(index),
      });
      input.checked = chosen.has(option.value);
      return { input, option };
    });
    controls = inputs.map((entry) => entry.input);
    read = () => {
      const picked = inputs.filter((entry) => entry.input.checked).map((entry) => entry.option.value);
      return multi ? picked : picked[0];
    };
    element = h(
      'fieldset',
      {
        class: 'field',
        part: 'field',
        'aria-describedby': describedBy,
        role: multi ? 'group' : 'radiogroup',
        'aria-required': field.required && !multi ? 'true' : undefined,
      },
      h('legend', {}, ...labelText(field)),
      ...extras,
      ...inputs.map(({ input, option }) =>
        h('label', { class: 'choice', for: input.id }, input, safeLine(option.label, 120)),
      ),
      error,
    );
  } else if (field.kind === 'select') {
    const select = h('select', {
      id,
      name: field.name,
      'aria-describedby': describedBy,
      'aria-required': field.required ? 'true' : undefined,
    });
    select.append(h('option', { value: '' }, field.required ? 'Choose…' : '(none)'));
    (field.options ?? []).forEach((option, index) => {
      select.append(h('option', { value: String(index) }, safeLine(option.label, 120)));
    });
    const start = (field.options ?? []).findIndex((option) => option.value === initial);
    select.value = start >= 0 ? String(start) : '';
    controls = [select];
    read = () => (select.value === '' ? undefined : field.options?.[Number(select.value)]?.value);
    element = h(
      'div',
      { class: 'field', part: 'field' },
      h('label', { for: id }, ...labelText(field)),
      ...extras,
      select,
      error,
    );
  } else {
    const numeric = field.kind === 'number' || field.kind === 'integer';
    const input = h('input', {
      type: INPUT_TYPES[field.kind] ?? 'text',
      id,
      name: field.name,
      'aria-describedby': describedBy,
      'aria-required': field.required ? 'true' : undefined,
      step: field.kind === 'integer' ? '1' : numeric ? 'any' : undefined,
      autocomplete: field.kind === 'email' ? 'email' : 'off',
      spellcheck: 'false',
    });
    input.value = initial === undefined || initial === null ? '' : String(initial);
    controls = [input];
    read = () => {
      if (input.value === '') return undefined;
      return numeric ? Number(input.value) : input.value;
    };
    element = h(
      'div',
      { class: 'field', part: 'field' },
      h('label', { for: id }, ...labelText(field)),
      ...extras,
      input,
      error,
    );
  }

  return {
    field,
    element,
    read: () => read(),
    showIssues(messages) {
      error.textContent = messages.map((message) => safeLine(message, 300)).join(' ');
      markInvalid(messages.length > 0);
    },
    focus: () => controls[0]?.focus(),
  };
}

import { checkboxField, groupField, selectField } from './choice-fields.js';
import { listField } from './choice-list.js';
import type { FieldContext, FieldView } from './field-view.js';
import { textField } from './text-field.js';

/** At most this many options of a single choice render as radio buttons; more become a `<select>`. */
export const MAX_RADIO_OPTIONS = 5;
/** At most this many options of a single choice render as a `<select>`; more become a searchable list. */
export const MAX_SELECT_OPTIONS = 20;
/** At most this many options of a multi-select render as checkboxes; more become a searchable list (one tab stop). */
export const MAX_CHECKBOX_OPTIONS = 10;

/** Builds one field, the control chosen by its kind and, for choices, by how many there are (E-12). */
export function renderField(ctx: FieldContext): FieldView {
  const { field } = ctx;
  const count = field.options?.length ?? 0;
  switch (field.kind) {
    case 'boolean':
      // With a default the checkbox already holds an answer; without one, yes and no start unchosen.
      return field.default !== undefined ? checkboxField(ctx) : groupField(ctx, false);
    case 'select':
      if (count <= MAX_RADIO_OPTIONS) return groupField(ctx, false);
      return count <= MAX_SELECT_OPTIONS ? selectField(ctx) : listField(ctx, false);
    case 'multiselect':
      return count <= MAX_CHECKBOX_OPTIONS ? groupField(ctx, true) : listField(ctx, true);
    default:
      return textField(ctx);
  }
}

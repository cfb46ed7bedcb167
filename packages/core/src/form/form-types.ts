import type { ElicitValue, StringFormat } from '../types.js';

/** How a UI should render a field. One kind per spec primitive (E-12). */
export type FieldKind =
  | 'text'
  | 'email'
  | 'uri'
  | 'date'
  | 'date-time'
  | 'number'
  | 'integer'
  | 'boolean'
  | 'select'
  | 'multiselect';

/** One option of a `select` or `multiselect` field. */
export interface FieldOption {
  value: string;
  /** The option's title, or the value itself when the schema gives none. Unsanitized server text. */
  label: string;
}

/** The schema's limits on a field's value, for UIs that check as the user types. */
export interface FieldConstraints {
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: StringFormat;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

/**
 * One field of the form every UI renders from, in the schema's property order.
 * Texts (`label`, `description`, option labels) are the server's, unsanitized: UIs show them through
 * `sanitizeForDisplay`.
 */
export interface FormField {
  name: string;
  kind: FieldKind;
  /** The schema's `title`, or the property name. */
  label: string;
  description?: string;
  required: boolean;
  default?: ElicitValue;
  constraints: FieldConstraints;
  /** For `select` and `multiselect`: every choice, in schema order. */
  options?: FieldOption[];
}

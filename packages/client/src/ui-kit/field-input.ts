import type { FieldKind, FormField } from '@elicitkit/core';
import { localDateTimeToRfc3339, rfc3339ToLocalDateTime } from './date-time.js';

/** The field kinds a person types; the others (boolean, select, multiselect) are chosen. */
export const TYPED_FIELD_KINDS: readonly FieldKind[] = [
  'text',
  'email',
  'uri',
  'date',
  'date-time',
  'number',
  'integer',
];

/**
 * Typed text read as a field's answer: a value, `undefined` for "left empty", or the one failure that is
 * the input's own and not the schema's (`not-a-number`; core's checks judge everything else).
 */
export type ParsedInput =
  | { ok: true; value: string | number | undefined }
  | { ok: false; code: 'not-a-number' };

/** A JSON number as people type it: sign, digits, an optional fraction and exponent. No hex, no `Infinity`. */
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * One rule for typed input, in every UI. Free text (`text`) is kept exactly as typed, spaces included;
 * formats (email, uri, date, date-time) and numbers are trimmed, since a pasted value often carries a
 * stray space. Empty is `undefined` (unanswered). Numbers must be written plainly (`42`, `-3.5`, `1e3`),
 * else `not-a-number`; whether a number is whole or in range is core's check. A date-time typed as local
 * date and time (`2030-05-17T18:30`, no offset) is converted to RFC 3339 in the local zone; one written
 * with an offset is kept as written.
 */
export function parseFieldInput(field: Pick<FormField, 'kind'>, text: string): ParsedInput {
  if (field.kind === 'text') return { ok: true, value: text === '' ? undefined : text };
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: undefined };
  if (field.kind === 'number' || field.kind === 'integer') {
    return NUMBER.test(trimmed) ? { ok: true, value: Number(trimmed) } : { ok: false, code: 'not-a-number' };
  }
  if (field.kind === 'date-time') return { ok: true, value: localDateTimeToRfc3339(trimmed) ?? trimmed };
  return { ok: true, value: trimmed };
}

/**
 * A value as a typed field shows it for editing, so that `parseFieldInput` reads it back unchanged:
 * numbers in plain JSON form, date-times as local date and time, nothing for `undefined`.
 */
export function formatFieldValue(field: Pick<FormField, 'kind'>, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (field.kind === 'date-time' && typeof value === 'string') return rfc3339ToLocalDateTime(value) ?? value;
  if (Array.isArray(value)) return value.map(String).join(', ');
  return String(value);
}

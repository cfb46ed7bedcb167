import type { Catalog } from '@elicitkit/core';

/** The keys of the field-hint catalog (`fieldHintMessages`). */
export type FieldHintKey =
  | 'number'
  | 'integer'
  | 'number.range'
  | 'integer.range'
  | 'number.min'
  | 'integer.min'
  | 'number.max'
  | 'integer.max'
  | 'range'
  | 'min'
  | 'max'
  | 'length.range'
  | 'length.exact'
  | 'length.min'
  | 'length.max'
  | 'choices.range'
  | 'choices.exact'
  | 'choices.min'
  | 'choices.max'
  | 'choices.any'
  | 'email'
  | 'uri'
  | 'date'
  | 'date-time'
  | 'date-time.zone';

/**
 * Field hints in English: the short phrase beside a field's label that says what it takes before any
 * message does (E-44), without a final period. `{min}` and `{max}` are bounds, `{count}` a bound that picks
 * the plural form, `{zone}` the local time zone (`Europe/Berlin, UTC+02:00`). The `number…`, `integer…`
 * and format keys name the kind too, for a UI whose input does not (a terminal line); the bare `range`,
 * `min`, `max` and `date-time.zone` are for one whose input does (a browser's number and date pickers).
 */
export const FIELD_HINTS_EN = {
  number: 'number',
  integer: 'whole number',
  'number.range': 'number, {min}–{max}',
  'integer.range': 'whole number, {min}–{max}',
  'number.min': 'number, at least {min}',
  'integer.min': 'whole number, at least {min}',
  'number.max': 'number, at most {max}',
  'integer.max': 'whole number, at most {max}',
  range: '{min}–{max}',
  min: 'at least {min}',
  max: 'at most {max}',
  'length.range': '{min}–{max} characters',
  'length.exact': { one: '{count} character', other: '{count} characters' },
  'length.min': { one: 'at least {count} character', other: 'at least {count} characters' },
  'length.max': { one: 'at most {count} character', other: 'at most {count} characters' },
  'choices.range': '{min}–{max} choices',
  'choices.exact': { one: '{count} choice', other: '{count} choices' },
  'choices.min': { one: 'at least {count} choice', other: 'at least {count} choices' },
  'choices.max': { one: 'at most {count} choice', other: 'at most {count} choices' },
  'choices.any': 'any number of choices',
  email: 'name@example.com',
  uri: 'full web address, like https://example.com/page',
  date: 'YYYY-MM-DD',
  'date-time': 'YYYY-MM-DD hh:mm, your time: {zone}',
  'date-time.zone': 'your time: {zone}',
} as const satisfies Catalog<FieldHintKey>;

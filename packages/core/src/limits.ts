/**
 * Size limits that keep a hostile schema or answer from exhausting memory or time. Every limit is a
 * documented default that callers may raise or lower per call (`options.limits`).
 */
export interface Limits {
  /** Properties in one requested schema. */
  maxProperties: number;
  /** Values in one enum (`enum`, `oneOf`, `items.enum`, `items.anyOf`). */
  maxEnumValues: number;
  /** Code units in any schema string: property names, titles, descriptions, enum values, defaults. */
  maxSchemaStringLength: number;
  /** Code units in a `pattern`. */
  maxPatternLength: number;
  /** Code points in a string answer whose field sets no smaller `maxLength`. */
  maxAnswerLength: number;
  /** Total serialized size of a requested schema, in code units (checked cheaply, before anything else). */
  maxSchemaSize: number;
}

/** The limits applied when a call passes none; each can be overridden per call. */
export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  maxProperties: 100,
  maxEnumValues: 1000,
  maxSchemaStringLength: 10_000,
  maxPatternLength: 1_000,
  maxAnswerLength: 100_000,
  maxSchemaSize: 1_000_000,
});

import { previewValue } from './json-object.js';

/**
 * Which keywords a requested schema may carry. The subset (E-12) is closed: a keyword is either part of it
 * for the field at hand, or an annotation from the list below (accepted, then dropped from the clean copy),
 * or refused. Refusing the rest matters: a server that writes `maxlength` or `exclusiveMinimum` believes
 * its answers are constrained, and silently ignoring the keyword would let through answers it never meant
 * to accept.
 */

/** Annotations with no effect on which answers are valid (JSON Schema 2020-12 Core §8, Meta-Data §9). */
export const ANNOTATION_KEYWORDS: ReadonlySet<string> = new Set([
  '$schema',
  '$id',
  '$comment',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
]);

/** Annotations, plus any extension keyword starting with `x-`. */
export function isAnnotation(keyword: string): boolean {
  return ANNOTATION_KEYWORDS.has(keyword) || keyword.startsWith('x-');
}

const COMMON = ['type', 'title', 'description', 'default'];
export const STRING_KEYWORDS: ReadonlySet<string> = new Set([
  ...COMMON,
  'minLength',
  'maxLength',
  'pattern',
  'format',
]);
export const NUMBER_KEYWORDS: ReadonlySet<string> = new Set([...COMMON, 'minimum', 'maximum']);
export const BOOLEAN_KEYWORDS: ReadonlySet<string> = new Set(COMMON);
export const SINGLE_SELECT_KEYWORDS: ReadonlySet<string> = new Set([...COMMON, 'enum', 'enumNames', 'oneOf']);
/** `uniqueItems: true` restates what multi-selects always require, so it is accepted (and dropped). */
export const MULTI_SELECT_KEYWORDS: ReadonlySet<string> = new Set([
  ...COMMON,
  'items',
  'minItems',
  'maxItems',
  'uniqueItems',
]);
/** `additionalProperties: false` restates `validateContent`'s default, as Zod's JSON Schema output writes it. */
export const ROOT_KEYWORDS: ReadonlySet<string> = new Set([
  'type',
  'properties',
  'required',
  'title',
  'description',
  'additionalProperties',
]);

const SUBSET_KEYWORDS: ReadonlySet<string> = new Set([
  ...STRING_KEYWORDS,
  ...NUMBER_KEYWORDS,
  ...SINGLE_SELECT_KEYWORDS,
  ...MULTI_SELECT_KEYWORDS,
]);

/** Why `keyword` is refused on a field of the given kind (`a number field`, …). */
export function refusalMessage(keyword: string, fieldKind: string): string {
  if (SUBSET_KEYWORDS.has(keyword)) return `${previewValue(keyword)} does not apply to ${fieldKind}`;
  return (
    `${previewValue(keyword)} is not part of the elicitation schema subset (E-12); annotations other than title and ` +
    'description are limited to $schema, $id, $comment, examples, deprecated, readOnly, writeOnly and x-*'
  );
}

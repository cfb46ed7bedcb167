import type { IssuePath } from '../issues.js';
import type {
  EnumOption,
  LegacyTitledEnumSchema,
  MultiSelectEnumSchema,
  SingleSelectEnumSchema,
} from '../types.js';
import {
  type CheckContext,
  checkKeywords,
  checkRange,
  checkString,
  checkStringAt,
  optionalCount,
  report,
} from './check-context.js';
import { isJsonObject, ownValue, previewValue } from './json-object.js';
import { isAnnotation, MULTI_SELECT_KEYWORDS, SINGLE_SELECT_KEYWORDS } from './keywords.js';

/** A field's clean copy as it is built (`type`, `title`, `description`, then its keywords in order), typed when done. */
export type FieldCopy = { type: string; [keyword: string]: unknown };

const OPTION_KEYWORDS: ReadonlySet<string> = new Set(['const', 'title', 'description']);
const ITEMS_KEYWORDS: ReadonlySet<string> = new Set(['type', 'enum', 'anyOf']);
const MULTI_SELECT_FORMS =
  'a multi-select needs items {"type": "string", "enum": [...]} or {"anyOf": [{"const": ..., "title": ...}, ...]}';

function checkChoiceCount(context: CheckContext, count: number, path: IssuePath, what: string): boolean {
  if (count === 0) {
    report(context, path, 'empty-enum', `${what} offers no choices`);
    return false;
  }
  if (count > context.limits.maxEnumValues) {
    report(
      context,
      path,
      'limit-exceeded',
      `${what} has ${count} choices; the limit is ${context.limits.maxEnumValues}`,
    );
    return false;
  }
  return true;
}

/** An `enum` list: non-empty, strings only, no repeats. */
function checkEnumValues(context: CheckContext, value: unknown, path: IssuePath): string[] | undefined {
  if (!Array.isArray(value)) {
    report(
      context,
      path,
      'invalid-keyword-value',
      `enum must be an array of strings, not ${previewValue(value)}`,
    );
    return undefined;
  }
  if (!checkChoiceCount(context, value.length, path, 'enum')) return undefined;
  const before = context.issues.length;
  const seen = new Set<string>();
  for (let index = 0; index < value.length; index++) {
    const item: unknown = value[index];
    if (typeof item !== 'string') {
      report(
        context,
        [...path, index],
        'non-string-enum-value',
        `enum values must be strings, not ${previewValue(item)}`,
      );
    } else if (seen.has(item)) {
      report(
        context,
        [...path, index],
        'duplicate-enum-value',
        `enum lists ${previewValue(item)} more than once`,
      );
    } else if (checkStringAt(context, item, path, index, 'an enum value') !== undefined) {
      seen.add(item);
    }
  }
  return context.issues.length === before ? [...seen] : undefined;
}

/** A `oneOf` / `items.anyOf` list of `{ const, title }` options: non-empty, string consts, no repeats. */
function checkOptions(
  context: CheckContext,
  value: unknown,
  path: IssuePath,
  keyword: string,
): EnumOption[] | undefined {
  if (!Array.isArray(value)) {
    report(
      context,
      path,
      'invalid-keyword-value',
      `${keyword} must be an array of {"const", "title"} options`,
    );
    return undefined;
  }
  if (!checkChoiceCount(context, value.length, path, keyword)) return undefined;
  const before = context.issues.length;
  const seen = new Set<string>();
  const options: EnumOption[] = [];
  for (let index = 0; index < value.length; index++) {
    const option: unknown = value[index];
    if (!isJsonObject(option)) {
      report(
        context,
        [...path, index],
        'invalid-keyword-value',
        `each ${keyword} option must be a {"const", "title"} object`,
      );
      continue;
    }
    for (const key of Object.keys(option)) {
      if (!OPTION_KEYWORDS.has(key) && !isAnnotation(key)) {
        report(
          context,
          [...path, index, key],
          'unsupported-keyword',
          `an option holds only const and title, not ${previewValue(key)}`,
        );
      }
    }
    const constant = ownValue(option, 'const');
    if (!Object.hasOwn(option, 'const')) {
      report(
        context,
        [...path, index, 'const'],
        'invalid-keyword-value',
        'each option needs a const (its value)',
      );
    } else if (typeof constant !== 'string') {
      report(
        context,
        [...path, index, 'const'],
        'non-string-enum-value',
        `option values must be strings, not ${previewValue(constant)}`,
      );
    } else if (seen.has(constant)) {
      report(
        context,
        [...path, index, 'const'],
        'duplicate-enum-value',
        `${keyword} lists ${previewValue(constant)} more than once`,
      );
    } else if (
      constant.length <= context.limits.maxSchemaStringLength ||
      checkString(context, constant, [...path, index, 'const'], 'an option value') !== undefined
    ) {
      seen.add(constant);
    }
    let title: string | undefined;
    if (!Object.hasOwn(option, 'title')) {
      report(
        context,
        [...path, index, 'title'],
        'invalid-keyword-value',
        'each option needs a title (its label)',
      );
    } else {
      const label = option.title;
      title =
        typeof label === 'string' && label.length <= context.limits.maxSchemaStringLength
          ? label
          : checkString(context, label, [...path, index, 'title'], 'title');
    }
    if (typeof constant === 'string' && title !== undefined) options.push({ const: constant, title });
  }
  return context.issues.length === before ? options : undefined;
}

/** The three single-select forms: `enum`, `enum` + legacy `enumNames`, and titled `oneOf`. */
export function checkSingleSelect(
  context: CheckContext,
  definition: Record<string, unknown>,
  path: IssuePath,
  field: FieldCopy,
): SingleSelectEnumSchema | LegacyTitledEnumSchema | undefined {
  checkKeywords(context, definition, SINGLE_SELECT_KEYWORDS, path, 'a single-select field');
  const hasEnum = Object.hasOwn(definition, 'enum');
  if (hasEnum && Object.hasOwn(definition, 'oneOf')) {
    report(
      context,
      [...path, 'oneOf'],
      'unsupported-keyword',
      'a single-select has either enum or oneOf, not both',
    );
    return undefined;
  }
  if (!hasEnum) {
    if (Object.hasOwn(definition, 'enumNames')) {
      report(
        context,
        [...path, 'enumNames'],
        'invalid-keyword-value',
        'enumNames labels an enum; with oneOf use titles',
      );
    }
    const oneOf = checkOptions(context, definition.oneOf, [...path, 'oneOf'], 'oneOf');
    if (oneOf === undefined) return undefined;
    field.oneOf = oneOf;
    return field as unknown as SingleSelectEnumSchema;
  }
  const values = checkEnumValues(context, definition.enum, [...path, 'enum']);
  if (!Object.hasOwn(definition, 'enumNames')) {
    if (values === undefined) return undefined;
    field.enum = values;
    return field as unknown as SingleSelectEnumSchema;
  }
  const enumNames = checkEnumNames(context, definition.enumNames, values?.length, [...path, 'enumNames']);
  if (values === undefined || enumNames === undefined) return undefined;
  field.enum = values;
  field.enumNames = enumNames;
  return field as unknown as LegacyTitledEnumSchema;
}

/** Legacy `enumNames`: one string label per enum value. */
function checkEnumNames(
  context: CheckContext,
  value: unknown,
  expected: number | undefined,
  path: IssuePath,
): string[] | undefined {
  if (!Array.isArray(value)) {
    report(context, path, 'invalid-keyword-value', 'enumNames must be an array of strings');
    return undefined;
  }
  const before = context.issues.length;
  const names = value.map((name, index) => checkStringAt(context, name, path, index, 'an enumNames label'));
  if (expected !== undefined && value.length !== expected) {
    report(
      context,
      path,
      'enum-names-length',
      `enumNames has ${value.length} labels for ${expected} enum values`,
    );
  }
  return context.issues.length === before ? (names as string[]) : undefined;
}

/** The two multi-select forms: `items.enum` and titled `items.anyOf`, with minItems / maxItems. */
export function checkMultiSelect(
  context: CheckContext,
  definition: Record<string, unknown>,
  path: IssuePath,
  field: FieldCopy,
): MultiSelectEnumSchema | undefined {
  checkKeywords(context, definition, MULTI_SELECT_KEYWORDS, path, 'a multi-select field');
  const items = ownValue(definition, 'items');
  const itemsPath = [...path, 'items'];
  if (!isJsonObject(items)) {
    report(context, itemsPath, 'unsupported-array', MULTI_SELECT_FORMS);
    return undefined;
  }
  const itemType = ownValue(items, 'type');
  const hasEnum = Object.hasOwn(items, 'enum');
  const hasAnyOf = Object.hasOwn(items, 'anyOf');
  const isEnumForm = hasEnum && !hasAnyOf && itemType === 'string';
  const isAnyOfForm = hasAnyOf && !hasEnum && (itemType === undefined || itemType === 'string');
  if (!isEnumForm && !isAnyOfForm) {
    const kind = itemType === 'object' ? 'arrays of objects are not supported; ' : '';
    report(context, itemsPath, 'unsupported-array', `${kind}${MULTI_SELECT_FORMS}`);
    return undefined;
  }
  for (const key of Object.keys(items)) {
    if (!ITEMS_KEYWORDS.has(key) && !isAnnotation(key)) {
      report(
        context,
        [...itemsPath, key],
        'unsupported-keyword',
        `multi-select items hold only type and enum or anyOf`,
      );
    }
  }
  const minItems = optionalCount(context, definition, 'minItems', path);
  const maxItems = optionalCount(context, definition, 'maxItems', path);
  checkRange(context, minItems, maxItems, path, 'minItems', 'maxItems');
  if (Object.hasOwn(definition, 'uniqueItems') && definition.uniqueItems !== true) {
    report(
      context,
      [...path, 'uniqueItems'],
      'unsupported-keyword',
      'a multi-select never repeats a choice: uniqueItems can only be true',
    );
  }
  const values = isEnumForm ? checkEnumValues(context, items.enum, [...itemsPath, 'enum']) : undefined;
  const options = isAnyOfForm
    ? checkOptions(context, items.anyOf, [...itemsPath, 'anyOf'], 'anyOf')
    : undefined;
  const count = values?.length ?? options?.length;
  if (count !== undefined && minItems !== undefined && minItems > count) {
    report(
      context,
      [...path, 'minItems'],
      'invalid-keyword-value',
      `minItems ${minItems} is more than the ${count} choices`,
    );
  }
  if (values === undefined && options === undefined) return undefined;
  if (minItems !== undefined) field.minItems = minItems;
  if (maxItems !== undefined) field.maxItems = maxItems;
  field.items = values !== undefined ? { type: 'string', enum: values } : { anyOf: options };
  return field as unknown as MultiSelectEnumSchema;
}

import type { ContentIssue, ContentIssueCode, IssueParams, IssuePath } from '../issues.js';
import { compilePattern } from '../regex/safe-pattern.js';
import { previewValue } from '../schema/json-object.js';
import type { EnumOption, PrimitiveSchemaDefinition, StringFormat } from '../types.js';
import { isLongerThan, isShorterThan } from './code-points.js';
import { matchesFormat } from './formats.js';

/** Every keyword a field of the subset can carry, read without narrowing the union at each step. */
interface FieldView {
  type: string;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: StringFormat;
  minimum?: number;
  maximum?: number;
  enum?: string[];
  oneOf?: EnumOption[];
  minItems?: number;
  maxItems?: number;
  items?: { enum?: string[]; anyOf?: EnumOption[] };
}

const FORMAT_NAMES: Readonly<Record<StringFormat, string>> = {
  email: 'an email address (name@example.com)',
  uri: 'an absolute URI (scheme:…, e.g. https://example.com/)',
  date: 'a calendar date (YYYY-MM-DD)',
  'date-time': 'a date and time with offset (YYYY-MM-DDThh:mm:ssZ)',
};

function issue(path: IssuePath, code: ContentIssueCode, message: string, params?: IssueParams): ContentIssue {
  return params === undefined ? { path, code, message } : { path, code, message, params };
}

/**
 * The first rule one answer value breaks, or undefined when it satisfies its field. The field is one that
 * `validateRequestedSchema` accepted; `maxAnswerLength` caps strings whose field sets no smaller maxLength.
 * Allocates nothing on success.
 */
export function checkValue(
  definition: PrimitiveSchemaDefinition,
  value: unknown,
  path: IssuePath,
  maxAnswerLength: number,
): ContentIssue | undefined {
  const field = definition as FieldView;
  switch (field.type) {
    case 'string':
      if (field.enum !== undefined) return checkChoice(field.enum, undefined, value, path);
      if (field.oneOf !== undefined) return checkChoice(undefined, field.oneOf, value, path);
      return checkText(field, value, path, maxAnswerLength);
    case 'number':
    case 'integer':
      return checkNumber(field, value, path);
    case 'boolean':
      return typeof value === 'boolean' ? undefined : issue(path, 'type', 'must be true or false');
    case 'array':
      return checkChoices(field, value, path);
    default:
      return issue(path, 'type', `has an unsupported field type ${previewValue(field.type)}`);
  }
}

function checkText(
  field: FieldView,
  value: unknown,
  path: IssuePath,
  maxAnswerLength: number,
): ContentIssue | undefined {
  if (typeof value !== 'string') return issue(path, 'type', 'must be a string');
  const pattern = field.pattern === undefined ? undefined : compilePattern(field.pattern);
  let maxLength =
    field.maxLength !== undefined && field.maxLength < maxAnswerLength ? field.maxLength : maxAnswerLength;
  // A pattern runs only on answers it can check within its step budget (issue 2, item 6).
  if (pattern?.ok && pattern.pattern.maxInputLength < maxLength) maxLength = pattern.pattern.maxInputLength;
  if (isLongerThan(value, maxLength))
    return issue(path, 'too-long', `must be at most ${maxLength} characters long`, { max: maxLength });
  if (field.minLength !== undefined && isShorterThan(value, field.minLength)) {
    return issue(path, 'too-short', `must be at least ${field.minLength} characters long`, {
      min: field.minLength,
    });
  }
  if (field.format !== undefined && !matchesFormat(field.format, value)) {
    return issue(
      path,
      'format',
      `must be ${FORMAT_NAMES[field.format] ?? `in format ${previewValue(field.format)}`}`,
      { format: field.format },
    );
  }
  if (pattern === undefined) return undefined;
  if (!pattern.ok)
    return issue(path, 'pattern', `cannot be checked: the field's pattern is refused (${pattern.reason})`, {
      reason: pattern.reason,
    });
  return pattern.pattern.test(value)
    ? undefined
    : issue(path, 'pattern', `must match the pattern ${previewValue(field.pattern)}`, {
        pattern: field.pattern!,
      });
}

function checkNumber(field: FieldView, value: unknown, path: IssuePath): ContentIssue | undefined {
  const integer = field.type === 'integer';
  if (typeof value !== 'number')
    return issue(path, 'type', integer ? 'must be an integer' : 'must be a number');
  if (!Number.isFinite(value)) return issue(path, 'not-finite', 'must be a finite number');
  if (integer && !Number.isInteger(value)) return issue(path, 'not-integer', 'must be a whole number');
  if (field.minimum !== undefined && value < field.minimum)
    return issue(path, 'minimum', `must be at least ${field.minimum}`, { min: field.minimum });
  if (field.maximum !== undefined && value > field.maximum)
    return issue(path, 'maximum', `must be at most ${field.maximum}`, { max: field.maximum });
  return undefined;
}

function isChoice(
  values: string[] | undefined,
  options: EnumOption[] | undefined,
  candidate: string,
): boolean {
  if (values !== undefined) return values.includes(candidate);
  if (options !== undefined) {
    for (const option of options) if (option.const === candidate) return true;
  }
  return false;
}

function notAChoice(
  path: IssuePath,
  values: string[] | undefined,
  options: EnumOption[] | undefined,
): ContentIssue {
  const choices = values ?? options?.map((option) => option.const) ?? [];
  const listed = choices.slice(0, 5).map(previewValue).join(', ');
  return issue(path, 'not-in-enum', `must be one of ${listed}${choices.length > 5 ? ', …' : ''}`);
}

function checkChoice(
  values: string[] | undefined,
  options: EnumOption[] | undefined,
  value: unknown,
  path: IssuePath,
): ContentIssue | undefined {
  if (typeof value !== 'string') return issue(path, 'type', 'must be a string');
  return isChoice(values, options, value) ? undefined : notAChoice(path, values, options);
}

/**
 * A multi-select answer: an array of distinct choices, within minItems/maxItems. Only the first
 * `choices + 1` items are examined: among that many a stranger or a repeat must already appear, so a huge
 * array costs no more than a short one.
 */
function checkChoices(field: FieldView, value: unknown, path: IssuePath): ContentIssue | undefined {
  if (!Array.isArray(value)) return issue(path, 'type', 'must be an array of strings');
  if (field.maxItems !== undefined && value.length > field.maxItems) {
    return issue(path, 'too-many-items', `allows at most ${field.maxItems} choices`, { max: field.maxItems });
  }
  if (field.minItems !== undefined && value.length < field.minItems) {
    return issue(path, 'too-few-items', `needs at least ${field.minItems} choices`, { min: field.minItems });
  }
  const values = field.items?.enum;
  const options = field.items?.anyOf;
  const choiceCount = values?.length ?? options?.length ?? 0;
  const examined = Math.min(value.length, choiceCount + 1);
  for (let index = 0; index < examined; index++) {
    const item: unknown = value[index];
    if (typeof item !== 'string') return issue([...path, index], 'type', 'must be a string');
    if (!isChoice(values, options, item)) return notAChoice([...path, index], values, options);
    for (let earlier = 0; earlier < index; earlier++) {
      if (value[earlier] === item)
        return issue([...path, index], 'duplicate-items', `repeats ${previewValue(item)}`, { value: item });
    }
  }
  return undefined;
}

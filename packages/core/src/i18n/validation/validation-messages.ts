import type { FormField } from '../../form/form-types.js';
import type { IssueParams } from '../../issues.js';
import { type Catalogs, defineCatalogs, type Translator } from '../catalog.js';
import { VALIDATION_EN, type ValidationMessageKey } from './en.js';

export type { ValidationMessageKey };

/**
 * Core's validation messages: English built in; German, Japanese and Arabic fetched on first use
 * (`await validationMessages.load('de')`), so a page in English never downloads them.
 */
export const validationMessages: Catalogs<ValidationMessageKey> = /* @__PURE__ */ defineCatalogs(
  VALIDATION_EN,
  {
    de: () => import('./de.js'),
    ja: () => import('./ja.js'),
    ar: () => import('./ar.js'),
  },
);

/** What {@link issueMessage} reads of an issue: its code and parameters (core's own, or a UI's `not-a-number`). */
export interface MessageIssue {
  code: string;
  params?: IssueParams;
}

/** For each counted bound: the issue parameter that carries it, and the field constraint it comes from. */
const COUNTED = {
  'too-short': ['min', 'minLength'],
  'too-long': ['max', 'maxLength'],
  'too-few-items': ['min', 'minItems'],
  'too-many-items': ['max', 'maxItems'],
} as const;

const numberParam = (params: IssueParams | undefined, name: string, fallback?: number) => {
  const value = params?.[name];
  return typeof value === 'number' ? value : fallback;
};

/**
 * Why an answer was not accepted where it was sent (a relay's answer endpoint), as `params.reason` of a
 * `not-accepted` issue: each one worded for the person in every catalog.
 */
export const NOT_ACCEPTED_REASONS = [
  'signed-out',
  'forbidden',
  'not-found',
  'settled',
  'too-large',
  'rate-limited',
  'server',
  'network',
] as const;
/** One of {@link NOT_ACCEPTED_REASONS}. */
export type NotAcceptedReason = (typeof NOT_ACCEPTED_REASONS)[number];

/**
 * An issue about one field's answer, in the translator's language, worded as what to do. Reads the
 * issue's `code` and `params` (core's English `message` is for logs and the wire); `field`, when given,
 * chooses the wording for its kind (choose, enter), names a range when the field has both bounds, and
 * lends its description (or its default, as an example) to a pattern failure instead of the regex.
 * The field's texts go into the message as they are: show the result as text, sanitized.
 */
export function issueMessage(
  issue: MessageIssue,
  t: Translator<ValidationMessageKey>,
  field?: FormField,
): string {
  const c = field?.constraints;
  const params = issue.params;
  const choice = field?.kind === 'select' || field?.kind === 'multiselect';
  switch (issue.code) {
    case 'required':
      return t.t(field?.kind === 'boolean' ? 'required.boolean' : choice ? 'required.choice' : 'required');
    case 'too-short':
    case 'too-long':
    case 'too-few-items':
    case 'too-many-items': {
      // The bound the issue carries, else the field's own (an issue made by hand may carry none).
      const [param, own] = COUNTED[issue.code];
      const count = numberParam(params, param, c?.[own]);
      return count === undefined ? t.t('invalid') : t.t(issue.code, { count });
    }
    case 'minimum':
    case 'maximum': {
      if (c?.minimum !== undefined && c.maximum !== undefined) {
        const range = field?.kind === 'integer' ? 'range.integer' : 'range';
        return t.t(range, { min: c.minimum, max: c.maximum });
      }
      const bound =
        issue.code === 'minimum'
          ? numberParam(params, 'min', c?.minimum)
          : numberParam(params, 'max', c?.maximum);
      if (bound === undefined) return t.t('invalid');
      return issue.code === 'minimum' ? t.t('minimum', { min: bound }) : t.t('maximum', { max: bound });
    }
    case 'format': {
      const format = params?.format ?? c?.format;
      return format === 'email' || format === 'uri' || format === 'date' || format === 'date-time'
        ? t.t(`format.${format}` as const)
        : t.t('invalid');
    }
    case 'pattern': {
      if (params?.reason !== undefined) return t.t('pattern.refused');
      // The regex is for developers; a person gets the field's own words, or its default as an example.
      const hint = field?.description?.trim();
      if (hint) return t.t('pattern.hint', { hint });
      if (typeof field?.default === 'string' && field.default !== '')
        return t.t('pattern.example', { example: field.default });
      return t.t('pattern');
    }
    case 'not-a-number':
      return t.t(field?.kind === 'integer' ? 'not-a-number.integer' : 'not-a-number');
    case 'type':
      if (field?.kind === 'number' || field?.kind === 'integer')
        return issueMessage({ code: 'not-a-number' }, t, field);
      if (field?.kind === 'boolean') return t.t('required.boolean');
      return t.t('type');
    case 'not-accepted': {
      const reason = params?.reason;
      return NOT_ACCEPTED_REASONS.includes(reason as NotAcceptedReason)
        ? t.t(`not-accepted.${reason as NotAcceptedReason}` as const)
        : t.t('invalid');
    }
    case 'not-integer':
    case 'not-finite':
    case 'not-in-enum':
    case 'duplicate-items':
    case 'unknown-property':
    case 'not-an-object':
      return t.t(issue.code);
    default:
      return t.t('invalid');
  }
}

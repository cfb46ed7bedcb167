import type { FormField, Translator } from '@elicitkit/core';
import { isUnanswered } from './answers.js';

/** The words a UI's own catalog supplies for {@link answerText}. */
export interface AnswerWords {
  yes: string;
  no: string;
  /** Shown for a field left unanswered. */
  unanswered: string;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * How an answer reads in a review, in the translator's locale: option titles rather than raw values,
 * lists joined as the language joins them, numbers and dates written the local way (`12,5`,
 * `17. Mai 2030`), date-times in local time with the zone named. Server text (option labels, free text)
 * comes back as it was given: the caller sanitizes what it shows.
 */
export function answerText(
  field: Pick<FormField, 'kind' | 'options'>,
  value: unknown,
  words: AnswerWords,
  format: Pick<Translator, 'formatNumber' | 'formatList' | 'formatDate'>,
): string {
  if (isUnanswered(field, value)) return words.unanswered;
  const label = (v: unknown) => field.options?.find((option) => option.value === v)?.label ?? String(v);
  if (Array.isArray(value)) return format.formatList(value.map(label));
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'number') return format.formatNumber(value);
  if (typeof value !== 'string') return String(value);
  if (field.kind === 'select') return label(value);
  if (field.kind === 'date') {
    const match = DATE.exec(value);
    if (match) {
      const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
      if (!Number.isNaN(date.getTime()))
        return format.formatDate(date, { dateStyle: 'long', timeZone: 'UTC' });
    }
  }
  if (field.kind === 'date-time') {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime())) {
      return format.formatDate(date, {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZoneName: 'short',
      });
    }
  }
  return value;
}

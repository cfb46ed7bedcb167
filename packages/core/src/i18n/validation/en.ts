import type { Catalog } from '../catalog.js';

/** The keys of core's validation catalog: one per issue code, some per field kind or format. */
export type ValidationMessageKey =
  | 'required'
  | 'required.choice'
  | 'required.boolean'
  | 'too-short'
  | 'too-long'
  | 'format.email'
  | 'format.uri'
  | 'format.date'
  | 'format.date-time'
  | 'pattern'
  | 'pattern.hint'
  | 'pattern.example'
  | 'pattern.refused'
  | 'minimum'
  | 'maximum'
  | 'range'
  | 'range.integer'
  | 'not-integer'
  | 'not-a-number'
  | 'not-a-number.integer'
  | 'not-finite'
  | 'type'
  | 'not-in-enum'
  | 'too-few-items'
  | 'too-many-items'
  | 'duplicate-items'
  | 'unknown-property'
  | 'not-an-object'
  | 'not-accepted.signed-out'
  | 'not-accepted.forbidden'
  | 'not-accepted.not-found'
  | 'not-accepted.settled'
  | 'not-accepted.too-large'
  | 'not-accepted.rate-limited'
  | 'not-accepted.server'
  | 'not-accepted.network'
  | 'invalid';

/**
 * Core's validation messages in English: what a person reads next to a field whose answer a check
 * refused, worded as what to do (GOV.UK style), not as the rule (`validateContent`'s own `message`, which
 * stays English for logs and the wire). Every other language's catalog follows these keys.
 */
export const VALIDATION_EN: Catalog<ValidationMessageKey> = {
  required: 'Enter an answer.',
  'required.choice': 'Choose an option.',
  'required.boolean': 'Choose yes or no.',
  'too-short': { one: 'Enter at least {count} character.', other: 'Enter at least {count} characters.' },
  'too-long': { one: 'Enter at most {count} character.', other: 'Enter at most {count} characters.' },
  'format.email': 'Enter an email address, like name@example.com.',
  'format.uri': 'Enter a full web address, like https://example.com/page.',
  'format.date': 'Enter a real date.',
  'format.date-time': 'Enter a real date and time.',
  pattern: 'This is not in the expected form.',
  'pattern.hint': 'This is not in the expected form. Expected: {hint}',
  'pattern.example': 'This is not in the expected form. For example: {example}',
  'pattern.refused': 'This field cannot be checked, so it cannot be sent. Decline or cancel instead.',
  minimum: 'Enter a number of at least {min}.',
  maximum: 'Enter a number of at most {max}.',
  range: 'Enter a number from {min} to {max}.',
  'range.integer': 'Enter a whole number from {min} to {max}.',
  'not-integer': 'Enter a whole number.',
  'not-a-number': 'Enter a number, like 42 or 3.5.',
  'not-a-number.integer': 'Enter a whole number, like 42.',
  'not-finite': 'Enter a number.',
  type: 'This answer has the wrong type.',
  'not-in-enum': 'Choose one of the options shown.',
  'too-few-items': { one: 'Choose at least {count} option.', other: 'Choose at least {count} options.' },
  'too-many-items': { one: 'Choose at most {count} option.', other: 'Choose at most {count} options.' },
  'duplicate-items': 'Choose each option only once.',
  'unknown-property': 'This is not a field of this form.',
  'not-an-object': 'The answer is not in the form of a set of fields.',
  'not-accepted.signed-out':
    'Your answers were not sent: you are signed out. Sign in again, then send them again.',
  'not-accepted.forbidden':
    'Your answers were not sent: this page may not answer for the app. Open the question from the app itself, then send them again.',
  'not-accepted.not-found': 'Your answers were not used: this question is no longer open.',
  'not-accepted.settled': 'Your answers were not used: this question was already answered or closed.',
  'not-accepted.too-large': 'Your answers are too long to send. Shorten them, then send them again.',
  'not-accepted.rate-limited':
    'Too many answers were sent in the last minute. Wait a minute, then send them again.',
  'not-accepted.server': 'The server could not take your answers just now. Send them again in a moment.',
  'not-accepted.network':
    'Your answers could not be sent: the server cannot be reached. Check your connection, then send them again.',
  invalid: 'This answer is not accepted.',
};

import type { Catalog } from '@elicitkit/core';

/** The keys of the web UI's catalog. */
export type WebMessageKey =
  | 'kind.form'
  | 'kind.url'
  | 'kind.wait'
  | 'header.from'
  | 'dialog.form'
  | 'dialog.url'
  | 'dialog.wait'
  | 'action.review'
  | 'action.submit'
  | 'action.edit'
  | 'action.confirm'
  | 'action.decline'
  | 'action.cancel'
  | 'action.open'
  | 'action.retry'
  | 'review.heading'
  | 'summary.heading'
  | 'summary.notAccepted'
  | 'summary.entry'
  | 'error.prefix'
  | 'field.optional'
  | 'answer.yes'
  | 'answer.no'
  | 'answer.none'
  | 'answer.unanswered'
  | 'select.choose'
  | 'list.filter'
  | 'list.status'
  | 'list.selected'
  | 'list.noMatch'
  | 'pattern.details'
  | 'pattern.rule'
  | 'url.site'
  | 'url.asSent'
  | 'url.asShown'
  | 'url.address'
  | 'url.showFull'
  | 'url.showShort'
  | 'url.hidden'
  | 'url.warnings'
  | 'wait.status'
  | 'wait.address'
  | 'kind.limit'
  | 'dialog.limit'
  | 'limit.unsolicited'
  | 'limit.runaway'
  | 'limit.question'
  | 'action.allow'
  | 'action.block'
  | 'link.answered'
  | 'link.expired'
  | 'link.withdrawn'
  | 'link.notFound'
  | 'link.back';

/**
 * The web UI's words in English. Parameters in braces; `{count}` picks a plural form. `{server}` in
 * `header.from` is where the server's name is drawn (as its own element).
 */
export const WEB_EN: Catalog<WebMessageKey> = {
  'kind.form': 'Form request',
  'kind.url': 'Wants to open a web page',
  'kind.wait': 'Waiting for you to finish in the other tab',
  'header.from': 'From {server}',
  'dialog.form': 'Form request from {server}',
  'dialog.url': 'Request to open a web page from {server}',
  'dialog.wait': 'Waiting for a web page from {server}',
  'kind.limit': 'Asking a lot',
  'dialog.limit': 'Too many requests from {server}',
  'limit.unsolicited': 'This server sent many requests on its own, outside any call you made.',
  'limit.runaway': 'This server keeps asking during your call.',
  'limit.question': 'Let it ask more?',
  'action.allow': 'Allow more',
  'action.block': 'Refuse for now',
  'action.review': 'Review answers',
  'action.submit': 'Submit',
  'action.edit': 'Edit answers',
  'action.confirm': 'Confirm',
  'action.decline': 'Decline',
  'action.cancel': 'Cancel',
  'action.open': 'Open in a new tab',
  'action.retry': 'Retry now',
  'review.heading': 'Review your answers',
  'summary.heading': 'There is a problem',
  'summary.notAccepted': 'Your last answers were not accepted',
  'summary.entry': '{field}: {message}',
  'error.prefix': 'Error:',
  'field.optional': '(optional)',
  'answer.yes': 'Yes',
  'answer.no': 'No',
  'answer.none': 'No answer',
  'answer.unanswered': 'Not answered',
  'select.choose': 'Choose…',
  'list.filter': 'Type to filter the list',
  'list.status': { one: '{shown} of {count} option shown.', other: '{shown} of {count} options shown.' },
  'list.selected': 'Chosen: {choices}.',
  'list.noMatch': 'No option matches.',
  'pattern.details': 'Technical details',
  'pattern.rule': 'The answer must match this regular expression:',
  'url.site': 'Site',
  'url.asSent': 'As your browser sends it:',
  'url.asShown': 'Written in international letters as:',
  'url.address': 'Full address',
  'url.showFull': {
    one: 'Show the full address ({count} character)',
    other: 'Show the full address ({count} characters)',
  },
  'url.showShort': 'Show the shortened address',
  'url.hidden': { one: '{count} character hidden', other: '{count} characters hidden' },
  'url.warnings': {
    one: 'Check before opening: {count} warning',
    other: 'Check before opening: {count} warnings',
  },
  'wait.status': 'When you are done there, this continues by itself. If it does not, choose “Retry now”.',
  'wait.address': 'Address',
  'link.answered': 'You have answered this question already. Nothing more is needed here.',
  'link.expired': 'This question expired before it was answered.',
  'link.withdrawn': 'This question was withdrawn: what asked it has ended.',
  'link.notFound': 'This question was not found. The link may be wrong, or it may be for someone else.',
  'link.back': 'See your open questions',
};

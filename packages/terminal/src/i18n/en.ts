import type { Catalog } from '@elicitkit/core';

/**
 * The terminal's words in English: the prompts of `terminalUI` and `answersUI`, and what `elicit` itself
 * says. Parameters in braces (`{server}` is the requester label, `{count}` picks a plural form); numbers
 * are formatted for the locale. Command names, option names and key names (`call`, `--answers`, Tab) are
 * what a person types, so every language keeps them as they are. Validation messages are core's
 * (`validationMessages`), not repeated here.
 */
export const TERMINAL_EN = {
  // Banners: the line the host draws above every request (E-03).
  'heading.form': 'form request from {server}',
  'heading.url': 'URL request from {server}',
  'heading.url.required': 'URL request from {server}, to finish your call',

  // Form fields.
  'field.optional': '(optional)',
  'hint.number': 'number',
  'hint.integer': 'whole number',
  'hint.number.range': 'number, {min}–{max}',
  'hint.integer.range': 'whole number, {min}–{max}',
  'hint.number.min': 'number, at least {min}',
  'hint.integer.min': 'whole number, at least {min}',
  'hint.number.max': 'number, at most {max}',
  'hint.integer.max': 'whole number, at most {max}',
  'hint.length.range': '{min}–{max} characters',
  'hint.length.exact': { one: '{count} character', other: '{count} characters' },
  'hint.length.min': { one: 'at least {count} character', other: 'at least {count} characters' },
  'hint.length.max': { one: 'at most {count} character', other: 'at most {count} characters' },
  'hint.choices.range': '{min}–{max} choices',
  'hint.choices.exact': { one: '{count} choice', other: '{count} choices' },
  'hint.choices.min': { one: 'at least {count} choice', other: 'at least {count} choices' },
  'hint.choices.max': { one: 'at most {count} choice', other: 'at most {count} choices' },
  'hint.choices.any': 'any number of choices',
  'hint.email': 'name@example.com',
  'hint.uri': 'full web address, like https://example.com/page',
  'hint.date': 'YYYY-MM-DD',
  'hint.date-time': 'YYYY-MM-DD hh:mm, your time: {zone}',
  'input.default': '({value}; Tab to edit)',
  'choice.yes': 'Yes',
  'choice.no': 'No',
  'choice.none': '(no answer)',
  'choice.pick': '(choose one)',
  'choice.pick.error': 'Choose one of the answers with ↑ ↓, then press Enter.',
  'keys.navigate': 'navigate',
  'keys.select': 'select',
  'keys.all': 'all',
  'keys.invert': 'invert',
  'keys.submit': 'submit',
  'keys.space': 'space',
  'issues.previous': 'Your last answers were not accepted; please correct them.',

  // Review, and how a prompt ended.
  'review.title': 'Review your answers',
  'review.question': 'Send these answers to {server}?',
  'review.which': 'Which field?',
  'review.back': '(back to review)',
  'review.unanswered': '—',
  'confirm.question': 'Your answer to {server}:',
  'action.submit': 'Submit',
  'action.edit': 'Edit a field',
  'action.accept': 'Accept',
  'action.decline': 'Decline',
  'action.decline.about': 'Tell the server you will not answer.',
  'action.cancel': 'Cancel',
  'action.cancel.about': 'Dismiss without answering.',
  'outcome.submitted': 'Submitted to {server}.',
  'outcome.accepted': 'Accepted.',
  'outcome.declined': 'Declined.',
  'outcome.cancelled': 'Cancelled.',
  'outcome.withdrawn': 'The server withdrew this request.',

  // URL consent (E-06, E-52, E-54, E-55).
  'url.opens': 'Opens in your browser:',
  'url.site': 'Site:',
  'url.displayed-as': '(displayed as {site})',
  'url.sent-as': '(your browser sends it as {site})',
  'url.blocked': 'This address cannot be opened.',
  'url.host': 'Host:',
  'url.as-shown': 'as shown',
  'url.as-resolved': 'as your browser will resolve it',
  'url.question': 'Open this page?',
  'action.open': 'Open in browser',
  'warning.userinfo':
    'The text before "@" in this address is not where it goes: your browser would open {host}. Legitimate links do not need this.',
  'warning.mixed-script':
    'The site name mixes letters of different alphabets. Look-alike letters are a common way to imitate a familiar site.',
  'warning.confusable':
    'The site name is written in letters that look like Latin ones: it is a different address from the one it resembles.',
  'warning.punycode':
    'The site name contains international characters; your browser opens it as {ascii}. Compare it carefully.',
  'warning.domain-in-subdomain':
    'The address starts with what looks like a familiar name, but the site is {site}. This is a common phishing trick.',
  'warning.ip-address':
    'The address points to the IP address {ascii}, not a named site, so there is no name to check.',
  'warning.not-https': 'The connection to {host} is not encrypted (http, not https).',
  'warning.non-standard-port': 'The address uses port {port}, which is unusual for {site}.',
  'warning.long-url': {
    one: 'The address is {count} character long; a long address can hide where it goes. Check the site: {site}.',
    other:
      'The address is {count} characters long; a long address can hide where it goes. Check the site: {site}.',
  },

  // Waiting for a flow in the browser (E-22, M-17).
  'wait.waiting': 'Waiting for you to finish in the browser ({sites}).',
  'wait.question': 'Done in the browser?',
  'action.retry': 'Retry now',
  'action.retry.about': 'I finished; try the call again.',
  'wait.cancel.about': 'Stop waiting.',
  'wait.retrying': 'Retrying the call…',
  'wait.stopped': 'Stopped waiting.',

  // Notices: things to know that need no answer.
  'notice.rate-limited': '{server} is asking too often; its requests are refused for a while.',
  'notice.request-rejected': 'A request from {server} was refused without showing it to you.',
  'notice.url-opened': 'Opened {site} in your browser.',
  'notice.url-opened.unknown': 'Opened the page in your browser.',
  'notice.elicitation-complete': '{server}: the step in your browser is complete.',
  'notice.open-failed': 'Could not open a browser: {reason}.',
  'notice.open-failed.todo':
    'Copy the address below into a browser yourself (on this computer or another one). To have it opened for you, set BROWSER to the command that starts your browser, e.g. BROWSER=firefox.',
  'notice.open-failed.unknown-url': 'Open the page the server asked for yourself.',
  'open-failed.no-display':
    'there is no graphical display here (DISPLAY and WAYLAND_DISPLAY are not set), as in an SSH session or a container',
  'open-failed.browser-command': 'the browser command in BROWSER ({command}) did not start',
  'open-failed.system': 'the system could not start one',

  // Rate limits the person decides on (E-43).
  'limit.question': 'Let {server} ask more?',
  'limit.unsolicited': '{server} sent many requests on its own, outside any call you made.',
  'limit.runaway': '{server} keeps asking during your call.',
  'action.allow': 'Allow more',
  'action.allow.about': 'Show its requests again.',
  'action.block': 'Refuse for now',
  'action.block.about': 'Its requests are answered "cancel" until it calms down.',
  'limit.allowed': 'Allowed {server} to ask more.',
  'limit.blocked': 'Refusing requests from {server} for now.',

  // answersUI: one line per event, for scripts and CI logs.
  'answers.declined.missing': 'declined a form from {server}: no answer for required field "{field}"',
  'answers.declined.invalid': 'declined a form from {server}: {reasons}',
  'answers.answered': 'answered a form from {server} ({fields})',
  'answers.no-fields': 'no fields',
  'answers.declined.url': 'declined a URL request from {server} (opening a page needs a person): {url}',
  'answers.declined.nobody': 'declined {what} from {server}: no terminal to ask in (use --answers <file>)',
  'answers.what.form': 'a form',
  'answers.what.url': 'a URL request ({url})',
} as const satisfies Catalog;

/** The keys of the terminal's catalog. */
export type TerminalMessageKey = keyof typeof TERMINAL_EN;

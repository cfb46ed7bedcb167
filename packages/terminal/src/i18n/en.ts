import type { Catalog } from '@elicitkit/core';

/**
 * The terminal's words in English: the prompts of `terminalUI` and `answersUI`, and what `elicit` itself
 * says. Parameters in braces (`{server}` is the requester label, `{count}` picks a plural form); numbers
 * are formatted for the locale. Command names, option names and key names (`call`, `--answers`, Tab) are
 * what a person types, so every language keeps them as they are. Validation messages and URL warnings are
 * core's (`validationMessages`, `urlWarningMessages`), not repeated here.
 */
export const TERMINAL_EN = {
  // Banners: the line the host draws above every request (E-03).
  'heading.form': 'form request from {server}',
  'heading.url': 'URL request from {server}',
  'heading.url.required': 'URL request from {server}, to finish your call',

  // Form fields.
  'field.optional': '(optional)',
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
  'url.host': 'Host:',
  'url.as-shown': 'as shown',
  'url.as-resolved': 'as your browser will resolve it',
  'url.question': 'Open this page?',
  'action.open': 'Open in browser',

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

  // elicit: the session.
  'session.connected': 'connected to {server}',
  'session.where': 'at {target} (MCP {version})',
  'session.commands': 'Commands: tools · call <tool> [json-args] · help · exit',
  'session.help':
    "  tools                       list the server's tools\n  call <tool> [json-args]     call a tool; without JSON, you are asked for each argument\n  help                        this list\n  exit                        end the session (also Ctrl-D, or Ctrl-C twice, at this prompt)\n  During a form: Esc or Ctrl-C cancels it; the session goes on.\n  A form that arrives while you are at this prompt takes the keyboard until it is done.",
  'session.closed': 'The server closed the connection.',
  'session.ctrl-c': '(To end the session, press Ctrl-C again or Ctrl-D, or type exit.)',
  'session.usage.call': 'Usage: call <tool> [json-args]',
  'session.abandoned': 'Call abandoned.',
  'session.unknown': 'Unknown command "{word}". Type help for the list.',
  'session.failed': 'the request failed: {reason}',
  'session.needs-terminal': 'connect needs a terminal; for scripts use "elicit call" (with --answers)',
  'session.ui-failed': 'elicit: the prompt failed: {reason}',
  'session.server-line': '[server] {line}',

  // Tasks (a call that runs as a task, and elicit tasks get|cancel).
  'task.line': 'task {id}: {state}',
  'task.line.message': 'task {id}: {state} ({message})',
  'task.update': 'task: {state}',
  'task.update.message': 'task: {state} ({message})',
  'task.state.working': 'working',
  'task.state.input_required': 'waiting for an answer',
  'task.state.completed': 'completed',
  'task.state.failed': 'failed',
  'task.state.cancelled': 'cancelled',
  'task.questions': { one: '{count} question waiting', other: '{count} questions waiting' },
  'task.cancel-sent': 'asked the server to cancel task {id}',
  'task.unavailable': 'tasks need a server on protocol revision 2026-07-28',
  'cli.tasks-action': 'tasks expects get or cancel, got {given}',
  'cli.no-task-id': 'tasks get and tasks cancel need a task id',

  // Sign-in (MCP authorization) and elicit logout.
  'sign-in.line': 'Sign in to {site} for {server}: {url}',
  'sign-in.warning': '  ⚠ {text}',
  'sign-in.no-browser': 'could not open a browser ({reason}); open the address above yourself',
  'error.sign-in': 'the sign-in did not complete: {reason}',
  'logout.revoked': 'signed out of {server}; the authorization server revoked the tokens',
  'logout.forgotten':
    'signed out of {server}; the tokens are forgotten here (the authorization server did not confirm revoking them)',
  'logout.none': 'not signed in to {server}',
  'cli.logout-http': 'logout expects the http(s) URL of a server you signed in to',
  'cli.secret-without-id': '--client-secret needs --client-id',
  'cli.callback-port': '--callback-port expects a port number (1–65535), got {given}',

  // elicit: results and tool lists.
  'result.ok': 'Result:',
  'result.error': 'The tool reported an error:',
  'result.empty': '(no content)',
  'result.tool-error': 'the tool reported an error',
  'tools.none': 'The server offers no tools.',
  'content.media': { one: '[{kind} {mime}, {count} byte]', other: '[{kind} {mime}, {count} bytes]' },
  'content.link': '[link] {name} {uri}',
  'content.resource': '[resource {uri}]',
  'content.other': '[{kind} content]',

  // elicit: tool arguments asked one by one.
  'args.heading': 'your arguments for {tool}: the server has asked nothing yet',
  'args.argument': 'argument',
  'args.type': '[{type}]',
  'args.type.optional': '[{type}, optional]',
  'args.leave-out': '(leave out)',
  'args.number': 'Enter a number.',
  'args.integer': 'Enter a whole number.',
  'args.json': 'Enter a JSON value, e.g. ["a","b"] or {"k":1}.',

  // elicit: why a command or a call failed (one line each).
  'error.json': 'the tool arguments are not valid JSON: {detail}',
  'error.json.kind': 'the tool arguments must be a JSON object, got {kind}',
  'error.json.array': 'an array',
  'error.json.null': 'null',
  'error.json.string': 'a string',
  'error.json.number': 'a number',
  'error.json.boolean': 'a boolean',
  'error.unknown-tool': 'unknown tool "{name}" ({known})',
  'error.unknown-tool.none': 'the server lists no tools',
  'error.unknown-tool.some': 'available: {names}',
  'error.connection-lost': 'the connection to the server was lost: {reason}',
  'error.call-refused.wait': 'the call did not finish: you stopped waiting for the step in your browser',
  'error.call-refused.url':
    'the call did not finish: it needs a page opened in your browser, and you did not open it',
  'error.refused-request': "refused the server's request: {message}",
  'error.server': 'server error {code}: {message}',
  'error.call-failed': 'the call failed: {reason}',
  'error.interrupted': 'interrupted',
  'error.unreachable': 'cannot connect to {target}: {reason}',
  'error.answers.unreadable': 'cannot read --answers {file}: {reason}',
  'error.answers.missing': 'no such file',
  'error.answers.json': '--answers {file} is not valid JSON: {detail}',
  'error.answers.shape': '--answers {file} must hold a JSON object keyed by field name',
  'net.connection-refused': 'connection refused',
  'net.host-not-found': 'host not found',
  'net.lookup-failed': 'host lookup failed',
  'net.reset': 'connection reset',
  'net.timed-out': 'timed out',
  'net.host-unreachable': 'host unreachable',
  'net.network-unreachable': 'network unreachable',
  'net.cert-expired': 'TLS certificate expired',
  'net.cert-self-signed': 'self-signed TLS certificate',
  'net.cert-mismatch': 'TLS certificate does not match the host',
  'net.command-not-found': 'command not found ({detail})',
  'net.http': 'HTTP {status}',
  'net.http-unauthorized':
    'HTTP {status} (the server wants credentials: pass a token with -H "Authorization: Bearer <token>")',
  'net.closed': 'the server closed the connection',
  'net.no-answer': 'the server did not answer in time',

  // elicit: the command line.
  'cli.help':
    'elicit: a terminal MCP host that answers elicitation requests\n\nUsage:\n  elicit connect <http(s)-url>                   interactive session with a Streamable HTTP server\n  elicit connect -- <command> [args…]            … with a server started as a stdio subprocess\n  elicit call <http(s)-url> <tool> [json-args]   call one tool, print the result, exit\n  elicit call <tool> [json-args] -- <command> [args…]\n  elicit tasks get|cancel <http(s)-url> <task-id>  read or cancel a task left from an earlier call\n  elicit bridge [--port <n>] <http(s)-url>       serve that server to hosts of every revision, forms carried\n                                                 across; prints "MCP endpoint: <url>" first\n  elicit bridge --stdio -- <command> [args…]     … to a host on this process\'s stdin and stdout\n  elicit doctor --serve [--port <n>]           a checkup server to add to any host: its tool\n                                                 elicitation_checkup reports what the host does with forms and links\n  elicit doctor <http(s)-url> [--call <tool> [json]]  connect as a host and check every request the server\n                                                 sends against the spec\'s rules (also: -- <command>)\n  elicit logout <http(s)-url>                    forget the sign-in to that server (its tokens revoked)\n\nIn a session: tools · call <tool> [json-args] · help · exit\n\nOptions:\n  -H, --header "Name: value"   HTTP header for every request (repeatable), e.g. "Authorization: Bearer …"\n      --answers <file.json>    answer forms from a JSON object keyed by field name (no prompts);\n                               defaults fill the rest; a required field without an answer declines;\n                               URL requests are always declined and their URL printed\n      --protocol <version>     pin the protocol revision (or --revision): 2025-06-18, 2025-11-25 or 2026-07-28; by default elicit\n                               negotiates (asks the server with server/discover, falls back to\n                               initialize), over HTTP and stdio alike\n      --locale <tag>           the language of prompts and messages: en, de, ja or ar (others: English);\n                               by default from LC_ALL, LC_MESSAGES or LANG\n      --no-color               plain output (also: NO_COLOR=1)\n      --port <n>               elicit bridge: the port to listen on (127.0.0.1); 0, the default, picks a free one\n      --stdio                  elicit bridge: serve the host on stdin and stdout instead of HTTP\n      --redis <url>            elicit bridge: share 2026-07-28 rounds with the other instances\n                               on this Redis (no sticky sessions needed)\n      --host <address>         elicit bridge: the address to listen on (default 127.0.0.1; 0.0.0.0 or ::\n                               for every interface)\n      --allowed-hosts <names>  elicit bridge: Host names accepted, comma-separated (default: loopback)\n      --advertise <url>        elicit bridge: where the other instances reach this one (with --redis)\n      --callers <file>         elicit bridge: who may call: lines of "<name> <bearer token>" (mode 0600)\n      --allow-unauthenticated  elicit bridge: serve other machines with no --callers (beyond loopback,\n                               callers on other machines are refused without one of the two)\n      --report <file>          elicit doctor --serve: also export each finished report\'s JSON to this file\n      --declare <modes>        elicit doctor: the modes the host declares: form, url, form,url (default) or none\n      --json                   elicit doctor: the findings as JSON on stdout\n  -h, --help                   this help\n  -V, --version                the version\n\nSigning in (a server that asks for it: MCP authorization; tokens under ELICIT_CONFIG_DIR, mode 0600):\n      --no-browser             print the sign-in address on stderr, open nothing\n      --client-id <id>         a client registered in advance (else elicit registers itself)\n      --client-secret <secret> its secret (or ELICIT_CLIENT_SECRET)\n      --callback-port <n>      the loopback port the browser comes back to (for an authorization\n                               server that allows only a registered redirect)\n      --no-resource-indicator  leave out the RFC 8707 resource parameter (for servers that refuse it)\n\nExit codes (elicit call): 0 success · 1 the tool failed · 2 bad usage, JSON or tool name\n  · 3 server unreachable or connection lost · 4 the sign-in did not complete · 130 interrupted',
  'cli.usage': 'Run "elicit --help" for usage.',
  'cli.header': '--header expects "Name: value", got {given}',
  'cli.no-server': 'missing the server: an http(s) URL, or -- <command> [args…]',
  'cli.not-url': 'not a URL: {given} (expected http(s)://… or -- <command> [args…])',
  'cli.not-http': 'not an http(s) URL: {given}',
  'cli.unknown-command': 'unknown command {given}',
  'cli.no-command': 'missing the server command after --',
  'cli.header-stdio': '--header applies to http(s) servers only',
  'cli.protocol': '--protocol expects 2025-06-18, 2025-11-25 or 2026-07-28, got {given}',
  'cli.locale': '--locale expects a language tag such as de, ja-JP or ar, got {given}',
  'cli.connect-extra': 'connect takes no more arguments, got {given}',
  'cli.no-tool': 'call needs a tool name',
  'cli.call-extra': 'call takes one JSON argument object; quote it as a single argument',
  'cli.port': '--port expects a port number from 0 to 65535, got {given}',
  'cli.stdio-port': '--stdio serves on stdin and stdout; leave out --port',
  'cli.redis': '--redis expects a redis:// or rediss:// URL, got {given}',
  'cli.stdio-redis': '--redis shares rounds between bridge instances over HTTP; it does not apply to --stdio',
  'cli.bridge-only': '{option} applies to elicit bridge only',
  'cli.bridge-extra': 'bridge takes no more arguments, got {given}',
  'cli.protocol-revision': '--revision is another name for --protocol: give one of them',
  'cli.doctor-only': '{option} applies to elicit doctor only',
  'cli.doctor-extra': 'doctor --serve takes no server, got {given}',
  'cli.doctor-report': '--report expects a file name',
  'cli.doctor-serve-only': '{option} does not apply to elicit doctor --serve',
  'cli.doctor-serve-option':
    '{option} applies to elicit doctor --serve (or elicit bridge), not to checking a server',
  'cli.doctor-declare': '--declare expects form, url, form,url or none, got {given}',
  'doctor.server': 'Server {server}, protocol {protocol}; declared to it: {modes}',
  'doctor.modes-none': 'no elicitation',
  'doctor.tools': 'Tools: {names}',
  'doctor.no-call': 'No tool called: add --call <tool> [json] to watch one ask.',
  'doctor.call-ok': 'Called {tool}: it finished.',
  'doctor.call-error': 'Called {tool}: the tool answered with an error.',
  'doctor.call-failed': 'Called {tool}: the call failed: {reason}',
  'doctor.clean': 'No rule broken in {pushed} request(s) pushed and {rounds} round(s).',
  'doctor.broken':
    '{must} MUST broken, {should} SHOULD not followed, in {pushed} request(s) pushed and {rounds} round(s):',
  'doctor.dropped': '… and {count} more finding(s), not kept.',
  'doctor.missing': 'elicit doctor needs the package @elicitkit/doctor: npm install @elicitkit/doctor',
  'doctor.endpoint': 'MCP endpoint: {url}',
  'doctor.stdio': 'elicit doctor: serving the checkup on stdio; reports are saved under {dir}',
  'doctor.http':
    'elicit doctor: add the endpoint to your host and call the tool elicitation_checkup; reports are saved under {dir}',
  'bridge.missing': 'elicit bridge needs the package @elicitkit/bridge: npm install @elicitkit/bridge',
  'bridge.endpoint': 'MCP endpoint: {url}',
  'bridge.stdio': 'elicit bridge: serving {target} on stdio',
  'cli.stdio-http-only': '{option} applies to the HTTP endpoint; with --stdio nothing listens',
  'cli.host': '--host expects an address to listen on, such as 127.0.0.1, 0.0.0.0 or ::, got {given}',
  'cli.allowed-hosts': '--allowed-hosts expects host names separated by commas, got {given}',
  'cli.advertise':
    '--advertise expects the http(s) URL the other instances reach this one at (never 0.0.0.0), got {given}',
  'cli.advertise-redis': '--advertise says where the other instances reach this one; it needs --redis',
  'cli.callers-open': '--callers and --allow-unauthenticated contradict each other; give one',
  'cli.header-open':
    '-H credentials would be offered to anyone who reaches {host}: leave out --allow-unauthenticated and name the callers with --callers <file>',
  'bridge.callers-file': 'cannot use --callers {file}: {reason}',
  'bridge.loopback-only':
    'elicit bridge: listening on {host} without --callers, so only callers on this machine are served (name them with --callers <file>, or give --allow-unauthenticated)',
  raw: '{text}',

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

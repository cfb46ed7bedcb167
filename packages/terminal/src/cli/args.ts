import { parseArgs } from 'node:util';
import { localeFromEnv } from '../i18n/locale.js';
import type { Phrase } from '../i18n/phrase.js';
import { BRIDGE_ONLY, type BridgeServe, bridgeServe } from './bridge-args.js';
import {
  DOCTOR_ONLY,
  type DoctorInspectOptions,
  type DoctorServe,
  doctorInspect,
  doctorServe,
} from './doctor-args.js';
import type { SignInChoice } from './sign-in.js';
import { SIGN_IN_OPTIONS, signInChoice } from './sign-in-args.js';
import { setTaskIdAside } from './task-id-arg.js';

/** Where the server is: a Streamable HTTP endpoint, or a command speaking MCP on stdio. */
export type Target =
  | { kind: 'http'; url: URL; headers: Record<string, string> }
  | { kind: 'stdio'; command: string; args: string[] };

/** `--protocol`: pin an era; without it `elicit` negotiates (server/discover, falling back to initialize). */
export type ProtocolChoice = 'auto' | '2025-06-18' | '2025-11-25' | '2026-07-28';

const PROTOCOLS: readonly ProtocolChoice[] = ['2025-06-18', '2025-11-25', '2026-07-28'];
const COMMANDS = ['connect', 'call', 'tasks', 'bridge', 'doctor', 'logout'] as const;

export interface Common {
  target: Target;
  protocol: ProtocolChoice;
  /** `--answers <file>`: answer forms from this file instead of asking. */
  answersFile?: string;
  /** False with `--no-color`. */
  color: boolean;
  /** `--locale <tag>`, else the environment's (`LC_ALL`, `LC_MESSAGES`, `LANG`). */
  locale: string;
  /** How to sign in to an HTTP server that asks for it. */
  signIn: SignInChoice;
}

export type Command =
  | { name: 'help' }
  | { name: 'version' }
  | ({ name: 'connect' } & Common)
  | ({ name: 'call'; tool: string; argumentsJson?: string } & Common)
  | ({ name: 'tasks'; action: 'get' | 'cancel'; taskId: string } & Common)
  | { name: 'logout'; server: URL; signIn: SignInChoice; locale: string }
  | BridgeCommand
  | DoctorCommand;

/** `elicit bridge`: fronts the target for hosts of every revision, on HTTP (`port`) or on this process's stdio. */
export interface BridgeCommand {
  name: 'bridge';
  target: Target;
  serve: BridgeServe;
  locale: string;
  /** How to sign in to an HTTP upstream that asks for it. */
  signIn: SignInChoice;
}

/** `elicit doctor <server>`: the common options and the doctor's own. */
export type DoctorInspect = Common & DoctorInspectOptions;

/** `elicit doctor`: the checkup server, or a server checked from the host's side. */
export type DoctorCommand = DoctorServe | DoctorInspect;

/** A refused command line says why as a phrase, worded once the catalog is loaded (this file loads nothing). */
export type Parsed = { ok: true; command: Command } | { ok: false; phrase: Phrase };

const options = {
  header: { type: 'string', short: 'H', multiple: true },
  port: { type: 'string' },
  stdio: { type: 'boolean' },
  redis: { type: 'string' },
  host: { type: 'string' },
  'allowed-hosts': { type: 'string' },
  advertise: { type: 'string' },
  callers: { type: 'string' },
  'allow-unauthenticated': { type: 'boolean' },
  serve: { type: 'boolean' },
  report: { type: 'string' },
  call: { type: 'string' },
  declare: { type: 'string' },
  json: { type: 'boolean' },
  answers: { type: 'string' },
  protocol: { type: 'string' },
  // Another name for --protocol: "revision" is the spec's word (`elicit doctor --revision 2025-06-18`).
  revision: { type: 'string' },
  locale: { type: 'string' },
  'no-color': { type: 'boolean' },
  ...SIGN_IN_OPTIONS,
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'V' },
} as const;

function isLocaleTag(tag: string): boolean {
  try {
    new Intl.Locale(tag);
    return true;
  } catch {
    return false;
  }
}

function fail(phrase: Phrase): Parsed {
  return { ok: false, phrase };
}

/** A value from the command line, quoted and cut short, as a message parameter. */
function given(text: string): string {
  return JSON.stringify(text.slice(0, 40));
}

function parseHeaders(raw: string[]): { headers: Record<string, string> } | { refused: Phrase } {
  const headers: Record<string, string> = {};
  for (const entry of raw) {
    const colon = entry.indexOf(':');
    const name = colon > 0 ? entry.slice(0, colon).trim() : '';
    // RFC 9110 token characters; a value must not carry line breaks.
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name) || /[\r\n\0]/.test(entry)) {
      return { refused: { key: 'cli.header', params: { given: JSON.stringify(entry) } } };
    }
    headers[name] = entry.slice(colon + 1).trim();
  }
  return { headers };
}

function httpTarget(text: string | undefined, headers: Record<string, string>): Target | Phrase {
  if (text === undefined) return { key: 'cli.no-server' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { key: 'cli.not-url', params: { given: JSON.stringify(text) } };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { key: 'cli.not-http', params: { given: JSON.stringify(text) } };
  return { kind: 'http', url, headers };
}

/** Parses `elicit …` arguments without loading anything heavy (the `--version` path must stay fast). */
export function parseCommandLine(argv: string[], env: NodeJS.ProcessEnv = process.env): Parsed {
  const aside = setTaskIdAside(argv, options);
  const config = { args: aside.argv, options, allowPositionals: true, strict: true, tokens: true } as const;
  let parsed: ReturnType<typeof parseArgs<typeof config>>;
  try {
    parsed = parseArgs(config);
  } catch (error) {
    // node:util's own words (`Unknown option '--bogus'`), as they are.
    return fail({
      key: 'raw',
      params: { text: error instanceof Error ? error.message.split('\n')[0]! : String(error) },
    });
  }
  const { values, positionals, tokens } = parsed;
  if (values.help) return { ok: true, command: { name: 'help' } };
  if (values.version) return { ok: true, command: { name: 'version' } };

  // Everything after `--` is the stdio server's command line.
  const terminator = tokens.find((token) => token.kind === 'option-terminator');
  const afterTerminator = terminator
    ? tokens.filter((t) => t.kind === 'positional' && t.index > terminator.index).length
    : 0;
  const before = positionals.slice(0, positionals.length - afterTerminator);
  const serverCommand = terminator ? positionals.slice(positionals.length - afterTerminator) : undefined;

  const parsedHeaders = parseHeaders(values.header ?? []);
  if ('refused' in parsedHeaders) return fail(parsedHeaders.refused);
  const { headers } = parsedHeaders;
  const [name, ...afterName] = before;
  if (name === undefined) return { ok: true, command: { name: 'help' } };
  if (!(COMMANDS as readonly string[]).includes(name))
    return fail({ key: 'cli.unknown-command', params: { given: given(name) } });
  if (name === 'doctor' && values.serve) {
    const locale = values.locale ?? localeFromEnv(env);
    if (!isLocaleTag(locale)) return fail({ key: 'cli.locale', params: { given: given(locale) } });
    const doctor = doctorServe(values, afterName, serverCommand, locale);
    return 'key' in doctor ? fail(doctor) : { ok: true, command: doctor };
  }
  const doctorOnly = name !== 'doctor' && DOCTOR_ONLY.find((option) => values[option] !== undefined);
  if (doctorOnly) return fail({ key: 'cli.doctor-only', params: { option: `--${doctorOnly}` } });
  if (name !== 'bridge' && name !== 'doctor') {
    const bridgeOnly = BRIDGE_ONLY.find((option) => values[option] !== undefined);
    if (bridgeOnly) return fail({ key: 'cli.bridge-only', params: { option: `--${bridgeOnly}` } });
  }
  // `elicit tasks get|cancel <server> <id>`: the action comes before the server, as a subcommand.
  const action = name === 'tasks' ? afterName[0] : undefined;
  if (name === 'tasks' && action !== 'get' && action !== 'cancel')
    return fail({ key: 'cli.tasks-action', params: { given: given(action ?? '') } });
  const rest = name === 'tasks' ? afterName.slice(1) : afterName;

  let target: Target | Phrase;
  let operands: string[];
  if (serverCommand) {
    if (serverCommand.length === 0) return fail({ key: 'cli.no-command' });
    if (Object.keys(headers).length > 0) return fail({ key: 'cli.header-stdio' });
    target = { kind: 'stdio', command: serverCommand[0]!, args: serverCommand.slice(1) };
    operands = rest;
  } else {
    target = httpTarget(rest[0], headers);
    operands = rest.slice(1);
  }
  if ('key' in target) return fail(target);
  if (values.protocol !== undefined && values.revision !== undefined && values.protocol !== values.revision) {
    return fail({ key: 'cli.protocol-revision' });
  }
  const protocol = values.protocol ?? values.revision ?? 'auto';
  if (!(PROTOCOLS as readonly string[]).includes(protocol) && protocol !== 'auto') {
    return fail({ key: 'cli.protocol', params: { given: given(protocol) } });
  }
  const locale = values.locale ?? localeFromEnv(env);
  if (!isLocaleTag(locale)) {
    return fail({ key: 'cli.locale', params: { given: given(locale) } });
  }
  const signIn = signInChoice(values, env);
  if ('key' in signIn) return fail(signIn);
  if (name === 'logout') {
    if (target.kind !== 'http') return fail({ key: 'cli.logout-http' });
    if (operands.length > 0)
      return fail({ key: 'cli.connect-extra', params: { given: given(operands[0]!) } });
    return { ok: true, command: { name: 'logout', server: target.url, signIn, locale } };
  }
  const common: Common = {
    signIn,
    target,
    protocol: protocol as ProtocolChoice,
    color: values['no-color'] !== true,
    locale,
    ...(values.answers !== undefined && { answersFile: values.answers }),
  };

  if (name === 'doctor') {
    const doctor = doctorInspect(values, operands, common);
    return 'key' in doctor ? fail(doctor) : { ok: true, command: doctor };
  }
  if (name === 'bridge') {
    if (operands.length > 0) return fail({ key: 'cli.bridge-extra', params: { given: given(operands[0]!) } });
    const serve = bridgeServe(values, target.kind === 'http' ? Object.keys(target.headers).length : 0);
    return 'key' in serve
      ? fail(serve)
      : { ok: true, command: { name: 'bridge', target, serve, locale, signIn: common.signIn } };
  }
  if (name === 'connect') {
    if (operands.length > 0)
      return fail({ key: 'cli.connect-extra', params: { given: given(operands[0]!) } });
    return { ok: true, command: { name: 'connect', ...common } };
  }
  if (name === 'tasks') {
    const [taskId, extra] = aside.taskId !== undefined ? [aside.taskId, operands[0]] : operands;
    if (taskId === undefined || taskId === '') return fail({ key: 'cli.no-task-id' });
    if (extra !== undefined) return fail({ key: 'cli.connect-extra', params: { given: given(extra) } });
    return { ok: true, command: { name: 'tasks', action: action as 'get' | 'cancel', taskId, ...common } };
  }
  const [tool, argumentsJson, extra] = operands;
  if (tool === undefined) return fail({ key: 'cli.no-tool' });
  if (extra !== undefined) return fail({ key: 'cli.call-extra' });
  return {
    ok: true,
    command: { name: 'call', tool, ...(argumentsJson !== undefined && { argumentsJson }), ...common },
  };
}

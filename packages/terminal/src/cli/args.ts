import { parseArgs } from 'node:util';
import { localeFromEnv } from '../i18n/locale.js';

/** Where the server is: a Streamable HTTP endpoint, or a command speaking MCP on stdio. */
export type Target =
  | { kind: 'http'; url: URL; headers: Record<string, string> }
  | { kind: 'stdio'; command: string; args: string[] };

/** `--protocol`: pin an era; without it `elicit` negotiates (server/discover, falling back to initialize). */
export type ProtocolChoice = 'auto' | '2025-11-25' | '2026-07-28';

const PROTOCOLS: readonly ProtocolChoice[] = ['2025-11-25', '2026-07-28'];

export interface Common {
  target: Target;
  protocol: ProtocolChoice;
  /** `--answers <file>`: answer forms from this file instead of asking. */
  answersFile?: string;
  /** False with `--no-color`. */
  color: boolean;
  /** `--locale <tag>`, else the environment's (`LC_ALL`, `LC_MESSAGES`, `LANG`). */
  locale: string;
}

export type Command =
  | { name: 'help' }
  | { name: 'version' }
  | ({ name: 'connect' } & Common)
  | ({ name: 'call'; tool: string; argumentsJson?: string } & Common);

export type Parsed = { ok: true; command: Command } | { ok: false; message: string };

const options = {
  header: { type: 'string', short: 'H', multiple: true },
  answers: { type: 'string' },
  protocol: { type: 'string' },
  locale: { type: 'string' },
  'no-color': { type: 'boolean' },
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

function fail(message: string): Parsed {
  return { ok: false, message };
}

function parseHeaders(raw: string[]): Record<string, string> | string {
  const headers: Record<string, string> = {};
  for (const entry of raw) {
    const colon = entry.indexOf(':');
    const name = colon > 0 ? entry.slice(0, colon).trim() : '';
    // RFC 9110 token characters; a value must not carry line breaks.
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name) || /[\r\n\0]/.test(entry)) {
      return `--header expects "Name: value", got ${JSON.stringify(entry)}`;
    }
    headers[name] = entry.slice(colon + 1).trim();
  }
  return headers;
}

function httpTarget(text: string | undefined, headers: Record<string, string>): Target | string {
  if (text === undefined) return 'missing the server: an http(s) URL, or -- <command> [args…]';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `not a URL: ${JSON.stringify(text)} (expected http(s)://… or -- <command> [args…])`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `not an http(s) URL: ${JSON.stringify(text)}`;
  return { kind: 'http', url, headers };
}

/** Parses `elicit …` arguments without loading anything heavy (the `--version` path must stay fast). */
export function parseCommandLine(argv: string[], env: NodeJS.ProcessEnv = process.env): Parsed {
  const config = { args: argv, options, allowPositionals: true, strict: true, tokens: true } as const;
  let parsed: ReturnType<typeof parseArgs<typeof config>>;
  try {
    parsed = parseArgs(config);
  } catch (error) {
    return fail(error instanceof Error ? error.message.split('\n')[0]! : String(error));
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

  const headers = parseHeaders(values.header ?? []);
  if (typeof headers === 'string') return fail(headers);
  const [name, ...rest] = before;
  if (name === undefined) return { ok: true, command: { name: 'help' } };
  if (name !== 'connect' && name !== 'call') return fail(`unknown command ${JSON.stringify(name)}`);

  let target: Target | string;
  let operands: string[];
  if (serverCommand) {
    if (serverCommand.length === 0) return fail('missing the server command after --');
    if (Object.keys(headers).length > 0) return fail('--header applies to http(s) servers only');
    target = { kind: 'stdio', command: serverCommand[0]!, args: serverCommand.slice(1) };
    operands = rest;
  } else {
    target = httpTarget(rest[0], headers);
    operands = rest.slice(1);
  }
  if (typeof target === 'string') return fail(target);
  const protocol = values.protocol ?? 'auto';
  if (!(PROTOCOLS as readonly string[]).includes(protocol) && protocol !== 'auto') {
    return fail(`--protocol expects ${PROTOCOLS.join(' or ')}, got ${JSON.stringify(protocol.slice(0, 40))}`);
  }
  const locale = values.locale ?? localeFromEnv(env);
  if (!isLocaleTag(locale)) {
    return fail(
      `--locale expects a language tag such as de, ja-JP or ar, got ${JSON.stringify(locale.slice(0, 40))}`,
    );
  }
  const common: Common = {
    target,
    protocol: protocol as ProtocolChoice,
    color: values['no-color'] !== true,
    locale,
    ...(values.answers !== undefined && { answersFile: values.answers }),
  };

  if (name === 'connect') {
    if (operands.length > 0)
      return fail(`connect takes no more arguments, got ${JSON.stringify(operands[0])}`);
    return { ok: true, command: { name: 'connect', ...common } };
  }
  const [tool, argumentsJson, extra] = operands;
  if (tool === undefined) return fail('call needs a tool name');
  if (extra !== undefined) return fail('call takes one JSON argument object; quote it as a single argument');
  return {
    ok: true,
    command: { name: 'call', tool, ...(argumentsJson !== undefined && { argumentsJson }), ...common },
  };
}

import { createInterface } from 'node:readline';
import { type ElicitationHost, type ElicitationUI, installElicitation } from '@elicitkit/client';
import { systemBrowserOpener } from '@elicitkit/client/node';
import { Client, StreamableHTTPClientTransport, type Transport } from '@modelcontextprotocol/client';

type VersionNegotiationOptions = NonNullable<
  ConstructorParameters<typeof Client>[1]
>['versionNegotiation'] & {};

import type { SignIn } from '@elicitkit/client/sign-in';
import { requesterLabel } from '@elicitkit/client/ui-kit';
import type { Words } from '../i18n/messages.js';
import type { Phrase } from '../i18n/phrase.js';
import { safeLine } from '../ui/text.js';
import type { ProtocolChoice, Target } from './args.js';
import { describeError } from './describe-error.js';
import { CliError } from './errors.js';
import { type SignInChoice, signInFailure, terminalSignIn } from './sign-in.js';

export interface Connection {
  client: Client;
  host: ElicitationHost;
  /** The server as the banner names it. */
  serverLabel: string;
  /** The protocol revision the connection speaks. */
  protocolVersion: string;
  /** Fires when the connection closes, from either side. */
  closed: AbortSignal;
  /** Runs a request; where the server wants a sign-in first, waits for it and runs the request again. */
  authorized<T>(request: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

const CONNECT_TIMEOUT_MS = 20_000;
/**
 * On stdio a server that never answers the era probe is a 2025 server: give it a few seconds, not the
 * whole connect timeout, before falling back to `initialize`. Over HTTP silence is an outage instead.
 */
const STDIO_PROBE_TIMEOUT_MS = 5_000;

/** How the SDK client negotiates for `--protocol` (absent: auto, on HTTP and stdio alike). */
function versionNegotiation(protocol: ProtocolChoice, target: Target): VersionNegotiationOptions {
  if (protocol === '2025-11-25' || protocol === '2025-06-18') return { mode: 'legacy' };
  if (protocol === '2026-07-28') return { mode: { pin: '2026-07-28' } };
  return {
    mode: 'auto',
    ...(target.kind === 'stdio' && { probe: { timeoutMs: STDIO_PROBE_TIMEOUT_MS } }),
  };
}

/** Wraps the transport's delivery to the client so `tap` sees each message first; a throwing tap is not the SDK's problem. */
function tapIncoming(transport: Transport, tap: (message: unknown) => void): void {
  const deliver = transport.onmessage;
  if (!deliver) return;
  transport.onmessage = (message, extra) => {
    try {
      tap(message);
    } catch {
      // The tap only watches.
    }
    deliver.call(transport, message, extra);
  };
}

export function describeTarget(target: Target): string {
  return target.kind === 'http' ? target.url.href : [target.command, ...target.args].join(' ');
}

async function createTransport(
  target: Target,
  log: (line: Phrase) => void,
  signIn: SignIn | undefined,
): Promise<Transport> {
  if (target.kind === 'http') {
    return new StreamableHTTPClientTransport(target.url, {
      requestInit: { headers: target.headers },
      ...(signIn && { authProvider: signIn.provider }),
    });
  }
  const { StdioClientTransport } = await import('@modelcontextprotocol/client/stdio');
  const transport = new StdioClientTransport({ command: target.command, args: target.args, stderr: 'pipe' });
  // The server's stderr is server text too: sanitized, line by line, marked as coming from the server.
  const stderr = transport.stderr as NodeJS.ReadableStream | null;
  if (stderr) {
    createInterface({ input: stderr, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) =>
      log({ key: 'session.server-line', params: { line: safeLine(line, 2000) } }),
    );
  }
  return transport;
}

/**
 * Connects `elicit` to a server as an elicitation host for both modes (E-07), on the protocol era the
 * server speaks (or the one `--protocol` pins): 2025-11-25 sessions or 2026-07-28 requests.
 */
/** How `elicit doctor` connects: the modes to declare, and a look at every message the server sends. */
export interface ConnectionOptions {
  /** The elicitation modes declared (default both); empty: no elicitation declared at all. */
  modes?: readonly ('form' | 'url')[];
  /** Sees every message from the server, as it came, before the SDK handles it. */
  tap?: (message: unknown) => void;
  /** How to sign in to an HTTP server that asks for it (MCP authorization); without it, a 401 is an error. */
  signIn?: { choice: SignInChoice; words: Words };
}

export async function openConnection(
  target: Target,
  ui: ElicitationUI,
  version: string,
  log: (line: Phrase) => void,
  protocol: ProtocolChoice = 'auto',
  options: ConnectionOptions = {},
): Promise<Connection> {
  const client = new Client(
    { name: 'elicit', title: 'elicit (elicitkit terminal host)', version },
    {
      versionNegotiation: versionNegotiation(protocol, target),
      // F-01: a 2025-06-18 session is offered (and falls back to) that revision only.
      ...(protocol === '2025-06-18' && { supportedProtocolVersions: ['2025-06-18'] }),
    },
  );
  const modes = options.modes ?? ['form', 'url'];
  // E-43 with the library's budget: requests during a call the person made count apart from unsolicited
  // ones, and over either budget the person is asked (terminalUI's rateLimited) whether to allow more.
  const host = installElicitation(client, {
    ui,
    opener: systemBrowserOpener(),
    ...(modes.length === 0 ? { elicitation: false } : { modes }),
  });
  host.on('error', ({ during, error }) => {
    if (during === 'ui') log({ key: 'session.ui-failed', params: { reason: describeError(error) } });
  });
  const closing = new AbortController();
  client.onclose = () => closing.abort();
  const signIn =
    target.kind === 'http' && options.signIn
      ? terminalSignIn(target.url, options.signIn.choice, options.signIn.words, log)
      : undefined;
  const authorized = <T>(request: () => Promise<T>) => (signIn ? signIn.retrying(request) : request());
  try {
    await authorized(async () => {
      const transport = await createTransport(target, log, signIn);
      await client.connect(transport, { timeout: CONNECT_TIMEOUT_MS });
      if (options.tap) tapIncoming(transport, options.tap);
    });
  } catch (error) {
    await client.close().catch(() => {});
    await signIn?.close();
    throw (
      signInFailure(error) ??
      new CliError(
        'unreachable',
        {
          key: 'error.unreachable',
          params: { target: describeTarget(target), reason: describeError(error) },
        },
        { cause: error },
      )
    );
  }
  const info = client.getServerVersion();
  return {
    client,
    host,
    serverLabel: requesterLabel({
      name: info?.name ?? describeTarget(target),
      ...(info?.title !== undefined && { title: info.title }),
      ...(info?.version !== undefined && { version: info.version }),
    }),
    protocolVersion: client.getNegotiatedProtocolVersion() ?? 'unknown',
    closed: closing.signal,
    authorized,
    close: async () => {
      await client.close();
      await signIn?.close();
    },
  };
}

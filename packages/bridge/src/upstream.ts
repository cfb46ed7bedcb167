import {
  type ElicitationHost,
  type ElicitationUI,
  installElicitation,
  promptUnanswerable,
} from '@elicitkit/client';
import type { SignIn } from '@elicitkit/client/sign-in';
import {
  Client,
  type LoggingMessageNotification,
  type Result,
  StreamableHTTPClientTransport,
  type Transport,
} from '@modelcontextprotocol/client';
import { upstreamUnreachable } from './errors.js';
import type { RelayedMethod } from './held-call.js';

/** The server the bridge fronts: a Streamable HTTP endpoint, or a command speaking MCP on stdio. */
export type Upstream =
  | {
      kind: 'http';
      url: URL;
      headers?: Readonly<Record<string, string>>;
      /**
       * Signs in to upstream when it asks (MCP authorization): every connection the bridge opens uses its tokens,
       * and a connection refused for want of them waits for the sign-in (`createSignIn`, `@elicitkit/client/sign-in`).
       */
      signIn?: SignIn;
    }
  | { kind: 'stdio'; command: string; args?: readonly string[] };

/** Where upstream is, in one line: its URL without credentials, or the command the bridge runs. */
export function upstreamAddress(upstream: Upstream): string {
  if (upstream.kind === 'stdio') return [upstream.command, ...(upstream.args ?? [])].join(' ').slice(0, 200);
  const url = new URL(upstream.url);
  url.username = '';
  url.password = '';
  return url.href.slice(0, 200);
}

/** A list upstream announced a change of. */
export type ListKind = 'tools' | 'prompts' | 'resources';

/** The era an upstream spoke when first connected: later connections go straight to it. */
export type UpstreamEra = '2025' | '2026-07-28';

/** On stdio a server silent to the era probe is a 2025 one: a few seconds, not the whole connect timeout. */
const STDIO_PROBE_TIMEOUT_MS = 5_000;
const CONNECT_TIMEOUT_MS = 20_000;

/** What the host can be asked, as upstream is told (its client capabilities): forms, URLs, sampling, roots. */
export interface RelayedCapabilities {
  form: boolean;
  url: boolean;
  sampling: boolean;
  roots: boolean;
  /**
   * Whether upstream may answer a tool call with a task (the Tasks extension declared on the call): a 2026-07-28
   * host's own choice, passed on (a required-task tool then refuses it as upstream does); always for a 2025 host,
   * which cannot follow tasks, so the bridge follows them for it.
   */
  tasks: boolean;
}

/** Each connection's elicitkit host (installed on all): it says when a 2025 upstream's URL elicitation completed. */
const pipelines = new WeakMap<Client, ElicitationHost>();

/**
 * When a 2025 upstream says URL elicitation `flowId` completed (`notifications/elicitation/complete`); undefined for a
 * 2026-07-28 upstream, which sends no such notice (M-17: its next answer tells).
 */
export function completionOf(
  client: Client,
  flowId: string,
): ((signal: AbortSignal) => Promise<void>) | undefined {
  const pipeline = pipelines.get(client);
  if (!pipeline || (client.getNegotiatedProtocolVersion() ?? '') >= '2026-07-28') return undefined;
  return (signal) => pipeline.waitForCompletion(flowId, signal);
}

/** How a connection upstream hands on what upstream sends (each absent: nothing of that kind is heard). */
export interface UpstreamHooks {
  /** Answers upstream's forms (elicitkit's host pipeline runs first: schema rules, rate limit, round caps). */
  ui: ElicitationUI;
  headers?: Readonly<Record<string, string>>;
  era?: UpstreamEra | undefined;
  onLog?: (params: LoggingMessageNotification['params']) => void;
  onListChanged?: (kind: ListKind) => void;
  /** Sampling and roots requests, as the host declared them (`capabilities`); the key on 2026-07-28. */
  onRequest?: (request: RelayedRequest, signal: AbortSignal) => Promise<Result>;
  capabilities?: RelayedCapabilities;
}

/** A sampling or roots request upstream sent, with its input-request key when it came in a 2026-07-28 round. */
export interface RelayedRequest {
  method: RelayedMethod;
  params: Record<string, unknown>;
  key: string | undefined;
}

/**
 * A client of the upstream server on the revision it speaks (2026-07-28 rounds, or a 2025 session). Forms and URLs go
 * through elicitkit's host pipeline (schema rules, URL analysis, rate limit, round caps) to `hooks.ui`; sampling and
 * roots to `hooks.onRequest`; each declared as the host declared it.
 */
export async function connectUpstream(upstream: Upstream, hooks: UpstreamHooks): Promise<Client> {
  try {
    return await connectOnce(upstream, hooks);
  } catch (error) {
    // A stdio server slow to start (a cold `tsx`) can miss the era probe's few seconds: the fallback `initialize`
    // then meets a 2026-07-28-only server, which names the revisions it speaks. Start it again on that revision.
    if (hooks.era !== undefined || !speaksOnly2026(error)) throw error;
    return connectOnce(upstream, { ...hooks, era: '2026-07-28' });
  }
}

/** An `Unsupported protocol version` refusal that lists 2026-07-28 among what the server speaks. */
function speaksOnly2026(error: unknown): boolean {
  for (let at = error; at instanceof Error; at = at.cause) {
    const supported = (at as { data?: { supported?: unknown } }).data?.supported;
    if (Array.isArray(supported)) return supported.includes('2026-07-28');
  }
  return false;
}

async function connectOnce(upstream: Upstream, hooks: UpstreamHooks): Promise<Client> {
  const { onRequest, capabilities } = hooks;
  const client = new Client(
    { name: 'elicitkit-bridge', version: '0.1.0' },
    {
      versionNegotiation: negotiation(upstream, hooks.era),
      capabilities: {
        ...(onRequest && capabilities?.sampling && { sampling: {} }),
        ...(onRequest && capabilities?.roots && { roots: {} }),
      },
      // The SDK subscribes as the revision wants (a 2026-07-28 `subscriptions/listen`, a 2025 session's notices).
      ...(hooks.onListChanged && { listChanged: listChangedHandlers(hooks.onListChanged) }),
    },
  );
  // What the host declared, no more: upstream hears of no mode the host lacks (M-04 holds end to end).
  // A host with neither declares no elicitation, and its calls still get elicitkit's round driver and task follower.
  const modes = (['form', 'url'] as const).filter((mode) => capabilities?.[mode] !== false);
  // The host opens a consented URL (in its own browser, as URL mode wants): nothing is opened here.
  pipelines.set(
    client,
    installElicitation(client, {
      ui: hooks.ui,
      ...(modes.length > 0 ? { modes } : { elicitation: false }),
      opener: async () => {},
    }),
  );
  const onLog = hooks.onLog;
  if (onLog) client.setNotificationHandler('notifications/message', (notice) => onLog(notice.params));
  if (onRequest) {
    // A handler only for what is declared (the SDK refuses one for an undeclared capability).
    const declared = RELAYED_METHODS.filter((method) =>
      method === 'roots/list' ? capabilities?.roots : capabilities?.sampling,
    );
    for (const method of declared) {
      client.setRequestHandler(method, (request, ctx) => {
        // On 2026-07-28 the SDK names an input request by its key; a pushed request has a JSON-RPC id.
        const key = typeof ctx.mcpReq.id === 'string' ? ctx.mcpReq.id : undefined;
        const params = (request.params ?? {}) as Record<string, unknown>;
        return onRequest({ method, params, key }, ctx.mcpReq.signal) as never;
      });
    }
  }
  const connect = async () =>
    client.connect(await transportTo(upstream, hooks.headers ?? {}), { timeout: CONNECT_TIMEOUT_MS });
  try {
    await (upstream.kind === 'http' && upstream.signIn ? upstream.signIn.retrying(connect) : connect());
  } catch (error) {
    // Every path that reaches upstream says the same: which upstream, and why not (refused, DNS, TLS, HTTP 404, 401).
    throw upstreamUnreachable(upstreamAddress(upstream), error);
  }
  return client;
}

const RELAYED_METHODS: readonly RelayedMethod[] = ['sampling/createMessage', 'roots/list'];

/** What upstream hears for a sampling request outside any call the bridge holds (there is no host to ask). */
const NOT_IN_A_CALL = new Error('the bridge has no host to ask outside a call');

/**
 * A sampling or roots request upstream sent outside any call the bridge holds. Roots are answered: none are known
 * outside a call (servers such as server-everything ask for them as they connect, and would log a failure), and a
 * call's own roots request reaches its host. Sampling has nobody to answer it, and fails with why.
 */
export function outsideACall(request: RelayedRequest): Promise<Result> {
  return request.method === 'roots/list' ? Promise.resolve({ roots: [] }) : Promise.reject(NOT_IN_A_CALL);
}

/**
 * What the bridge's upstream UIs say where no person can be asked: upstream hears an error with why, never a
 * `decline` or `cancel` nobody gave. Outside any call (a form pushed while no call holds the connection), and over
 * the rate limit (E-43's question "allow more?" is the host's to put to its person, not the bridge's).
 */
export const UNANSWERED_BY_THE_BRIDGE: Pick<ElicitationUI, 'rateLimited'> & {
  outsideACall(): Promise<never>;
} = {
  outsideACall: () =>
    Promise.reject(
      promptUnanswerable(
        'The bridge has no host to ask outside a call: ask during a tool call, whose host is asked.',
        'outside-call',
      ),
    ),
  rateLimited: (prompt) =>
    Promise.reject(
      promptUnanswerable(`${prompt.message} The bridge refuses the rest; nobody was asked.`, 'rate-limited'),
    ),
};

function negotiation(upstream: Upstream, era: UpstreamEra | undefined) {
  if (era === '2025') return { mode: 'legacy' as const };
  if (era === '2026-07-28') return { mode: { pin: '2026-07-28' as const } };
  return {
    mode: 'auto' as const,
    ...(upstream.kind === 'stdio' && { probe: { timeoutMs: STDIO_PROBE_TIMEOUT_MS } }),
  };
}

async function transportTo(
  upstream: Upstream,
  extraHeaders: Readonly<Record<string, string>>,
): Promise<Transport> {
  if (upstream.kind === 'http') {
    const headers = { ...upstream.headers, ...extraHeaders };
    return new StreamableHTTPClientTransport(upstream.url, {
      requestInit: { headers },
      ...(upstream.signIn && { authProvider: upstream.signIn.provider }),
    });
  }
  const { StdioClientTransport } = await import('@modelcontextprotocol/client/stdio');
  return new StdioClientTransport({
    command: upstream.command,
    args: [...(upstream.args ?? [])],
    stderr: 'inherit',
  });
}

/** Hears each list change as it comes: no refresh (hosts list again themselves), no debounce (hosts debounce). */
function listChangedHandlers(onListChanged: (kind: ListKind) => void) {
  const on = (kind: ListKind) => ({
    autoRefresh: false,
    debounceMs: 0,
    onChanged: (error: Error | null) => {
      if (!error) onListChanged(kind);
    },
  });
  return { tools: on('tools'), prompts: on('prompts'), resources: on('resources') };
}

import { type ElicitationUI, installElicitation } from '@elicitkit/client';
import {
  Client,
  type LoggingMessageNotification,
  StreamableHTTPClientTransport,
  type Transport,
} from '@modelcontextprotocol/client';

/** The server the bridge fronts: a Streamable HTTP endpoint, or a command speaking MCP on stdio. */
export type Upstream =
  | { kind: 'http'; url: URL; headers?: Readonly<Record<string, string>> }
  | { kind: 'stdio'; command: string; args?: readonly string[] };

/** A list upstream announced a change of. */
export type ListKind = 'tools' | 'prompts' | 'resources';

/** The era an upstream spoke when first connected: later connections go straight to it. */
export type UpstreamEra = '2025' | '2026-07-28';

/** On stdio a server silent to the era probe is a 2025 one: a few seconds, not the whole connect timeout. */
const STDIO_PROBE_TIMEOUT_MS = 5_000;
const CONNECT_TIMEOUT_MS = 20_000;

/**
 * A client of the upstream server on the revision it speaks (2026-07-28 rounds, or a 2025 session), its asks answered
 * through `ui` by elicitkit's host pipeline (schema rules, rate limit, round caps), form mode only: URL flows are not
 * carried yet, so upstream servers see a client without URL mode and refuse or fall back as they do for any such.
 */
export async function connectUpstream(
  upstream: Upstream,
  ui: ElicitationUI,
  extraHeaders: Readonly<Record<string, string>> = {},
  era?: UpstreamEra,
  onLog?: (params: LoggingMessageNotification['params']) => void,
  onListChanged?: (kind: ListKind) => void,
): Promise<Client> {
  const client = new Client(
    { name: 'elicitkit-bridge', version: '0.1.0' },
    {
      versionNegotiation: negotiation(upstream, era),
      // The SDK subscribes as the revision wants (a 2026-07-28 `subscriptions/listen`, a 2025 session's notices).
      ...(onListChanged && { listChanged: listChangedHandlers(onListChanged) }),
    },
  );
  installElicitation(client, { ui, modes: ['form'] });
  if (onLog)
    client.setNotificationHandler('notifications/message', (notification) => onLog(notification.params));
  await client.connect(await transportTo(upstream, extraHeaders), { timeout: CONNECT_TIMEOUT_MS });
  return client;
}

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
    return new StreamableHTTPClientTransport(upstream.url, { requestInit: { headers } });
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

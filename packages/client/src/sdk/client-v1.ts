import { JsonRpcError } from '../era/request-2025.js';
import { closeSignal } from './close-signal.js';
import type { ClientSeam } from './seam.js';
import { trackingToolCalls } from './track-calls.js';

/**
 * A v1 SDK client (`Client` from `@modelcontextprotocol/sdk/client/index.js`, 1.x), as far as elicitkit uses
 * it. Written out here rather than imported, so that hosts on the v2 SDK need not install the v1 SDK (an
 * optional peer) to type-check.
 */
export interface V1Client {
  /** Adds to the capabilities the client declares; elicitkit declares `elicitation` through it. */
  registerCapabilities(capabilities: Record<string, unknown>): void;
  /** The server's identity from `initialize`: who asks (E-03). */
  getServerVersion(): { name: string; version: string; title?: string } | undefined;
  /** Calls a tool; `callToolWithElicitation` sends each attempt through it. */
  callTool(params: never, resultSchema?: never, options?: never): Promise<unknown>;
  /** Set once connected: `installElicitation` must come first. */
  readonly transport?: unknown;
  /** Chained, so that a call in progress stops when the connection closes. */
  onclose?: (() => void) | undefined;
  /** Where errors with no caller go (an event listener that threw). */
  onerror?: ((error: Error) => void) | undefined;
}

/** What the v1 client holds beyond its typed surface: the fallback slots every request and notification reaches. */
interface V1Slots {
  fallbackRequestHandler?: (
    request: { method: string; params?: unknown },
    extra: { signal: AbortSignal },
  ) => Promise<unknown>;
  fallbackNotificationHandler?: (notification: { method: string; params?: unknown }) => Promise<void>;
  request: (message: { method?: unknown }, ...rest: unknown[]) => Promise<unknown>;
  callTool: (params: unknown, resultSchema?: unknown, options?: unknown) => Promise<unknown>;
}

/**
 * The v1 SDK behind the seam (revisions up to 2025-11-25: no 2026 rounds). Requests and notifications
 * reach elicitkit through the client's public fallback slots, so no v1 schema is imported: a registered
 * `elicitation/create` handler would go through the v1 SDK's own Zod check first, with its dump as the
 * answer to a malformed request.
 */
export function v1Seam(client: V1Client): ClientSeam {
  const slots = client as unknown as V1Slots;
  return {
    sdk: 'v1',
    serverInfo: () => client.getServerVersion(),
    connected: () => client.transport !== undefined,
    declareCapabilities: (capabilities) => client.registerCapabilities(capabilities),
    serveElicitation(answer) {
      const previous = slots.fallbackRequestHandler;
      slots.fallbackRequestHandler = async (request, extra) => {
        if (request.method === 'elicitation/create') return answer(request.params, extra.signal);
        if (previous) return previous(request, extra);
        throw new JsonRpcError(-32601, 'Method not found');
      };
    },
    onElicitationComplete(listener) {
      const previous = slots.fallbackNotificationHandler;
      slots.fallbackNotificationHandler = async (notification) => {
        if (notification.method !== 'notifications/elicitation/complete') return previous?.(notification);
        const id = (notification.params as { elicitationId?: unknown } | undefined)?.elicitationId;
        if (typeof id === 'string') listener(id);
      };
    },
    trackToolCalls(begin) {
      slots.request = trackingToolCalls(slots.request.bind(client), begin);
    },
    // The v1 SDK's "connection closed" is McpError -32000; the same code, without importing it.
    closeSignal: () => closeSignal(client, () => new JsonRpcError(-32000, 'Connection closed')),
    reportError: (error) => client.onerror?.(error),
    callTool: (params, _round, signal, options) =>
      slots.callTool.call(client, params, undefined, { ...options, signal }),
  };
}

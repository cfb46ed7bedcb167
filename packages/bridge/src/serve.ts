import { type ServeMcpHttpOptions, serveMcpHttp } from '@elicitkit/server/http';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import type { Bridge } from './bridge.js';

/** A bridge being served; `close` stops serving and gives up every held call. */
export interface ServedBridge {
  /** The Streamable HTTP endpoint, e.g. `http://127.0.0.1:49152/mcp`; undefined on stdio. */
  url: URL | undefined;
  /** Stops serving, then gives up every held call and closes the upstream connections. */
  close(): Promise<void>;
}

/**
 * Serves `bridge` on one Streamable HTTP endpoint for hosts of every revision (2025 sessions and 2026-07-28 requests),
 * on loopback and a free port unless told otherwise; behind `authenticate`, each caller is its own principal.
 */
export async function serveBridgeHttp(
  bridge: Bridge,
  options: Pick<ServeMcpHttpOptions, 'hostname' | 'port' | 'path' | 'authenticate' | 'allowedHosts'> = {},
): Promise<ServedBridge> {
  const served = await serveMcpHttp(() => bridge.server(), options);
  // 2026-07-28 hosts hear list changes on their subscriptions (2025 sessions are told by the bridge itself).
  const notify = served.handler.notify;
  const stopListening = bridge.onListChanged((kind) => {
    if (kind === 'tools') notify.toolsChanged();
    else if (kind === 'prompts') notify.promptsChanged();
    else notify.resourcesChanged();
  });
  return {
    url: served.url,
    close: async () => {
      stopListening();
      await served.close();
      await bridge.close();
    },
  };
}

/** Serves `bridge` on this process's stdin and stdout, for hosts that only spawn commands. */
export function serveBridgeStdio(bridge: Bridge): ServedBridge {
  const handle = serveStdio(() => bridge.server());
  return {
    url: undefined,
    close: async () => {
      await handle.close();
      await bridge.close();
    },
  };
}

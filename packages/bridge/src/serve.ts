import { createMcpHttpHandler, listen, type ServeMcpHttpOptions, serveMcpHttp } from '@elicitkit/server/http';
import type { Server, Transport } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import type { Bridge } from './bridge.js';
import { roundRouter, type SharedRoundsOptions } from './round-router.js';

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
  options: Pick<ServeMcpHttpOptions, 'hostname' | 'port' | 'path' | 'authenticate' | 'allowedHosts'> & {
    /**
     * Several instances behind one load balancer, without sticky sessions for 2026-07-28 hosts: a round's retry that
     * lands on another instance is forwarded to the one holding its upstream call (see `SharedRoundsOptions`).
     * Instances must reach each other at the endpoint they listen on.
     */
    shared?: SharedRoundsOptions;
    /**
     * Reach upstream before listening (default `true`): a bridge whose upstream is not there fails at once with a
     * `PeerError` `upstream-unreachable` naming it and why, instead of serving hosts errors, and the downstream
     * servers carry upstream's identity from the first host on. `false`: listen at once, reach upstream on demand.
     */
    reachUpstreamFirst?: boolean;
  } = {},
): Promise<ServedBridge> {
  const { shared, reachUpstreamFirst = true, ...serving } = options;
  if (reachUpstreamFirst) await bridge.connect();
  const served = shared
    ? await serveShared(bridge, serving, shared)
    : await serveMcpHttp(() => bridge.server(), serving);
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

/** The endpoint with its 2026-07-28 rounds routed to their holders through Redis. */
async function serveShared(
  bridge: Bridge,
  options: Pick<ServeMcpHttpOptions, 'hostname' | 'port' | 'path' | 'authenticate' | 'allowedHosts'>,
  shared: SharedRoundsOptions,
) {
  const path = options.path ?? '/mcp';
  const handler = createMcpHttpHandler(() => bridge.server(), options);
  // Requests that arrive before the router is ready (it needs this endpoint's address) wait for it.
  let ready!: (fetch: (request: Request) => Promise<Response>) => void;
  const routed = new Promise<(request: Request) => Promise<Response>>((resolve) => (ready = resolve));
  const listening = await listen(
    async (request: Request) =>
      new URL(request.url).pathname === path
        ? (await routed)(request)
        : new Response('Not Found', { status: 404 }),
    { hostname: options.hostname ?? '127.0.0.1', port: options.port ?? 0 },
  );
  const url = new URL(path, listening.url);
  const router = await roundRouter(shared, url, bridge.holdMs).catch(async (error: unknown) => {
    await listening.close();
    throw error;
  });
  ready(router.wrap((request) => handler.fetch(request)));
  return {
    url,
    handler,
    async close() {
      await handler.close();
      await listening.close();
      await router.close();
    },
  };
}

/** How long a stdio host's `initialize` may wait for upstream to be reached first (desktop hosts give up at 60 s). */
const STDIO_IDENTITY_WAIT_MS = 10_000;

/**
 * Serves `bridge` on this process's stdin and stdout, for hosts that only spawn commands (or on `transport`, a stdio
 * transport of your own, as the SDK's `serveStdio` takes it). It reaches upstream first, for at most 10 s, so the host
 * meets upstream's identity; the host's first message waits in the pipe meanwhile. Upstream not there: it serves
 * anyway (a desktop host does not start a server again that exited), and the host's requests get the error that says so.
 */
export function serveBridgeStdio(bridge: Bridge, options: { transport?: Transport } = {}): ServedBridge {
  // A 2026-07-28 host's list changes go out on its subscriptions: the SDK's stdio entry rewrites the pinned
  // instance's change notices onto them (a 2025 session is told by the bridge itself).
  const modern = new Set<Server>();
  let closed = false;
  let release!: () => void;
  const waited = new Promise<void>((resolve) => (release = resolve));
  const timer = setTimeout(release, STDIO_IDENTITY_WAIT_MS);
  bridge.connect().then(release, release);
  void waited.then(() => clearTimeout(timer));
  const handle = waited.then(() =>
    closed
      ? undefined
      : serveStdio(
          ({ era }) => {
            const server = bridge.server();
            if (era === 'modern') modern.add(server);
            return server;
          },
          options.transport ? { transport: options.transport } : {},
        ),
  );
  const stopListening = bridge.onListChanged((kind) => {
    for (const server of modern) {
      if (server.transport === undefined)
        modern.delete(server); // a probe instance discarded, or closed
      else void server.notification({ method: `notifications/${kind}/list_changed` }).catch(() => {});
    }
  });
  return {
    url: undefined,
    close: async () => {
      closed = true;
      release();
      stopListening();
      await (await handle)?.close();
      await bridge.close();
    },
  };
}

import { createMcpHttpHandler, listen, type ServeMcpHttpOptions } from '@elicitkit/server/http';
import type { Server, Transport } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import type { Bridge } from './bridge.js';
import { roundRouter, type SharedRoundsOptions } from './round-router.js';
import { advertisedEndpoint, callersOnThisMachine, withAdvertisedHost } from './serve-policy.js';

/** A bridge being served; `close` stops serving and gives up every held call. */
export interface ServedBridge {
  /**
   * The Streamable HTTP endpoint, e.g. `http://127.0.0.1:49152/mcp`: the advertised one when instances share rounds,
   * a loopback one when listening on every interface; undefined on stdio.
   */
  url: URL | undefined;
  /** Stops serving, then gives up every held call and closes the upstream connections. */
  close(): Promise<void>;
}

/** What `serveBridgeHttp` is told: where to listen, who may call, and whether instances share rounds. */
export type ServeBridgeHttpOptions = Pick<
  ServeMcpHttpOptions,
  'hostname' | 'port' | 'path' | 'authenticate' | 'allowedHosts'
> & {
  /**
   * Several instances behind one load balancer, without sticky sessions for 2026-07-28 hosts: a round's retry that
   * lands on another instance is forwarded to the one holding its upstream call (see `SharedRoundsOptions`; its
   * `advertise` is where the others reach this one).
   */
  shared?: SharedRoundsOptions;
  /**
   * Reach upstream before listening (default `true`): a bridge whose upstream is not there fails at once with a
   * `PeerError` `upstream-unreachable` naming it and why, instead of serving hosts errors, and the downstream
   * servers carry upstream's identity from the first host on. `false`: listen at once, reach upstream on demand.
   */
  reachUpstreamFirst?: boolean;
  /**
   * Serve callers on other machines without `authenticate` (default `false`). Listening beyond loopback without
   * authentication, a bridge serves only callers on this machine and answers the others 403 saying why: whoever
   * reaches it would otherwise use upstream, and whatever credentials the bridge holds for it, as their own.
   */
  allowUnauthenticated?: boolean;
};

/**
 * Serves `bridge` on one Streamable HTTP endpoint for hosts of every revision (2025 sessions and 2026-07-28 requests),
 * on loopback and a free port unless told otherwise; behind `authenticate`, each caller is its own principal.
 */
export async function serveBridgeHttp(
  bridge: Bridge,
  options: ServeBridgeHttpOptions = {},
): Promise<ServedBridge> {
  const { shared, reachUpstreamFirst = true, allowUnauthenticated = false, ...serving } = options;
  const hostname = serving.hostname ?? '127.0.0.1';
  const path = serving.path ?? '/mcp';
  // Refused before anything is reached or bound.
  const advertised = shared && advertisedEndpoint(shared.advertise, hostname, path);
  if (reachUpstreamFirst) await bridge.connect();
  const handler = createMcpHttpHandler(() => bridge.server(), {
    ...serving,
    allowedHosts: withAdvertisedHost(serving.allowedHosts, advertised),
  });
  const gate = serving.authenticate || allowUnauthenticated ? undefined : callersOnThisMachine(hostname);
  // Requests that arrive before the router is ready (it needs this endpoint's address) wait for it.
  let ready!: (fetch: Fetch) => void;
  const routed = new Promise<Fetch>((resolve) => (ready = resolve));
  const listening = await listen(
    async (request: Request, bindings: object) =>
      new URL(request.url).pathname !== path
        ? new Response('Not Found', { status: 404 })
        : (gate?.(bindings) ?? (await routed)(request)),
    { hostname, port: serving.port ?? 0 },
  );
  const url = new URL(path, reachableHere(listening.url));
  const router =
    shared &&
    (await roundRouter(shared, advertised ?? url, bridge.holdMs, bridge.resumable).catch(
      async (error: unknown) => {
        await listening.close();
        throw error;
      },
    ));
  ready(router ? router.wrap((request) => handler.fetch(request)) : (request) => handler.fetch(request));
  // 2026-07-28 hosts hear list changes on their subscriptions (2025 sessions are told by the bridge itself).
  const stopListening = bridge.onListChanged((kind) => {
    if (kind === 'tools') handler.notify.toolsChanged();
    else if (kind === 'prompts') handler.notify.promptsChanged();
    else handler.notify.resourcesChanged();
  });
  return {
    url: advertised ?? url,
    close: async () => {
      stopListening();
      await handler.close();
      await listening.close();
      await router?.close();
      await bridge.close();
    },
  };
}

type Fetch = (request: Request) => Promise<Response>;

/** Listening on every interface (`0.0.0.0`, `::`), the endpoint is reached here on loopback. */
function reachableHere(listening: URL): URL {
  const url = new URL(listening);
  if (url.hostname === '0.0.0.0') url.hostname = '127.0.0.1';
  else if (url.hostname === '[::]') url.hostname = '[::1]';
  return url;
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

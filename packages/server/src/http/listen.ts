import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';

/**
 * A fetch handler as `@hono/node-server` calls it: the second argument carries the Node request and socket
 * (`getConnInfo` reads the peer address there; the login form's per-address throttle uses it).
 */
export type NodeFetch = (request: Request, bindings: object) => Response | Promise<Response>;

/** Options of {@link listen}: where to listen. */
export interface ListenOptions {
  /** 0 (default): a free port, chosen by the system. */
  port?: number;
  /** Default `127.0.0.1`: reachable from this machine only. */
  hostname?: string;
}

/** A listening server, as {@link listen} resolves it. */
export interface Listening {
  /** The port actually bound (useful with `port: 0`). */
  port: number;
  /** `http://<hostname>:<port>/`, IPv6 addresses in brackets. */
  url: URL;
  /** Stops accepting connections and ends open ones, idle keep-alive connections included; safe to call twice. */
  close(): Promise<void>;
}

/** The error when the address is taken: says which, and keeps Node's `code` for callers that branch on it. */
function addressInUse(hostname: string, port: number, cause: unknown): Error {
  const message = `listen: ${hostname}:${port} is already in use (pick another port, or 0 for a free one)`;
  return Object.assign(new Error(message, { cause }), { code: 'EADDRINUSE' });
}

/**
 * Serves `fetch` over HTTP/1.1 on Node; resolves once the socket accepts connections. Rejects when the address is
 * taken (`code: 'EADDRINUSE'`, the message names the address) or cannot be bound.
 *
 * ```ts
 * const { url, close } = await listen(app.fetch, { port: 3000 });
 * ```
 */
export function listen(fetch: NodeFetch, options: ListenOptions = {}): Promise<Listening> {
  const hostname = options.hostname ?? '127.0.0.1';
  const port = options.port ?? 0;
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, hostname, port }, (info: AddressInfo) => {
      server.off('error', onError);
      const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
      let closing: Promise<void> | undefined;
      resolve({
        port: info.port,
        url: new URL(`http://${host}:${info.port}/`),
        // Once: a second call (a test's cleanup after a restart, say) waits for the same close.
        close: () =>
          (closing ??= new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            // Node keeps idle keep-alive sockets open until they time out; end them so close() is prompt.
            if ('closeAllConnections' in server) server.closeAllConnections();
          })),
      });
    });
    const onError = (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' ? addressInUse(hostname, port, error) : error);
    };
    server.once('error', onError);
  });
}

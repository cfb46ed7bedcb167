import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';

export interface Listening {
  port: number;
  /** Stops accepting and drops open connections (SSE streams included), so tests end promptly. */
  close(): Promise<void>;
}

/** Serves `fetch` on 127.0.0.1:`port` (0: a free one), the only address test servers listen on. */
export function listenOnLoopback(
  fetch: (request: Request) => Response | Promise<Response>,
  port = 0,
): Promise<Listening> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, hostname: '127.0.0.1', port }, (info: AddressInfo) =>
      resolve({
        port: info.port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            if ('closeAllConnections' in server) server.closeAllConnections();
          }),
      }),
    );
    server.once('error', reject);
  });
}

import { createServer, connect as tcpConnect } from 'node:net';
import { type Listening, listen } from '../../packages/server/src/http/listen.js';

export type { Listening };

/** Serves `fetch` on 127.0.0.1:`port` (0: a free one), the only address test servers listen on. */
export function listenOnLoopback(
  fetch: (request: Request) => Response | Promise<Response>,
  port = 0,
): Promise<Listening> {
  return listen(fetch, { port });
}

/** A port free on 127.0.0.1 a moment ago, for a process that must be told its port before it starts (redis, nginx). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Whether something accepts TCP connections on 127.0.0.1:`port` now (a process that prints no "ready" line). */
export function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tcpConnect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

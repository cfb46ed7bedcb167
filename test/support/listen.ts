import { type Listening, listen } from '../../packages/server/src/http/listen.js';

export type { Listening };

/** Serves `fetch` on 127.0.0.1:`port` (0: a free one), the only address test servers listen on. */
export function listenOnLoopback(
  fetch: (request: Request) => Response | Promise<Response>,
  port = 0,
): Promise<Listening> {
  return listen(fetch, { port });
}

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SignInRedirect } from '../sign-in/sign-in.js';

/** How `loopbackRedirect` listens. */
export interface LoopbackRedirectOptions {
  /** A fixed port, for authorization servers that allow only a registered redirect URI (`--callback-port`). */
  port?: number;
  /** The callback's path. Default `/callback`. */
  path?: string;
}

const PAGE_STYLE =
  'body{font:1.1rem/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#0b0c0c}';

/** The page the browser shows after coming back: fixed words only, nothing from the query is echoed. */
function page(title: string, text: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title><style>${PAGE_STYLE}</style></head><body><h1>${title}</h1><p>${text}</p></body></html>`;
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function previousPort(previous: string | undefined, path: string): number | undefined {
  if (previous === undefined) return undefined;
  const url = URL.canParse(previous) ? new URL(previous) : undefined;
  return url?.hostname === '127.0.0.1' && url.pathname === path && url.port ? Number(url.port) : undefined;
}

/**
 * RFC 8252 §7.3: the browser comes back to `http://127.0.0.1:<port>/callback` on this machine. The port of the
 * last sign-in is tried first (a dynamic registration names it), else a free one. The listener keeps the process
 * alive only while a sign-in is awaited, answers only the path, and takes each `state` once.
 */
export function loopbackRedirect(options: LoopbackRedirectOptions = {}): SignInRedirect {
  const path = options.path ?? '/callback';
  const waiters = new Map<string, (params: URLSearchParams) => void>();
  let server: Server | undefined;
  let url: string | undefined;

  function handle(request: IncomingMessage, response: ServerResponse): void {
    const target = new URL(request.url ?? '/', 'http://127.0.0.1');
    const deliver =
      request.method === 'GET' && target.pathname === path
        ? waiters.get(target.searchParams.get('state') ?? '')
        : undefined;
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.setHeader('cache-control', 'no-store');
    response.setHeader('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
    if (!deliver) {
      response.statusCode = target.pathname === path ? 400 : 404;
      response.end(
        page(
          'Not expected here',
          'This address is not waiting for this sign-in. It may have finished or timed out: run the command again.',
        ),
      );
      return;
    }
    const refused = !target.searchParams.has('code');
    response.end(
      refused
        ? page(
            'Sign-in not completed',
            'The sign-in did not complete. You can close this tab; the terminal says why.',
          )
        : page('Signed in', 'You are signed in. You can close this tab and go back to where you started.'),
    );
    deliver(target.searchParams);
  }

  return {
    async prepare(previous) {
      if (url !== undefined) return url;
      server = createServer(handle);
      server.unref();
      const wanted = options.port ?? previousPort(previous, path) ?? 0;
      let port: number;
      try {
        port = await listen(server, wanted);
      } catch (error) {
        // A fixed port must be that port; a remembered one may have been taken since.
        if (options.port !== undefined || wanted === 0) throw error;
        port = await listen(server, 0);
      }
      url = `http://127.0.0.1:${port}${path}`;
      return url;
    },
    waitForCallback(state, signal) {
      return new Promise((resolve, reject) => {
        // Kept alive only while someone is expected back: nothing else may hold a CLI open meanwhile.
        const settle = () => {
          waiters.delete(state);
          if (waiters.size === 0) server?.unref();
        };
        const onAbort = () => {
          settle();
          reject(signal.reason);
        };
        if (signal.aborted) return onAbort();
        signal.addEventListener('abort', onAbort, { once: true });
        server?.ref();
        waiters.set(state, (params) => {
          signal.removeEventListener('abort', onAbort);
          settle();
          resolve(params);
        });
      });
    },
    async close() {
      const closing = server;
      server = undefined;
      url = undefined;
      if (!closing?.listening) return;
      closing.closeAllConnections();
      await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
  };
}

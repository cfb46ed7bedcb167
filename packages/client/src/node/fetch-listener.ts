import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

/**
 * A fetch-style handler (the relay's `relay.fetch`) as a Node `http` request listener, for apps on `node:http`,
 * Express or Fastify's raw server: `server.on('request', fetchListener(relay.fetch))`, or mount it under a path your
 * router hands it. The request's body is streamed in, the response's streamed out (event streams included); a client
 * that goes away aborts the request's signal. `origin` is the origin the app is reached at (behind a proxy: the public
 * one), from which the request's URL is built.
 */
export function fetchListener(
  handle: (request: Request) => Promise<Response>,
  origin: string | URL = 'http://localhost',
): (request: IncomingMessage, response: ServerResponse) => void {
  return (request, response) => {
    const gone = new AbortController();
    response.on('close', () => gone.abort());
    const bodied = request.method !== 'GET' && request.method !== 'HEAD';
    const init: RequestInit & { duplex?: 'half' } = {
      method: request.method ?? 'GET',
      headers: headersOf(request),
      signal: gone.signal,
      ...(bodied && { body: Readable.toWeb(request) as ReadableStream, duplex: 'half' }),
    };
    handle(new Request(new URL(request.url ?? '/', origin), init)).then(
      (answer) => {
        response.writeHead(answer.status, Object.fromEntries(answer.headers));
        if (!answer.body) return void response.end();
        Readable.fromWeb(answer.body as import('node:stream/web').ReadableStream)
          .on('error', () => response.destroy())
          .pipe(response);
      },
      () => {
        if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
        response.end('internal error');
      },
    );
  };
}

/** Node's headers as fetch headers: repeated ones joined, as fetch keeps them. */
function headersOf(request: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

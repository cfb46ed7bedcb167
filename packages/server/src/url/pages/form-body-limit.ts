import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { CLOSE_CONNECTION } from '../../http/body-limit.js';

/**
 * hono's own body limit: a declared `Content-Length` over `maxBytes` is refused unread, and a chunked body is
 * counted as it streams and refused as soon as it passes `maxBytes`, before the route parses anything. The
 * refusal closes the connection, so the rest of the upload is never read.
 */
export function formBodyLimit(maxBytes: number, tooLarge: () => Response): MiddlewareHandler {
  if (!(maxBytes > 0))
    throw new RangeError(`maxBodyBytes must be a positive number, got ${String(maxBytes)}`);
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      const response = tooLarge();
      for (const [name, value] of Object.entries(CLOSE_CONNECTION)) response.headers.set(name, value);
      return response;
    },
  });
}

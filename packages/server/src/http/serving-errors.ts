import { sanitizeForDisplay } from '@elicitkit/core';

/**
 * No silent 500 (issue 19): what goes wrong while serving is reported, and an HTTP 500 is never the only trace. With
 * the author's `onError`, every error goes there. Without it, internal errors (a throwing factory, a bug, a 5xx from
 * the SDK) are logged as one line on stderr: the request's method and path, the error's name and first line, capped;
 * never a request body, header, query string or stack. What sessions and transports report about clients' own
 * mistakes (bad JSON, a wrong protocol version header) is not logged by default: a stranger could fill the log.
 */

export interface ServingErrorReporter {
  /** For the SDK's `onerror` hooks: to `onError`, else kept to explain a 5xx that follows. */
  reported(error: unknown): void;
  /** An error thrown while serving `request`: to `onError`, else one line on stderr. */
  internal(request: Request, error: unknown): void;
  /** A 5xx answer whose error the SDK reported (to `onError`, or logged now with it). */
  statusOnly(request: Request, status: number): void;
}

const MAX_LINE = 300;

export function servingErrorReporter(
  onError: ((error: Error) => void) | undefined,
  write: (line: string) => void = (line) => console.error(line),
): ServingErrorReporter {
  let last: Error | undefined;
  const toError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));
  return {
    reported(error) {
      if (onError) onError(toError(error));
      else last = toError(error);
    },
    internal(request, error) {
      if (onError) return onError(toError(error));
      write(line(`internal error while serving ${where(request)}: ${describe(toError(error))}`));
    },
    statusOnly(request, status) {
      if (onError) return;
      const cause = last ? `: ${describe(last)}` : '';
      last = undefined;
      write(line(`HTTP ${status} while serving ${where(request)}${cause}`));
    },
  };
}

/** The JSON-RPC answer to an internal error: the details stay in the log. */
export function internalErrorResponse(): Response {
  return Response.json(
    { jsonrpc: '2.0', error: { code: -32603, message: 'Internal error (logged by the server)' }, id: null },
    { status: 500 },
  );
}

function where(request: Request): string {
  let path = '?';
  try {
    path = new URL(request.url).pathname;
  } catch {}
  return `${request.method} ${path}`;
}

function describe(error: Error): string {
  const first = error.message.split('\n', 1)[0] ?? '';
  return `${error.name}: ${first}`;
}

/** One line, neutralized as any text from outside (an error message may quote what a client sent), capped. */
function line(text: string): string {
  return `elicitkit: ${sanitizeForDisplay(text, { maxLength: MAX_LINE })}`;
}

import { ElicitkitError } from '@elicitkit/core';
import { safeLine } from '../ui/text.js';

interface ErrorLike {
  message?: unknown;
  code?: unknown;
  cause?: unknown;
  data?: unknown;
  name?: unknown;
}

const networkReasons: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host lookup failed',
  ECONNRESET: 'connection reset',
  ETIMEDOUT: 'timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  CERT_HAS_EXPIRED: 'TLS certificate expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed TLS certificate',
  ERR_TLS_CERT_ALTNAME_INVALID: 'TLS certificate does not match the host',
};

/** A 401 means the server wants credentials, most often a bearer token: say how `elicit` sends one. */
const UNAUTHORIZED_HINT =
  ' (the server wants credentials: pass a token with -H "Authorization: Bearer <token>")';

/**
 * One readable line for an error from the SDK, fetch, a child process or a server. Error messages can
 * quote server text (HTTP bodies, JSON-RPC messages), so the result is sanitized.
 */
export function describeError(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const e = current as ErrorLike;
    if (typeof e.code === 'string' && networkReasons[e.code]) return networkReasons[e.code]!;
    if (typeof e.code === 'string' && e.code === 'ENOENT' && typeof e.message === 'string') {
      return `command not found (${safeLine(e.message, 200)})`;
    }
    const data = e.data as { status?: unknown; statusText?: unknown } | undefined;
    if (data && typeof data.status === 'number') {
      const status = `HTTP ${data.status}${typeof data.statusText === 'string' ? ` ${safeLine(data.statusText, 80)}` : ''}`;
      return data.status === 401 ? `${status}${UNAUTHORIZED_HINT}` : status;
    }
    if (e.code === 'CONNECTION_CLOSED') return 'the server closed the connection';
    if (e.code === 'REQUEST_TIMEOUT' || e.name === 'TimeoutError') return 'the server did not answer in time';
    if (!e.cause) break;
    current = e.cause;
  }
  if (error instanceof ElicitkitError) return safeLine(error.message, 300);
  if (error instanceof Error) {
    const code = typeof (error as ErrorLike).code === 'number' ? ` (${(error as ErrorLike).code})` : '';
    return `${safeLine(error.message, 300)}${code}`;
  }
  return safeLine(String(error), 300);
}

import { ElicitkitError } from '@elicitkit/core';
import type { TerminalMessageKey } from '../i18n/en.js';
import type { Phrase } from '../i18n/phrase.js';
import { safeLine } from '../ui/text.js';

interface ErrorLike {
  message?: unknown;
  code?: unknown;
  cause?: unknown;
  data?: unknown;
  name?: unknown;
}

const networkReasons: Record<string, TerminalMessageKey> = {
  ECONNREFUSED: 'net.connection-refused',
  ENOTFOUND: 'net.host-not-found',
  EAI_AGAIN: 'net.lookup-failed',
  ECONNRESET: 'net.reset',
  ETIMEDOUT: 'net.timed-out',
  EHOSTUNREACH: 'net.host-unreachable',
  ENETUNREACH: 'net.network-unreachable',
  CERT_HAS_EXPIRED: 'net.cert-expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'net.cert-self-signed',
  ERR_TLS_CERT_ALTNAME_INVALID: 'net.cert-mismatch',
};

/** Text that is said as it is (a parser's or a server's own words), sanitized. */
export function verbatim(text: string, maxLength = 300): Phrase {
  return { key: 'raw', params: { text: safeLine(text, maxLength) } };
}

/**
 * One readable line for an error from the SDK, fetch, a child process or a server. The reasons we know are
 * said in the person's language; anything else is the error's own message, sanitized, since error messages
 * can quote server text (HTTP bodies, JSON-RPC messages).
 */
export function describeError(error: unknown): Phrase {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const e = current as ErrorLike;
    if (typeof e.code === 'string' && networkReasons[e.code]) return { key: networkReasons[e.code]! };
    if (typeof e.code === 'string' && e.code === 'ENOENT' && typeof e.message === 'string') {
      return { key: 'net.command-not-found', params: { detail: safeLine(e.message, 200) } };
    }
    const data = e.data as { status?: unknown; statusText?: unknown } | undefined;
    if (data && typeof data.status === 'number') {
      const status = `${data.status}${typeof data.statusText === 'string' ? ` ${safeLine(data.statusText, 80)}` : ''}`;
      // A 401 means the server wants credentials, most often a bearer token: say how `elicit` sends one.
      return { key: data.status === 401 ? 'net.http-unauthorized' : 'net.http', params: { status } };
    }
    if (e.code === 'CONNECTION_CLOSED') return { key: 'net.closed' };
    if (e.code === 'REQUEST_TIMEOUT' || e.name === 'TimeoutError') return { key: 'net.no-answer' };
    if (!e.cause) break;
    current = e.cause;
  }
  if (error instanceof ElicitkitError) return verbatim(error.message);
  if (error instanceof Error) {
    const code = typeof (error as ErrorLike).code === 'number' ? ` (${(error as ErrorLike).code})` : '';
    return verbatim(`${safeLine(error.message, 300)}${code}`);
  }
  return verbatim(String(error));
}

import { CoreErrorCode, PeerError, UsageError } from '@elicitkit/core';

/** Codes thrown by `@elicitkit/bridge` (see `ElicitkitError`). */
export const BridgeErrorCode = {
  /** Upstream could not be reached or refused the connection; `details.upstream` names it, `details.reason` why. */
  UpstreamUnreachable: 'upstream-unreachable',
} as const;
export type BridgeErrorCode = (typeof BridgeErrorCode)[keyof typeof BridgeErrorCode];

/** `details` of each {@link BridgeErrorCode}. */
export interface BridgeErrorDetails {
  'upstream-unreachable': { upstream: string; reason: string };
}

declare module '@elicitkit/core' {
  interface ElicitkitErrorDetailsMap extends BridgeErrorDetails {}
}

/** Network failures by their system code, in words. */
const SYSTEM_CAUSES: Record<string, string> = {
  ECONNREFUSED: 'connection refused (nothing listens there)',
  ECONNRESET: 'the connection was reset',
  ENOTFOUND: 'no such host name',
  EAI_AGAIN: 'the host name could not be looked up',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'the host cannot be reached',
  ENOENT: 'no such command',
  EACCES: 'permission denied',
  CERT_HAS_EXPIRED: 'its TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its TLS certificate cannot be verified',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its TLS certificate is for another host name',
};

/** Why upstream could not be reached, in one line: the system cause, the HTTP status, or the error's first line. */
export function upstreamFailure(error: unknown): string {
  for (let at: unknown = error, depth = 0; at instanceof Error && depth < 5; at = at.cause, depth++) {
    const code = (at as { code?: unknown }).code;
    if (typeof code === 'string' && code in SYSTEM_CAUSES) return SYSTEM_CAUSES[code]!;
    // The SDK's HTTP errors carry the status in `data.status`; older ones say it in the message.
    const data = (at as { data?: { status?: unknown } }).data;
    const status =
      typeof data?.status === 'number' ? String(data.status) : /\bHTTP (\d{3})\b/.exec(at.message)?.[1];
    if (status === '401' || status === '403') return `HTTP ${status}: it needs a sign-in or credentials (-H)`;
    if (status === '404') return 'HTTP 404: no MCP endpoint at this address';
    if (status) return `HTTP ${status}`;
  }
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]!.slice(0, 300);
}

/** The error for an upstream that cannot be reached: one line naming it and why. */
export function upstreamUnreachable(
  upstream: string,
  cause: unknown,
): PeerError<'upstream-unreachable', BridgeErrorDetails['upstream-unreachable']> {
  const reason = upstreamFailure(cause);
  return new PeerError(BridgeErrorCode.UpstreamUnreachable, `cannot reach upstream ${upstream}: ${reason}`, {
    cause,
    details: { upstream, reason },
  });
}

/** A bad option of the bridge's, named: `Invalid option <option>: <problem>.` (`details.option`). */
export function invalidOption(
  option: string,
  problem: string,
): UsageError<'invalid-option', { option: string }> {
  return new UsageError(CoreErrorCode.InvalidOption, `Invalid option ${option}: ${problem}.`, {
    details: { option },
  });
}

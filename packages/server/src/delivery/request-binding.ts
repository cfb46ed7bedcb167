import type { AuthInfo } from '@modelcontextprotocol/server';
import { bytesToBase64Url } from '../state/base64url.js';

/**
 * What a 2026-07-28 flow's `requestState` is bound to (M-06).
 *
 * The principal is the verified OAuth client and user (`authInfo.clientId` and `authInfo.extra.sub`), the same
 * pair a 2025 session is pinned to. A server without MCP authorization has no principal to bind to: its state is
 * bound to `anonymous`, so any holder of a state can continue that flow on the same request (documented; serve
 * behind `authenticate` where flows must be per user).
 */
export function principalOf(authInfo: AuthInfo | undefined): string {
  if (!authInfo) return 'anonymous';
  const sub = authInfo.extra?.sub;
  return JSON.stringify([authInfo.clientId, typeof sub === 'string' ? sub : null]);
}

/** The originating request: method, tool / prompt name or resource URI, and a SHA-256 digest of the arguments. */
export async function requestBinding(
  method: string,
  params: Record<string, unknown> | undefined,
): Promise<string> {
  const target = method === 'resources/read' ? params?.uri : params?.name;
  const argumentsDigest = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonicalJson(params?.arguments ?? {}))),
  );
  return `${method}\n${String(target)}\n${bytesToBase64Url(argumentsDigest)}`;
}

/** JSON with object keys sorted, so the same arguments always digest the same however the client ordered them. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

import type { FetchLike } from '@modelcontextprotocol/client';
import type { SignInClient } from './provider.js';
import type { SignInRecord } from './record.js';

const REVOKE_TIMEOUT_MS = 10_000;

/**
 * RFC 7009: asks the authorization server to revoke the refresh token (which revokes what it issued) and the
 * access token, where its metadata names a revocation endpoint. Best effort: signing out forgets the tokens
 * whatever the server says, and answers whether it confirmed.
 */
export async function revokeTokens(
  record: SignInRecord,
  client: SignInClient,
  fetchFn: FetchLike,
): Promise<boolean> {
  // OAuth metadata names it (RFC 8414); the OpenID shape of the SDK's type does not list it.
  const metadata = record.discovery?.authorizationServerMetadata as
    | { revocation_endpoint?: unknown }
    | undefined;
  const endpoint =
    typeof metadata?.revocation_endpoint === 'string' ? metadata.revocation_endpoint : undefined;
  const tokens = record.tokens;
  const information =
    client.clientId !== undefined
      ? { client_id: client.clientId, client_secret: client.clientSecret }
      : record.clientInformation;
  if (!endpoint || !tokens || !information) return false;
  let confirmed = true;
  const candidates: [string, string | undefined][] = [
    ['refresh_token', tokens.refresh_token],
    ['access_token', tokens.access_token],
  ];
  for (const [hint, token] of candidates) {
    if (!token) continue;
    const body = new URLSearchParams({ token, token_type_hint: hint });
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    if (information.client_secret) {
      const pair = `${encodeURIComponent(information.client_id)}:${encodeURIComponent(information.client_secret)}`;
      headers.authorization = `Basic ${btoa(pair)}`;
    } else {
      body.set('client_id', information.client_id);
    }
    try {
      const response = await fetchFn(endpoint, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(REVOKE_TIMEOUT_MS),
      });
      confirmed &&= response.ok;
      await response.body?.cancel();
    } catch {
      confirmed = false;
    }
  }
  return confirmed;
}

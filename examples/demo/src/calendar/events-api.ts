import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { CalendarUser } from './types.js';

export const EVENTS_SCOPE = 'calendar.read';

function refuse(res: ServerResponse, status: 401 | 403, error: string, description: string): void {
  // RFC 6750 §3: the challenge says why, so a client knows whether to refresh or to ask again.
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'WWW-Authenticate': `Bearer realm="example-calendar", error="${error}", error_description="${description}"`,
  });
  res.end(JSON.stringify({ error, error_description: description }));
}

/**
 * `GET /events`: the signed-in account's events, for an access token issued for this API (`aud`, RFC 8707) with
 * the `calendar.read` scope. Opaque tokens are looked up in the provider, so a revoked or expired one fails.
 */
export async function handleEvents(
  provider: Provider,
  users: Readonly<Record<string, CalendarUser>>,
  apiResource: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  if (req.method !== 'GET') {
    res.writeHead(405, { Allow: 'GET' }).end();
    return;
  }
  const header = req.headers.authorization ?? '';
  const value = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(header)?.[1];
  if (!value) return refuse(res, 401, 'invalid_request', 'bearer token required');
  const token = await provider.AccessToken.find(value);
  if (!token || token.isExpired)
    return refuse(res, 401, 'invalid_token', 'token unknown, revoked or expired');
  const audiences = Array.isArray(token.aud) ? token.aud : [token.aud];
  if (!audiences.includes(apiResource))
    return refuse(res, 401, 'invalid_token', 'token not issued for this API');
  if (!(token.scope ?? '').split(' ').includes(EVENTS_SCOPE)) {
    return refuse(res, 403, 'insufficient_scope', `${EVENTS_SCOPE} required`);
  }
  const events = users[token.accountId]?.events ?? [];
  res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify({ account: token.accountId, events }));
}

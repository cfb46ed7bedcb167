import type { AuthInfo } from '@modelcontextprotocol/server';

/**
 * Who asks, for everything bound to the asker: a 2025 session (its later requests must come from the same principal,
 * E-29), a 2026 flow's `requestState` (M-06), a task (T-19), the per-principal session cap. One rule, here.
 *
 * The principal is the verified OAuth client and user (`authInfo.clientId` and `authInfo.extra.sub`). A request
 * without verified credentials (a server without `authenticate`, or stdio) is {@link ANONYMOUS}: every such request
 * is the same principal, so anyone who holds a state, a session id or a task id of an anonymous server can use it.
 * Serve behind `authenticate` where flows must be per user. The per-principal session cap does not apply to
 * anonymous sessions (it would cap the whole server at one principal's share); the total cap does.
 */
export const ANONYMOUS = 'anonymous';

/** The principal of a request, by {@link ANONYMOUS}'s rule. Never a session id, never anything the client claims. */
export function principalOf(authInfo: AuthInfo | undefined): string {
  if (!authInfo) return ANONYMOUS;
  const sub = authInfo.extra?.sub;
  return JSON.stringify([authInfo.clientId, typeof sub === 'string' ? sub : null]);
}

import { createHash } from 'node:crypto';
import type { AuthInfo } from '@modelcontextprotocol/server';
import { invalidOption } from './errors.js';

/** Someone the bridge serves over HTTP: a name (their principal) and the bearer token they present. */
export interface TokenCaller {
  name: string;
  token: string;
}

/** Shortest token accepted: a guessable one would open the bridge, and upstream's credentials, to anyone. */
export const MIN_CALLER_TOKEN_BYTES = 16;

const digestOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Downstream authentication by static bearer tokens, for `serveBridgeHttp({ authenticate })`: each caller is
 * their own principal (`clientId` and `sub` are the name), so their held calls and upstream connections are
 * theirs alone. A missing or unknown token hears 401 with `WWW-Authenticate: Bearer`. For users signing in,
 * pass the SDK's `requireBearerAuth` instead.
 */
export function tokenCallers(
  callers: readonly TokenCaller[],
): (request: Request) => Promise<AuthInfo | Response> {
  if (callers.length === 0) throw invalidOption('callers', 'name at least one caller');
  // Kept by digest, so a lookup takes the same time whatever the presented token shares with a real one.
  const names = new Map<string, string>();
  for (const { name, token } of callers) {
    if (!/^[\w.@-]{1,64}$/.test(name)) {
      const shown = JSON.stringify(name.slice(0, 64));
      throw invalidOption('callers', `a name is 1 to 64 letters, digits, _ . @ or -, got ${shown}`);
    }
    if (Buffer.byteLength(token) < MIN_CALLER_TOKEN_BYTES || /\s/.test(token)) {
      const rule = `at least ${MIN_CALLER_TOKEN_BYTES} bytes with no spaces (openssl rand -hex 32 makes one)`;
      throw invalidOption('callers', `${name}'s token must be ${rule}`);
    }
    const digest = digestOf(token);
    if (names.has(digest)) throw invalidOption('callers', `${name} shares a token with ${names.get(digest)}`);
    names.set(digest, name);
  }
  return async (request) => {
    const token = /^Bearer ([^\s,]{1,4096})$/i.exec(request.headers.get('authorization') ?? '')?.[1];
    const name = token === undefined ? undefined : names.get(digestOf(token));
    if (token === undefined || name === undefined) return refused(token === undefined);
    return { token, clientId: name, scopes: [], extra: { sub: name } };
  };
}

/** 401 as RFC 6750 words it: no token says nothing more; a wrong one is `invalid_token`. */
function refused(missing: boolean): Response {
  const challenge = missing
    ? 'Bearer realm="elicit bridge"'
    : 'Bearer realm="elicit bridge", error="invalid_token"';
  const message = missing
    ? 'this bridge serves named callers only: send Authorization: Bearer <your token>'
    : 'this token is not one of the bridge’s callers';
  return Response.json(
    { jsonrpc: '2.0', id: null, error: { code: -32001, message } },
    { status: 401, headers: { 'www-authenticate': challenge } },
  );
}

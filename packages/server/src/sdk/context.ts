import type { AuthInfo } from '@modelcontextprotocol/server';
import type { HandlerContext } from './seam.js';

/**
 * Who sent a request, read from a handler's context on either SDK: the verified credentials, and the HTTP request
 * (v2 hands it over; from v1's `requestInfo` a Request is rebuilt with the headers, for verifiers that read the
 * `Authorization` header themselves). Needs no `enableElicitation`: URL mode's `url.user(ctx)` reads it.
 */
export function requestAuth(ctx: HandlerContext): {
  authInfo: AuthInfo | undefined;
  request: Request | undefined;
} {
  if ('mcpReq' in ctx) return { authInfo: ctx.http?.authInfo, request: ctx.http?.req };
  const info = ctx.requestInfo;
  if (!info) return { authInfo: ctx.authInfo, request: undefined };
  const headers = new Headers();
  for (const [name, value] of Object.entries(info.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return { authInfo: ctx.authInfo, request: new Request(info.url ?? 'http://localhost/', { headers }) };
}

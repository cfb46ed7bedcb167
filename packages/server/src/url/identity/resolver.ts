import { UsageError } from '@elicitkit/core';
import type { AuthInfo } from '@modelcontextprotocol/server';
import { UrlErrorCode } from '../errors.js';
import { isValidUserId } from './user-id.js';

/** What an identity resolver may look at: only credentials the server itself verified (E-57). */
export interface IdentitySource {
  /** `ctx.http?.authInfo`: set by the server's bearer verifier, never by the client. */
  authInfo?: AuthInfo | undefined;
  /** `ctx.http?.req`: the HTTP request that carried the MCP message, for resolvers that verify it themselves. */
  request?: Request | undefined;
}

/**
 * Who the user behind an MCP request is, or `undefined` when nobody verified is. Never derive it from a session
 * id (E-29) nor from anything the client merely claims (E-57).
 */
export type IdentityResolver = (source: IdentitySource) => string | undefined | Promise<string | undefined>;

/**
 * Who the browser's user is, from the app's own web session (never from the URL, E-61): the user id, or undefined
 * when not logged in. `SessionCookies.browserIdentity` (`@elicitkit/server/login`) is one.
 */
export type BrowserIdentity = (request: Request) => string | undefined | Promise<string | undefined>;

/** Where the verifiers of this package put the subject: `authInfo.extra.sub`. */
export const SUBJECT_EXTRA_KEY = 'sub';

/**
 * E-31, E-58: for remote servers, the user is the `sub` of the verified MCP authorization credentials (the spec's
 * "rely on authorization to identify the user"), never a session id or a claim. Works with the
 * verifiers of this package (`jwtVerifier`, `staticTokenVerifier`) and any verifier that sets `extra.sub`.
 */
export function bearerIdentity(): IdentityResolver {
  return ({ authInfo }) => {
    const sub = authInfo?.extra?.[SUBJECT_EXTRA_KEY];
    return isValidUserId(sub) ? sub : undefined;
  };
}

/**
 * An explicit identity for a local (stdio) server, where the OS user who started the process is the user. Use it
 * only where no remote party can reach the server.
 */
export function localIdentity(user: string): IdentityResolver {
  if (!isValidUserId(user)) {
    throw new UsageError(
      UrlErrorCode.InvalidConfig,
      'localIdentity: user must be a non-empty string without control characters',
    );
  }
  return () => user;
}

/** Resolves and validates; a resolver returning junk counts as no identity. */
export async function resolveIdentity(
  resolver: IdentityResolver,
  source: IdentitySource,
): Promise<string | undefined> {
  const user = await resolver(source);
  return isValidUserId(user) ? user : undefined;
}

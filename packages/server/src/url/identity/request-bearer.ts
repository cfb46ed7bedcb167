import type { AuthInfo, OAuthTokenVerifier } from '@modelcontextprotocol/server';
import { verifyBearerToken } from '../../sdk/auth.js';
import { type IdentityResolver, SUBJECT_EXTRA_KEY } from './resolver.js';
import { isValidUserId } from './user-id.js';

const subjectOf = (authInfo: AuthInfo | undefined) => {
  const sub = authInfo?.extra?.[SUBJECT_EXTRA_KEY];
  return isValidUserId(sub) ? sub : undefined;
};

/**
 * E-31 where the HTTP layer does not hand `authInfo` to the MCP handlers: verifies the `Authorization` header
 * of the request that carried the message with `verifier` (the same one that guards the endpoint) and takes
 * its `sub`. A verified `authInfo`, when present, wins.
 */
export function requestBearerIdentity(verifier: OAuthTokenVerifier): IdentityResolver {
  return async ({ authInfo, request }) => {
    if (authInfo) return subjectOf(authInfo);
    const header = request?.headers.get('authorization');
    if (!header) return undefined;
    try {
      return subjectOf(await verifyBearerToken(header, { verifier }));
    } catch {
      return undefined;
    }
  };
}

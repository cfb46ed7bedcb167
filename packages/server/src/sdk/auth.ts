/** The v2 SDK's bearer-token pieces URL mode's identity resolvers build on: verification and OAuth errors. */
export { OAuthError, OAuthErrorCode, verifyBearerToken } from '@modelcontextprotocol/server';

/**
 * The SDK's OAuth client, as the sign-in uses it: `auth()` runs discovery, registration, PKCE, `resource`, `iss`,
 * refresh and step-up; the rest is what a provider may add (private_key_jwt, DPoP). The sign-in writes no
 * protocol code of its own where these exist.
 */
export { auth, createPrivateKeyJwtAuth, DpopSession } from '@modelcontextprotocol/client';

/**
 * @elicitkit/client/sign-in: MCP authorization for a host, on the SDK's own OAuth client. `createSignIn` gives
 * the transport its `authProvider` and runs an operation again once the person has signed in; the record of
 * each server's sign-in lives in a {@link SignInStore} (`memorySignInStore` here; files and a loopback redirect
 * for native hosts in `@elicitkit/client/node`).
 *
 * @module @elicitkit/client/sign-in
 */
export { type CallbackRedirect, callbackRedirect } from './callback-redirect.js';
export type { AssertionContext, MachineGrant, SignInClient } from './provider.js';
export { memorySignInStore, type SignInRecord, type SignInStore, signInKey } from './record.js';
export {
  createSignIn,
  DEFAULT_SIGN_IN_TIMEOUT_MS,
  type SignIn,
  type SignInOptions,
  type SignInRedirect,
  type SignInRequest,
} from './sign-in.js';

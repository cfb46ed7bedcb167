/**
 * @elicitkit/client/node: what only Node hosts can do. `systemBrowserOpener()` opens consented URLs in the
 * system browser (E-53); pass it as `installElicitation(client, { ui, opener: systemBrowserOpener() })`.
 * `fetchListener(relay.fetch)` mounts the relay (or any fetch-style handler) on Node `http`. For
 * `@elicitkit/client/sign-in` on a person's machine: `fileSignInStore()` and `loopbackRedirect()`. Kept
 * apart from the package root so that a browser bundle of `@elicitkit/client` loads no Node module.
 *
 * @module @elicitkit/client/node
 */
export { systemBrowserOpener } from '../open/system-opener.js';
export { fetchListener } from './fetch-listener.js';
export { type FileSignInStoreOptions, fileSignInStore } from './file-sign-in-store.js';
export { type LoopbackRedirectOptions, loopbackRedirect } from './loopback-redirect.js';

/**
 * @elicitkit/client/node: what only Node hosts can do. `systemBrowserOpener()` opens consented URLs in the
 * system browser (E-53); pass it as `installElicitation(client, { ui, opener: systemBrowserOpener() })`. Kept
 * apart from the package root so that a browser bundle of `@elicitkit/client` loads no Node module.
 *
 * @module @elicitkit/client/node
 */
export { systemBrowserOpener } from '../open/system-opener.js';

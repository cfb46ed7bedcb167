/**
 * Opens a URL the user consented to, in the system browser (E-53): a process the host does not control,
 * so neither the host nor a model can read what the user types there. It receives exactly the normalized
 * `href` from `analyzeUrl` (E-51) and must not fetch it itself (E-50). Rejects when nothing could be opened.
 * In Node, `systemBrowserOpener()` from `@elicitkit/client/node`; in a web page, `webUI().opener`.
 */
export type UrlOpener = (href: string) => Promise<void>;

/**
 * The opener when a host names none. The package root has no way to start a browser (that code is
 * Node-only and lives at `@elicitkit/client/node`, so that browser bundles need no stubs), so it says why it
 * cannot: the person gets the URL to open by hand (`open-failed`) and the host an `error` event saying what
 * to pass.
 */
export const unconfiguredOpener: UrlOpener = async () => {
  throw new Error(
    'no opener configured: pass `opener` to installElicitation (systemBrowserOpener() from "@elicitkit/client/node", or webUI().opener in a web page)',
  );
};

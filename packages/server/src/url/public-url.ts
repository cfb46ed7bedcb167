import { analyzeUrl, previewValue, UsageError } from '@elicitkit/core';
import { UrlErrorCode } from './errors.js';

/**
 * Checks the origin elicitation pages are served from and returns it normalized with a trailing slash.
 * E-48: by core's `analyzeUrl`, the check every elicitkit host applies to the URLs built on it: https, or
 * http to a loopback host during development; so a server cannot be configured to send links hosts refuse.
 */
export function parsePublicBaseUrl(value: string | URL): URL {
  const analysis = analyzeUrl(String(value));
  if (!analysis.allowed) {
    throw new UsageError(UrlErrorCode.InvalidConfig, `publicBaseUrl: ${analysis.blockMessage}`);
  }
  const url = new URL(analysis.href);
  if (url.username || url.password || url.search || url.hash) {
    throw new UsageError(
      UrlErrorCode.InvalidConfig,
      'publicBaseUrl: must not carry credentials, a query or a fragment',
    );
  }
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url;
}

/**
 * `<publicBaseUrl>/elicit/<id>`: the id is the only variable part. E-45: no user data; E-46: the URL grants
 * nothing by itself, the page still checks who the browser's user is. E-15, E-48: checked by core's
 * `analyzeUrl` like every URL this package sends, so no elicitkit host refuses it (an id that made it too long,
 * say, fails here, in the server, rather than as a refusal the user sees).
 */
export function elicitationUrl(base: URL, elicitationId: string): string {
  return checkedUrl(new URL(`elicit/${elicitationId}`, base).href, 'elicitation URL');
}

/**
 * E-15, E-48: `url` as every elicitkit host judges it under E-49 (core's `analyzeUrl`, http only to loopback
 * hosts). Returns the normalized href, the string hosts show and open; throws naming the URL's problem.
 */
export function checkedUrl(url: unknown, where: string): string {
  if (typeof url !== 'string') {
    throw new UsageError(
      UrlErrorCode.InvalidElicitation,
      `${where}: must be a string, got ${previewValue(url)}`,
    );
  }
  const analysis = analyzeUrl(url);
  if (!analysis.allowed) {
    throw new UsageError(
      UrlErrorCode.InvalidElicitation,
      `${where}: elicitkit hosts would refuse this URL (${analysis.blockReason}): ${analysis.blockMessage}`,
    );
  }
  return analysis.href;
}

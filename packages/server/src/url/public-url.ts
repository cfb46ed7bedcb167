import { UsageError } from '@elicitkit/core';
import { UrlErrorCode } from './errors.js';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function isLoopback(hostname: string): boolean {
  return (
    LOOPBACK_HOSTS.has(hostname) || hostname.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(hostname)
  );
}

/**
 * Checks the origin elicitation pages are served from and returns it normalized with a trailing slash.
 * E-48: https, except loopback hosts during development.
 */
export function parsePublicBaseUrl(value: string | URL): URL {
  let url: URL;
  try {
    url = new URL(String(value));
  } catch {
    throw new UsageError(UrlErrorCode.InvalidConfig, `publicBaseUrl: not a valid absolute URL`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url.hostname))) {
    throw new UsageError(
      UrlErrorCode.InvalidConfig,
      `publicBaseUrl: must use https (http is allowed only for loopback hosts), got ${url.protocol}//${url.host}`,
    );
  }
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
 * nothing by itself, the page still checks who the browser's user is.
 */
export function elicitationUrl(base: URL, elicitationId: string): string {
  return new URL(`elicit/${elicitationId}`, base).href;
}

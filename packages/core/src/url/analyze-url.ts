import { describeType } from '../schema/json-object.js';
import { describeInvisible, URL_FORBIDDEN_CHAR } from '../text/invisible.js';
import { sanitizeForDisplay } from '../text/sanitize.js';
import { analyzeHost, type Host, splitRegistrable } from './host.js';
import type {
  AnalyzeUrlOptions,
  BlockedUrlAnalysis,
  TextRange,
  UrlAnalysis,
  UrlBlockReason,
  UrlDisplay,
} from './url-types.js';
import { collectWarnings } from './warnings.js';

/** Longer URLs are refused before any parsing, which also bounds the work a hostile string can cause. */
export const MAX_URL_LENGTH = 8192;
/** How much of a refused URL `display.full` shows. */
const BLOCKED_DISPLAY_LENGTH = 2048;

/**
 * E-49: the client's verdict on a URL-mode URL before anyone sees it. `allowed` URLs come with `href`, the
 * exact string to open (E-51), and everything a consent card shows (E-52, E-54) and warns about (E-55);
 * blocked ones with `blockReason` and `blockMessage`. Servers run it on the URLs they send (E-15, E-48), so
 * a server and a host apply one rule. Never throws, whatever `url` is, except in a browser before
 * `await loadSuffixList()` (the Public Suffix List is fetched on demand there: `suffix-list-not-loaded`).
 */
export function analyzeUrl(url: string, options: AnalyzeUrlOptions = {}): UrlAnalysis {
  if (typeof url !== 'string') {
    return blocked('invalid-url', `The URL is not text (got ${describeType(url)}).`, '');
  }
  if (url.length > MAX_URL_LENGTH) {
    return blocked(
      'too-long',
      `The URL is ${url.length} characters long; at most ${MAX_URL_LENGTH} are allowed.`,
      url,
    );
  }
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  // The parser silently drops tabs, newlines and some invisible characters and reinterprets others: what a
  // person was shown would not be what opens. A URL that is its own normalized href has none (the href
  // percent-encodes controls and everything past `~`), which spares most URLs the scan.
  const hidden = parsed?.href === url ? null : URL_FORBIDDEN_CHAR.exec(url);
  if (hidden) {
    return blocked(
      'control-characters',
      `The URL contains ${describeInvisible(hidden[0])} at position ${hidden.index + 1}; browsers drop or ` +
        'reinterpret such characters, so the address shown would not be the one opened.',
      url,
    );
  }
  if (parsed === undefined) {
    return blocked(
      'invalid-url',
      url.trim() === ''
        ? 'The URL is empty.'
        : 'The URL is not a valid absolute URL (scheme, host and path, e.g. https://example.com/path).',
      url,
    );
  }
  // Percent-encoding can grow the normalized form up to nine times past the raw one.
  if (parsed.href.length > MAX_URL_LENGTH) {
    return blocked(
      'too-long',
      `The URL is ${parsed.href.length} characters long once normalized; at most ${MAX_URL_LENGTH} are allowed.`,
      url,
    );
  }
  const scheme = parsed.protocol.slice(0, -1);
  if (scheme !== 'https' && scheme !== 'http') {
    return blocked(
      'scheme-not-allowed',
      `The URL uses the "${sanitizeForDisplay(scheme, { maxLength: 32 })}:" scheme; only https links ` +
        '(and http to this computer) can be opened.',
      url,
      { scheme, hostAscii: parsed.hostname, hostUnicode: parsed.hostname, path: pathOf(parsed) },
    );
  }

  const hostname = parsed.hostname;
  const hostResult = analyzeHost(hostname);
  if (!hostResult.ok) {
    return blocked('invalid-url', hostResult.message, url, {
      scheme,
      hostAscii: hostname,
      path: pathOf(parsed),
    });
  }
  const { host } = hostResult;
  const href = parsed.href;
  const port = parsed.port;
  // The path starts at the first `/` after `scheme://`: a user part percent-encodes its `/`, a host has none.
  const pathStart = href.indexOf('/', scheme.length + 3);
  const path = pathFrom(href, pathStart);
  const siteParts = splitRegistrable(host); // E-54: the registrable domain a consent card highlights
  const warnings = collectWarnings(parsed, host, url, siteParts.registrableDomain ?? host.unicode);

  // E-48/E-49: plain http only where it never leaves this computer, unless a developer opted in.
  if (scheme === 'http' && !host.loopback && options?.allowInsecureHttp !== true) {
    return {
      allowed: false,
      blockReason: 'insecure-http',
      blockMessage:
        `The URL uses unencrypted http to ${host.unicode}, which is not this computer; only https links ` +
        'can be opened there.',
      display: makeDisplay(shownRaw(url), scheme, host, siteParts, port, path),
      warnings,
    };
  }
  const ranges = highlightRanges(href, hostname, port, pathStart, path, siteParts);
  return {
    allowed: true,
    href,
    display: makeDisplay(href, scheme, host, siteParts, port, path, ranges),
    warnings,
  };
}

interface Ranges {
  hostRange: TextRange;
  registrableDomainRange: TextRange | undefined;
}

/**
 * E-54: where the host and its registrable domain sit in the href, so a UI lights them without parsing the
 * URL again: the host ends where the optional `:port` and then the path start. None when `path` is not
 * the href's tail (a bare `?` or `#`, which `path` leaves out as the URL getters do).
 */
function highlightRanges(
  href: string,
  hostname: string,
  port: string,
  pathStart: number,
  path: string,
  { registrableDomainAscii }: SiteParts,
): Ranges | undefined {
  if (href.length - path.length !== pathStart) return undefined;
  const hostEnd = pathStart - (port === '' ? 0 : port.length + 1);
  const start = hostEnd - hostname.length;
  if (!isAt(href, hostname, start)) return undefined; // never expected; no guess
  const hostRange = { start, end: hostEnd };
  if (registrableDomainAscii === undefined) return { hostRange, registrableDomainRange: undefined };
  const domainEnd = hostname.endsWith('.') ? hostEnd - 1 : hostEnd;
  return {
    hostRange,
    registrableDomainRange: { start: domainEnd - registrableDomainAscii.length, end: domainEnd },
  };
}

/** Whether `part` is at `start` in `text` (compared in place). */
function isAt(text: string, part: string, start: number): boolean {
  if (start < 0) return false;
  for (let i = 0; i < part.length; i++) if (text.charCodeAt(start + i) !== part.charCodeAt(i)) return false;
  return true;
}

type SiteParts = ReturnType<typeof splitRegistrable>;

/**
 * E-52, E-54: the display fields in their documented order, each shape written as one literal. This is
 * the hot path: no spreads, and no field added to an object after it is made, since V8 holds the hidden
 * class of such an object weakly and a garbage collection would throw the optimized code away with it.
 * `full` is the URL exactly as it will be opened; `ranges` only for an allowed URL.
 */
function makeDisplay(
  full: string,
  scheme: string,
  host: Host,
  { registrableDomain, registrableDomainAscii, subdomain }: SiteParts,
  port: string,
  path: string,
  ranges?: Ranges,
): UrlDisplay {
  const hostUnicode = host.unicode;
  const hostAscii = host.ascii;
  const hostRange = ranges?.hostRange;
  if (registrableDomain === undefined) {
    // An IP address: its range alone.
    if (hostRange === undefined) {
      return port === ''
        ? { full, scheme, hostUnicode, hostAscii, path }
        : { full, scheme, hostUnicode, hostAscii, port, path };
    }
    return port === ''
      ? { full, scheme, hostUnicode, hostAscii, path, hostRange }
      : { full, scheme, hostUnicode, hostAscii, port, path, hostRange };
  }
  const domainAscii = registrableDomainAscii!;
  const domainRange = ranges?.registrableDomainRange;
  if (hostRange === undefined || domainRange === undefined) {
    if (subdomain === undefined) {
      return port === ''
        ? {
            full,
            scheme,
            hostUnicode,
            hostAscii,
            registrableDomain,
            registrableDomainAscii: domainAscii,
            path,
          }
        : {
            full,
            scheme,
            hostUnicode,
            hostAscii,
            registrableDomain,
            registrableDomainAscii: domainAscii,
            port,
            path,
          };
    }
    return port === ''
      ? {
          full,
          scheme,
          hostUnicode,
          hostAscii,
          registrableDomain,
          registrableDomainAscii: domainAscii,
          subdomain,
          path,
        }
      : {
          full,
          scheme,
          hostUnicode,
          hostAscii,
          registrableDomain,
          registrableDomainAscii: domainAscii,
          subdomain,
          port,
          path,
        };
  }
  if (subdomain === undefined) {
    return port === ''
      ? {
          full,
          scheme,
          hostUnicode,
          hostAscii,
          registrableDomain,
          registrableDomainAscii: domainAscii,
          path,
          hostRange,
          registrableDomainRange: domainRange,
        }
      : {
          full,
          scheme,
          hostUnicode,
          hostAscii,
          registrableDomain,
          registrableDomainAscii: domainAscii,
          port,
          path,
          hostRange,
          registrableDomainRange: domainRange,
        };
  }
  return port === ''
    ? {
        full,
        scheme,
        hostUnicode,
        hostAscii,
        registrableDomain,
        registrableDomainAscii: domainAscii,
        subdomain,
        path,
        hostRange,
        registrableDomainRange: domainRange,
      }
    : {
        full,
        scheme,
        hostUnicode,
        hostAscii,
        registrableDomain,
        registrableDomainAscii: domainAscii,
        subdomain,
        port,
        path,
        hostRange,
        registrableDomainRange: domainRange,
      };
}

/**
 * `pathname + search + hash` of an http(s) href from where its path starts, without the getters: the
 * href's tail, less a bare `?` or `#` (an empty query or fragment, which those getters leave out).
 */
function pathFrom(href: string, start: number): string {
  const hash = href.indexOf('#', start);
  const end = hash < 0 ? href.length : hash;
  const found = href.indexOf('?', start);
  const query = found >= 0 && found < end ? found : -1;
  const bareQuery = query >= 0 && query === end - 1;
  const bareHash = hash >= 0 && hash === href.length - 1;
  if (!bareQuery && !bareHash) return href.slice(start);
  return (
    href.slice(start, query >= 0 ? query : end) +
    (query >= 0 && !bareQuery ? href.slice(query, end) : '') +
    (hash >= 0 && !bareHash ? href.slice(hash) : '')
  );
}

function blocked(
  blockReason: UrlBlockReason,
  blockMessage: string,
  raw: string,
  parts: Partial<Omit<UrlDisplay, 'full'>> = {},
): BlockedUrlAnalysis {
  return {
    allowed: false,
    blockReason,
    blockMessage,
    display: { full: shownRaw(raw), scheme: '', hostUnicode: '', hostAscii: '', path: '', ...parts },
    warnings: [],
  };
}

/** The raw string made printable, for a card that explains a refusal; sliced first so a huge one costs little. */
function shownRaw(raw: string): string {
  return sanitizeForDisplay(raw.slice(0, BLOCKED_DISPLAY_LENGTH * 2), { maxLength: BLOCKED_DISPLAY_LENGTH });
}

function pathOf(url: URL): string {
  return url.pathname + url.search + url.hash;
}

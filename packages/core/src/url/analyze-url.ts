import { describeType } from '../schema/json-object.js';
import { describeInvisible, URL_FORBIDDEN_CHAR } from '../text/invisible.js';
import { sanitizeForDisplay } from '../text/sanitize.js';
import { analyzeHost, splitRegistrable } from './host.js';
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
 * a server and a host apply one rule. Never throws, whatever `url` is.
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
  // The parser silently drops tabs, newlines and some invisible characters and reinterprets others: what a
  // person was shown would not be what opens.
  const hidden = URL_FORBIDDEN_CHAR.exec(url);
  if (hidden) {
    return blocked(
      'control-characters',
      `The URL contains ${describeInvisible(hidden[0])} at position ${hidden.index + 1}; browsers drop or ` +
        'reinterpret such characters, so the address shown would not be the one opened.',
      url,
    );
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
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

  const hostResult = analyzeHost(parsed.hostname);
  if (!hostResult.ok) {
    return blocked('invalid-url', hostResult.message, url, {
      scheme,
      hostAscii: parsed.hostname,
      path: pathOf(parsed),
    });
  }
  const { host } = hostResult;
  const siteParts = splitRegistrable(host); // E-54: the registrable domain a consent card highlights
  const path = pathOf(parsed);
  const display: UrlDisplay = {
    full: parsed.href, // E-52: the full URL, exactly as it will be opened
    scheme,
    hostUnicode: host.unicode,
    hostAscii: host.ascii,
    ...siteParts,
    ...(parsed.port === '' ? {} : { port: parsed.port }),
    path,
  };
  const warnings = collectWarnings(parsed, host, url, siteParts.registrableDomain ?? host.unicode);

  // E-48/E-49: plain http only where it never leaves this computer, unless a developer opted in.
  if (scheme === 'http' && !host.loopback && options?.allowInsecureHttp !== true) {
    return {
      allowed: false,
      blockReason: 'insecure-http',
      blockMessage:
        `The URL uses unencrypted http to ${host.unicode}, which is not this computer; only https links ` +
        'can be opened there.',
      display: { ...display, full: shownRaw(url) },
      warnings,
    };
  }
  return {
    allowed: true,
    href: parsed.href,
    display: { ...display, ...highlightRanges(parsed, path, siteParts.registrableDomainAscii) },
    warnings,
  };
}

/**
 * E-54: where the host and its registrable domain sit in the href, so a UI lights them without parsing the
 * URL again. In an http(s) href the host is followed only by the optional `:port` and then the path.
 */
function highlightRanges(
  parsed: URL,
  path: string,
  registrableDomainAscii: string | undefined,
): { hostRange?: TextRange; registrableDomainRange?: TextRange } {
  const href = parsed.href;
  const hostEnd = href.length - path.length - (parsed.port === '' ? 0 : parsed.port.length + 1);
  const hostRange = { start: hostEnd - parsed.hostname.length, end: hostEnd };
  if (href.slice(hostRange.start, hostRange.end) !== parsed.hostname) return {}; // never expected; no guess
  if (registrableDomainAscii === undefined) return { hostRange };
  const domainEnd = parsed.hostname.endsWith('.') ? hostEnd - 1 : hostEnd;
  return {
    hostRange,
    registrableDomainRange: { start: domainEnd - registrableDomainAscii.length, end: domainEnd },
  };
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

/** Why `analyzeUrl` refuses a URL outright; such a URL is never shown as openable (E-49). */
export type UrlBlockReason =
  | 'invalid-url'
  | 'scheme-not-allowed'
  | 'insecure-http'
  | 'control-characters'
  | 'too-long';

/** Suspicious traits that a consent UI must show, one line each (E-55). */
export type UrlWarningCode =
  | 'punycode'
  | 'mixed-script'
  | 'confusable'
  | 'userinfo'
  | 'ip-address'
  | 'non-standard-port'
  | 'not-https'
  | 'domain-in-subdomain'
  | 'long-url';

/** Something a person should know before opening an allowed URL (shown on the consent card). */
export interface UrlWarning {
  code: UrlWarningCode;
  message: string;
}

/** A span of a string as UTF-16 offsets, for `string.slice(start, end)`: `start` inclusive, `end` exclusive. */
export interface TextRange {
  start: number;
  end: number;
}

/** What a consent card shows (E-52, E-54). All strings are safe to print (no controls, no bidi). */
export interface UrlDisplay {
  /** The full URL as it will be opened (the normalized `href`), or the sanitized raw input when blocked. */
  full: string;
  /** `https`, `http`, … without the colon; empty when unparseable. */
  scheme: string;
  /** Host in Unicode (IDNA to-Unicode), as a person reads it. */
  hostUnicode: string;
  /** Host in ASCII (punycode), as the browser resolves it. */
  hostAscii: string;
  /**
   * eTLD+1 by the public suffix list, private suffixes included (`user.github.io`); absent for IPs. A host
   * that is itself a suffix (`localhost`) is its own registrable domain. In Unicode like `hostUnicode`,
   * without its trailing dot, so `hostUnicode` is `subdomain.registrableDomain` (plus any trailing dot).
   */
  registrableDomain?: string;
  /**
   * The same registrable domain in ASCII (Punycode), as the browser contacts it: the spelling to name the
   * site by, since the Unicode one is what a look-alike imitates. Present exactly when `registrableDomain` is.
   */
  registrableDomainAscii?: string;
  /** Labels left of the registrable domain, e.g. `login.secure` in `login.secure.example.com`; in Unicode. */
  subdomain?: string;
  /** Explicit non-default port, as digits. */
  port?: string;
  /** Path, query and fragment. */
  path: string;
  /**
   * Where the host is in `full`, to highlight it (E-54): `full.slice(start, end) === hostAscii` (brackets of
   * an IPv6 host and a trailing dot included; userinfo and port outside). Present when `full` is the href,
   * i.e. for allowed URLs; absent when blocked, where `full` is the raw input.
   */
  hostRange?: TextRange;
  /**
   * Where the registrable domain is in `full`: `full.slice(start, end) === registrableDomainAscii` (a
   * trailing dot outside). Present when both `hostRange` and `registrableDomain` are.
   */
  registrableDomainRange?: TextRange;
}

/** An allowed verdict of {@link analyzeUrl}: a URL that may be shown and, with the person's consent, opened. */
export interface AllowedUrlAnalysis {
  allowed: true;
  /** The normalized URL to open (E-51: open exactly this, nothing else); equal to `display.full`. */
  href: string;
  display: UrlDisplay;
  warnings: UrlWarning[];
}

/** A URL refused outright: never shown as openable (E-49). */
export interface BlockedUrlAnalysis {
  allowed: false;
  blockReason: UrlBlockReason;
  /** Why, for people, naming the offending part (a code point, a scheme, a label). */
  blockMessage: string;
  display: UrlDisplay;
  warnings: UrlWarning[];
}

/** `analyzeUrl`'s verdict: branch on `allowed`; only an allowed URL has an `href`. */
export type UrlAnalysis = AllowedUrlAnalysis | BlockedUrlAnalysis;

/** Options of {@link analyzeUrl}. */
export interface AnalyzeUrlOptions {
  /** Allow `http:` to non-loopback hosts (development only; E-48). Default false. */
  allowInsecureHttp?: boolean;
}

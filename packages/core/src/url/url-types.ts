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
  /** Labels left of the registrable domain, e.g. `login.secure` in `login.secure.example.com`; in Unicode. */
  subdomain?: string;
  /** Explicit non-default port, as digits. */
  port?: string;
  /** Path, query and fragment. */
  path: string;
}

/** The verdict of {@link analyzeUrl}: whether the URL may be opened, what to open, and what to show. */
export interface UrlAnalysis {
  allowed: boolean;
  blockReason?: UrlBlockReason;
  /** Present with `blockReason`: why, for people, naming the offending part (a code point, a scheme, a label). */
  blockMessage?: string;
  /** The normalized URL to open; present only when `allowed` (E-51: open exactly this, nothing else). */
  href?: string;
  display: UrlDisplay;
  warnings: UrlWarning[];
}

/** Options of {@link analyzeUrl}. */
export interface AnalyzeUrlOptions {
  /** Allow `http:` to non-loopback hosts (development only; E-48). Default false. */
  allowInsecureHttp?: boolean;
}

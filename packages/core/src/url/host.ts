import { URL_FORBIDDEN_CHAR } from '../text/invisible.js';
import { isLoopbackHost } from './loopback.js';
import { registrableDomain } from './public-suffix.js';
import { decodePunycode } from './punycode.js';

/** A parsed URL's host, split the way a consent card shows it (E-54). */
export interface Host {
  kind: 'domain' | 'ipv4' | 'ipv6';
  /** As the WHATWG parser produced it: lowercase, Punycode, trailing dot kept (`[::1]` with brackets). */
  ascii: string;
  /** Each `xn--` label decoded; otherwise equal to `ascii`. */
  unicode: string;
  /** Domain labels without the empty one a trailing dot leaves; empty for IP addresses. */
  asciiLabels: readonly string[];
  unicodeLabels: readonly string[];
  /** Index in the label lists where the registrable domain starts. */
  registrableStart: number;
  /** By {@link isLoopbackHost}: traffic that never leaves this computer. */
  loopback: boolean;
}

export type HostResult = { ok: true; host: Host } | { ok: false; message: string };

const IPV4 = /^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;
/** RFC 1035 §2.3.4: 63 octets per label, 253 for a name written without its trailing dot. */
const MAX_LABEL_LENGTH = 63;
const MAX_NAME_LENGTH = 253;
const ACE_PREFIX = 'xn--';

/** Takes `URL.hostname` (never empty for http/https) and refuses names browsers resolve unlike they read. */
export function analyzeHost(hostname: string): HostResult {
  if (hostname.startsWith('[')) return ip('ipv6', hostname);
  // The parser turns every numeric host (0x7f.1, 2130706433) into dotted decimal, so this finds them all.
  if (IPV4.test(hostname)) return ip('ipv4', hostname);

  const name = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  if (name.length > MAX_NAME_LENGTH) {
    return { ok: false, message: `The host name is ${name.length} characters long; DNS allows at most 253.` };
  }
  const asciiLabels = name.split('.');
  const unicodeLabels: string[] = [];
  for (const label of asciiLabels) {
    if (label === '') return { ok: false, message: 'The host name has an empty label (two dots in a row).' };
    if (label.length > MAX_LABEL_LENGTH) {
      return {
        ok: false,
        message: `The host label "${label.slice(0, 20)}…" is ${label.length} characters long; DNS allows at most 63.`,
      };
    }
    const unicode = label.startsWith(ACE_PREFIX) ? toUnicodeLabel(label) : label;
    if (unicode === undefined) {
      return {
        ok: false,
        message: `The host label "${label}" is not valid internationalized (Punycode) text; browsers may refuse it or show it differently.`,
      };
    }
    unicodeLabels.push(unicode);
  }

  // Private suffixes count as public: `alice.github.io` and `bob.github.io` are different sites (E-54).
  const domain = registrableDomain(name);
  // A host that is itself a public suffix (`localhost`, `github.io`) is its own site.
  const registrableStart = domain ? asciiLabels.length - domain.split('.').length : 0;
  const unicodeName = unicodeLabels.join('.');
  const host: Host = {
    kind: 'domain',
    ascii: hostname,
    unicode: name === hostname ? unicodeName : `${unicodeName}.`,
    asciiLabels,
    unicodeLabels,
    registrableStart,
    loopback: isLoopbackHost(hostname),
  };
  return { ok: true, host };
}

/**
 * `login.secure` and `example.co.uk` of `login.secure.example.co.uk`, in Unicode as people read them, and
 * the registrable domain in ASCII as the browser resolves it.
 */
export function splitRegistrable(host: Host): {
  registrableDomain?: string;
  registrableDomainAscii?: string;
  subdomain?: string;
} {
  if (host.kind !== 'domain') return {};
  const registrableDomain = host.unicodeLabels.slice(host.registrableStart).join('.');
  const registrableDomainAscii = host.asciiLabels.slice(host.registrableStart).join('.');
  if (host.registrableStart === 0) return { registrableDomain, registrableDomainAscii };
  return {
    registrableDomain,
    registrableDomainAscii,
    subdomain: host.unicodeLabels.slice(0, host.registrableStart).join('.'),
  };
}

function ip(kind: 'ipv4' | 'ipv6', hostname: string): HostResult {
  return {
    ok: true,
    host: {
      kind,
      ascii: hostname,
      unicode: hostname,
      asciiLabels: [],
      unicodeLabels: [],
      registrableStart: 0,
      loopback: isLoopbackHost(hostname),
    },
  };
}

const HOST_ASCII_CHAR = /^[a-z0-9-]$/;

/**
 * Decodes an `xn--` label and checks what IDNA (UTS #46) requires of the result, because parsers differ:
 * Node's accepts `xn--ab-`, which decodes to plain `ab` and would pass for `ab.com` when shown in Unicode.
 * The result must hold some non-ASCII, only host-safe ASCII, nothing invisible, be lowercase and NFC.
 */
function toUnicodeLabel(label: string): string | undefined {
  const decoded = decodePunycode(label.slice(ACE_PREFIX.length));
  if (decoded === undefined || decoded === '') return undefined;
  let hasNonAscii = false;
  for (const char of decoded) {
    if (char.charCodeAt(0) < 0x80) {
      if (!HOST_ASCII_CHAR.test(char)) return undefined;
    } else {
      hasNonAscii = true;
    }
  }
  if (!hasNonAscii || URL_FORBIDDEN_CHAR.test(decoded) || /\p{Z}/u.test(decoded)) return undefined;
  if (decoded.normalize('NFC') !== decoded || decoded.toLowerCase() !== decoded) return undefined;
  return decoded;
}

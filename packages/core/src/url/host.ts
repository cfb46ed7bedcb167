import { URL_FORBIDDEN_CHAR } from '../text/invisible.js';
import { isLoopbackHost, isLoopbackName } from './loopback.js';
import { publicSuffixLabels } from './public-suffix.js';
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

/**
 * Hosts analyzed lately, by `URL.hostname`: URL-mode traffic comes back to the same few sign-in and connect hosts, and
 * the Public Suffix List lookup and label checks are most of `analyzeUrl`'s own work. A direct-mapped table: a host
 * takes the slot a cheap hash of it names, replacing whatever was there, so a miss costs next to nothing, no stream
 * of hostile names can grow it, and a collision only costs the analysis again. Results are never changed after they
 * are made, so one can be handed out again.
 */
const HOST_SLOTS = 512; // a power of two: the hash is masked into it
const hostKeys: (string | undefined)[] = new Array(HOST_SLOTS).fill(undefined);
const hostResults: (HostResult | undefined)[] = new Array(HOST_SLOTS).fill(undefined);

/** FNV-1a over the name's characters (at most 253 of them, or a bracketed IPv6 address), into a slot. */
function hostSlot(hostname: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < hostname.length; i++) hash = Math.imul(hash ^ hostname.charCodeAt(i), 0x01000193);
  return (hash ^ (hash >>> 15)) & (HOST_SLOTS - 1);
}

/** Takes `URL.hostname` (never empty for http/https) and refuses names browsers resolve unlike they read. */
export function analyzeHost(hostname: string): HostResult {
  const slot = hostSlot(hostname);
  if (hostKeys[slot] === hostname) return hostResults[slot]!;
  const result = analyzeHostNow(hostname);
  hostKeys[slot] = hostname;
  hostResults[slot] = result;
  return result;
}

function analyzeHostNow(hostname: string): HostResult {
  if (hostname.startsWith('[')) return ip('ipv6', hostname);
  // The parser turns every numeric host (0x7f.1, 2130706433) into dotted decimal, so this finds them all.
  const last = hostname.charCodeAt(hostname.length - 1);
  if (last >= 0x30 && last <= 0x39 && IPV4.test(hostname)) return ip('ipv4', hostname);

  const name = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  if (name.length > MAX_NAME_LENGTH) {
    return { ok: false, message: `The host name is ${name.length} characters long; DNS allows at most 253.` };
  }
  let labels = 0;
  let decoded: string[] | undefined;
  if (
    name.length > 0 &&
    name.length <= MAX_LABEL_LENGTH &&
    name.charCodeAt(0) !== 0x2e &&
    name.charCodeAt(name.length - 1) !== 0x2e &&
    !name.includes('..') &&
    !name.includes(ACE_PREFIX)
  ) {
    // Most hosts: short, no empty label, no Punycode. Only the labels need counting.
    labels = 1;
    for (let dot = name.indexOf('.'); dot >= 0; dot = name.indexOf('.', dot + 1)) labels++;
  } else {
    // One scan over the labels, in place, reporting the first that DNS or IDNA refuses.
    for (let start = 0, end = 0; end <= name.length; end++) {
      if (end < name.length && name.charCodeAt(end) !== 0x2e /* . */) continue;
      if (end === start)
        return { ok: false, message: 'The host name has an empty label (two dots in a row).' };
      if (end - start > MAX_LABEL_LENGTH) {
        return {
          ok: false,
          message: `The host label "${name.slice(start, start + 20)}…" is ${end - start} characters long; DNS allows at most 63.`,
        };
      }
      if (name.charCodeAt(start + 2) === 0x2d && name.startsWith(ACE_PREFIX, start)) {
        const label = name.slice(start, end);
        const unicode = toUnicodeLabel(label);
        if (unicode === undefined) {
          return {
            ok: false,
            message: `The host label "${label}" is not valid internationalized (Punycode) text; browsers may refuse it or show it differently.`,
          };
        }
        decoded ??= name.split('.');
        decoded[labels] = unicode;
      }
      labels++;
      start = end + 1;
    }
  }
  let unicode = hostname;
  if (decoded) {
    const unicodeName = decoded.join('.');
    unicode = name === hostname ? unicodeName : `${unicodeName}.`;
  }
  // Private suffixes count as public: `alice.github.io` and `bob.github.io` are different sites (E-54).
  // A host that is itself a public suffix (`localhost`, `github.io`) is its own site.
  const suffixLabels = publicSuffixLabels(name);
  const registrableStart = labels > suffixLabels ? labels - suffixLabels - 1 : 0;
  const host = new DomainHost(hostname, unicode, name, registrableStart, isLoopbackName(name), decoded);
  return { ok: true, host };
}

/** A domain name's {@link Host}; its label lists are made when first read (the warnings rarely need them). */
class DomainHost implements Host {
  /**
   * One host that is never collected, so that the hidden class of every DomainHost stays alive. V8 holds
   * the class of objects built field by field (as constructors build them) only weakly: when the last
   * host is collected, a garbage collection drops the class, and with it the optimized code of analyzeUrl
   * that checks for it, which then runs slowly until it is optimized again.
   */
  static readonly exemplar: Host = new DomainHost('', '', '', 0, false, undefined);

  readonly kind = 'domain';
  private labels: string[] | undefined;

  constructor(
    readonly ascii: string,
    readonly unicode: string,
    /** `ascii` without its trailing dot. */
    private readonly name: string,
    readonly registrableStart: number,
    readonly loopback: boolean,
    /** The Unicode labels, when some label was Punycode. */
    private readonly decoded: string[] | undefined,
  ) {}

  get asciiLabels(): readonly string[] {
    this.labels ??= this.name.split('.');
    return this.labels;
  }

  get unicodeLabels(): readonly string[] {
    return this.decoded ?? this.asciiLabels;
  }
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
  const { ascii, unicode, registrableStart } = host;
  // The ASCII spellings are slices of the host name, and so are the Unicode ones when no label was Punycode.
  let offset = 0;
  for (let i = 0; i < registrableStart; i++) offset = ascii.indexOf('.', offset) + 1;
  const registrableDomainAscii = ascii.slice(offset, ascii.endsWith('.') ? -1 : ascii.length);
  const allAscii = unicode === ascii;
  const registrableDomain = allAscii
    ? registrableDomainAscii
    : host.unicodeLabels.slice(registrableStart).join('.');
  if (registrableStart === 0) return { registrableDomain, registrableDomainAscii };
  return {
    registrableDomain,
    registrableDomainAscii,
    subdomain: allAscii
      ? ascii.slice(0, offset - 1)
      : host.unicodeLabels.slice(0, registrableStart).join('.'),
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

import {
  type AllowedUrlAnalysis,
  analyzeUrl,
  type MessageParams,
  preferredHostForm,
  type UrlDisplay,
  type UrlWarning,
} from '@elicitkit/core';

/** Above this many characters the full address is shown collapsed, expandable (the site stays visible). */
export const COLLAPSED_URL_LENGTH = 160;
/** In a collapsed address, at most this much text is kept before the host and after it. */
const KEEP_BEFORE_HOST = 32;
const KEEP_AFTER_HOST = 48;

/** A piece of an address as a card draws it: plain text, the registrable domain (marked), or an elision. */
export type UrlSegment =
  | { kind: 'text'; text: string }
  | { kind: 'domain'; text: string }
  | { kind: 'elided'; hidden: number };

/** The site line: the host in the spelling the card names it by, and the other spelling beside it. */
export interface ConsentSite {
  /** Which spelling leads: `ascii` (Punycode, what the browser contacts) whenever the Unicode one could deceive. */
  form: 'unicode' | 'ascii';
  /** Labels left of the registrable domain, in `form`'s spelling (`login.secure`). */
  subdomain?: string;
  /** The registrable domain in `form`'s spelling, to mark (E-54); absent for an IP address. */
  registrableDomain?: string;
  /** The whole host in `form`'s spelling. */
  host: string;
  /** An explicit non-default port. */
  port?: string;
  /** The other spelling of the host, as secondary text, when it differs. */
  other?: { form: 'unicode' | 'ascii'; host: string };
}

/** The parts of a consent card, top to bottom: warnings sit right above the actions, and both stay in view. */
export type ConsentPart = 'message' | 'site' | 'address' | 'warnings' | 'actions';

/** What a URL consent card shows, in order (see {@link consentCard}). */
export type ConsentCard =
  | {
      openable: true;
      /** The exact string to open (E-51): core's normalized href. */
      href: string;
      site: ConsentSite;
      /** The full address (E-52), with the registrable domain marked where the browser will contact it. */
      address: UrlSegment[];
      /** The address shortened around the host, for a long URL (its domain still visible); undefined when short. */
      collapsed?: UrlSegment[];
      /** One per trait, most deceptive first (E-55). */
      warnings: UrlWarning[];
      /** Parameters for a UI's own warning sentences: `{site}`, `{host}`, `{ascii}`, `{port}`, `{scheme}`, `{length}`. */
      warningParams: MessageParams;
      order: readonly ConsentPart[];
    }
  | {
      openable: false;
      /** Why it cannot be opened, for people (core's English `blockMessage`, or this kit's). */
      reason: string;
      /** The address as text, for the person to see what was refused. */
      address: UrlSegment[];
      order: readonly ConsentPart[];
    };

const ORDER: readonly ConsentPart[] = ['message', 'site', 'address', 'warnings', 'actions'];
const BLOCKED_ORDER: readonly ConsentPart[] = ['message', 'address', 'actions'];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function siteOf(display: UrlDisplay): ConsentSite {
  const form = preferredHostForm(display);
  const host = form === 'ascii' ? display.hostAscii : display.hostUnicode;
  const domain = form === 'ascii' ? display.registrableDomainAscii : display.registrableDomain;
  const site: ConsentSite = { form, host };
  if (domain !== undefined) {
    site.registrableDomain = domain;
    const bare = host.endsWith('.') ? host.slice(0, -1) : host;
    if (bare.length > domain.length) site.subdomain = bare.slice(0, bare.length - domain.length - 1);
  }
  if (display.port !== undefined) site.port = display.port;
  if (display.hostAscii !== display.hostUnicode) {
    site.other =
      form === 'ascii'
        ? { form: 'unicode', host: display.hostUnicode }
        : { form: 'ascii', host: display.hostAscii };
  }
  return site;
}

function segmentsOf(full: string, display: UrlDisplay): UrlSegment[] {
  const domain = display.registrableDomainRange;
  if (!domain) return [{ kind: 'text', text: full }];
  return [
    { kind: 'text', text: full.slice(0, domain.start) },
    { kind: 'domain', text: full.slice(domain.start, domain.end) },
    { kind: 'text', text: full.slice(domain.end) },
  ].filter((segment) => segment.text !== '') as UrlSegment[];
}

/** `text`, or its first `keep` characters and an elision. */
function shortened(text: string, keep: number, from: 'start' | 'end'): UrlSegment[] {
  if (text.length <= keep + 1) return text === '' ? [] : [{ kind: 'text', text }];
  const kept = from === 'start' ? text.slice(0, keep) : text.slice(text.length - keep);
  const elided: UrlSegment = { kind: 'elided', hidden: text.length - keep };
  return from === 'start' ? [{ kind: 'text', text: kept }, elided] : [elided, { kind: 'text', text: kept }];
}

/**
 * A long address cut around its host: the scheme, the start of anything before the host (a user name can
 * be a whole fake address), the last characters before it (the `@`), the host whole with its registrable
 * domain marked, and the start of the path. The registrable domain is always in it.
 */
function collapse(analysis: AllowedUrlAnalysis): UrlSegment[] | undefined {
  const { full, hostRange, registrableDomainRange: domain } = analysis.display;
  if (full.length <= COLLAPSED_URL_LENGTH || !hostRange) return undefined;
  const schemeEnd = full.indexOf('//') + 2;
  const before = full.slice(schemeEnd, hostRange.start);
  const hostEnd = hostRange.end + (analysis.display.port ? analysis.display.port.length + 1 : 0);
  const segments: UrlSegment[] = [{ kind: 'text', text: full.slice(0, schemeEnd) }];
  if (before.length > KEEP_BEFORE_HOST) {
    segments.push(...shortened(before.slice(0, -8), KEEP_BEFORE_HOST - 8, 'start'));
    segments.push({ kind: 'text', text: before.slice(-8) });
  } else if (before !== '') segments.push({ kind: 'text', text: before });
  if (domain) {
    if (domain.start > hostRange.start)
      segments.push({ kind: 'text', text: full.slice(hostRange.start, domain.start) });
    segments.push({ kind: 'domain', text: full.slice(domain.start, domain.end) });
    if (hostEnd > domain.end) segments.push({ kind: 'text', text: full.slice(domain.end, hostEnd) });
  } else {
    segments.push({ kind: 'text', text: full.slice(hostRange.start, hostEnd) });
  }
  segments.push(...shortened(full.slice(hostEnd), KEEP_AFTER_HOST, 'start'));
  return segments;
}

function blockedCard(reason: string, shown: unknown): ConsentCard {
  const text = typeof shown === 'string' ? shown : '';
  return {
    openable: false,
    reason,
    address: text === '' ? [] : [{ kind: 'text', text }],
    order: BLOCKED_ORDER,
  };
}

/**
 * What a URL consent card shows, and whether it may offer Open. The analysis handed in is not trusted:
 * only an allowed one is considered, and its `href` is analyzed again with core's `analyzeUrl`, whose
 * verdict alone decides (so a blocked, forged or malformed analysis never yields an Open button; plain
 * http is re-allowed only when the handed analysis allowed it, which only a host configured for
 * development does). The site is named in the spelling {@link preferredHostForm} chooses, the other
 * spelling beside it; a long address comes collapsed around its host as well as in full.
 */
export function consentCard(analysis: unknown): ConsentCard {
  const display = isObject(analysis) && isObject(analysis.display) ? analysis.display : undefined;
  if (!isObject(analysis) || analysis.allowed !== true || typeof analysis.href !== 'string') {
    const reason =
      isObject(analysis) && typeof analysis.blockMessage === 'string' ? analysis.blockMessage : undefined;
    return blockedCard(reason ?? 'This address was not accepted, so it cannot be opened.', display?.full);
  }
  const href = analysis.href;
  const checked = analyzeUrl(href, { allowInsecureHttp: href.startsWith('http:') });
  if (!checked.allowed) return blockedCard(checked.blockMessage, checked.display.full);
  const site = siteOf(checked.display);
  const card: ConsentCard = {
    openable: true,
    href: checked.href,
    site,
    address: segmentsOf(checked.display.full, checked.display),
    warnings: checked.warnings,
    warningParams: {
      site: site.registrableDomain ?? site.host,
      host: checked.display.hostUnicode,
      ascii: checked.display.hostAscii,
      port: checked.display.port ?? '',
      scheme: checked.display.scheme,
      length: checked.href.length,
    },
    order: ORDER,
  };
  const collapsed = collapse(checked);
  if (collapsed) card.collapsed = collapsed;
  return card;
}

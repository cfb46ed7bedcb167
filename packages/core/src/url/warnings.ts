import { sanitizeForDisplay } from '../text/sanitize.js';
import { embeddedDomain } from './embedded-domain.js';
import type { Host } from './host.js';
import { imitatedLatinName, isMixedScript, latinSkeleton, scriptsOf } from './scripts.js';
import type { UrlWarning } from './url-types.js';

/** Above this, a URL is hard to read in full (E-52) and can push the real destination out of sight. */
export const LONG_URL_LENGTH = 2048;
const ACE_PREFIX = 'xn--';
const QUOTE_LIMIT = 64;

/**
 * E-55: warn about ambiguous or suspicious URLs. One entry per trait, most deceptive first, each saying
 * what the trait is, where it is, and why it matters. `site` is the registrable domain (or the IP address).
 */
export function collectWarnings(url: URL, host: Host, raw: string, site: string): UrlWarning[] {
  const warnings: UrlWarning[] = [];

  if (url.username !== '' || url.password !== '') warnings.push(userinfoWarning(url, host));
  // An all-ASCII host (its Unicode form is its ASCII form) has no script to warn about.
  if (host.kind === 'domain' && host.unicode !== host.ascii) warnings.push(...scriptWarnings(host));
  const fake = host.kind === 'domain' ? embeddedDomain(host) : undefined;
  if (fake !== undefined) {
    warnings.push({
      code: 'domain-in-subdomain',
      message:
        `The address starts with "${fake}", but the site is ${site}: "${fake}" is only part of a longer ` +
        `name on that site. Imitating a familiar domain this way is a common phishing trick.`,
    });
  }
  if (host.kind !== 'domain') warnings.push(ipWarning(host, raw));
  if (url.protocol === 'http:') warnings.push(notHttpsWarning(host));
  if (url.port !== '') {
    warnings.push({
      code: 'non-standard-port',
      message:
        `The URL uses port ${url.port} instead of the standard ${url.protocol.slice(0, -1)} port; a service ` +
        `on an unusual port may not be the site that ${site} normally serves.`,
    });
  }
  if (url.href.length > LONG_URL_LENGTH) {
    warnings.push({
      code: 'long-url',
      message:
        `The URL is ${url.href.length} characters long; a very long address can hide where it really goes, ` +
        `so check the site: ${site}.`,
    });
  }
  return warnings;
}

function userinfoWarning(url: URL, host: Host): UrlWarning {
  const user = quote(url.username);
  const looksLikeSite = url.username.includes('.');
  return {
    code: 'userinfo',
    message:
      (url.username === ''
        ? `The URL carries a password before "@". `
        : `The text "${user}" before "@" is not where the link goes: browsers treat it as a user name and open ${host.unicode}. `) +
      (looksLikeSite ? `Putting a familiar name there is a common trick to disguise the real site. ` : '') +
      (url.password !== '' && url.username !== ''
        ? 'The URL also carries a password, which a link should never do.'
        : 'Legitimate sign-in links do not need this.'),
  };
}

/** `confusable`, `mixed-script` and `punycode`, from the Unicode labels (IDNA has already lowercased them). */
function scriptWarnings(host: Host): UrlWarning[] {
  const confusable: string[] = [];
  const mixed: string[] = [];
  for (const label of host.unicodeLabels) {
    if (isAscii(label)) continue;
    const scripts = scriptsOf(label);
    const imitated = imitatedLatinName(label, scripts);
    if (imitated !== undefined) {
      confusable.push(
        `"${label}" is written in ${scripts[0]} letters that look like Latin ones: it imitates "${imitated}"`,
      );
    } else if (isMixedScript(scripts)) {
      const skeleton = latinSkeleton(label);
      mixed.push(
        `"${label}" mixes ${listOf(scripts)} letters` +
          (skeleton === undefined ? '' : ` and reads like "${skeleton}"`),
      );
    }
  }
  const warnings: UrlWarning[] = [];
  if (confusable.length > 0) {
    warnings.push({
      code: 'confusable',
      message: `In the host name, ${confusable.join('; ')}. It is a different address from the one it looks like.`,
    });
  }
  if (mixed.length > 0) {
    warnings.push({
      code: 'mixed-script',
      message: `In the host name, ${mixed.join('; ')}. Real names rarely mix alphabets; look-alike letters are a common way to imitate a familiar site.`,
    });
  }
  if (host.asciiLabels.some((label) => label.startsWith(ACE_PREFIX))) {
    warnings.push({
      code: 'punycode',
      message:
        `The host name "${host.unicode}" contains international characters; the browser opens it as ` +
        `"${host.ascii}". Letters of other alphabets can imitate familiar names, so compare it carefully.`,
    });
  }
  return warnings;
}

function ipWarning(host: Host, raw: string): UrlWarning {
  const written = writtenHost(raw);
  const oddForm = host.kind === 'ipv4' && written.replace(/\.$/, '') !== host.ascii;
  return {
    code: 'ip-address',
    message:
      `The URL points to the IP address ${host.ascii}${host.loopback ? ' (this computer)' : ''} instead of a ` +
      `domain name, so there is no site name to check.` +
      (oddForm
        ? ` It is written as "${quote(written)}", an unusual form of that address that hides what it is.`
        : ''),
  };
}

function notHttpsWarning(host: Host): UrlWarning {
  return {
    code: 'not-https',
    message: host.loopback
      ? `The connection to ${host.unicode} is not encrypted (http, not https). It stays on this computer, as is usual for local development.`
      : `The connection to ${host.unicode} is not encrypted (http, not https): anyone on the network can read or change what you send. It is allowed only because insecure http is enabled for development.`,
  };
}

/**
 * The host as the raw string spells it (`0x7f.1`, `2130706433`), to show how the parser rewrote it. The
 * authority ends at the first `/`, `\`, `?` or `#` after the scheme's slashes; the host follows its last `@`.
 */
function writtenHost(raw: string): string {
  const text = raw.trim();
  let start = text.indexOf(':') + 1;
  while (text[start] === '/' || text[start] === '\\') start++;
  let end = start;
  while (end < text.length && !'/\\?#'.includes(text[end]!)) end++;
  const at = text.lastIndexOf('@', end - 1);
  const hostAndPort = text.slice(at >= start ? at + 1 : start, end);
  const portColon = hostAndPort.startsWith('[') ? -1 : hostAndPort.lastIndexOf(':');
  return (portColon >= 0 ? hostAndPort.slice(0, portColon) : hostAndPort).toLowerCase();
}

function quote(text: string): string {
  return sanitizeForDisplay(text, { maxLength: QUOTE_LIMIT });
}

function listOf(items: readonly string[]): string {
  return items.length <= 2 ? items.join(' and ') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 0x80) return false;
  return true;
}

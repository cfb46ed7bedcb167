import type { UrlWarningCode } from '../../url/url-types.js';
import type { Catalog } from '../catalog.js';

/** The keys of core's URL-warning catalog: one per `UrlWarningCode`, and the line for an address refused outright. */
export type UrlWarningMessageKey = `warning.${UrlWarningCode}` | 'url.blocked';

/**
 * Core's URL warnings in English, short enough for a consent card: each names the trait and the fact a
 * person checks (`{site}` the registrable domain or host as the card names it, `{host}` the Unicode host,
 * `{ascii}` the ASCII host, `{port}`, `{count}` the URL's length). `analyzeUrl`'s own `message` is the long
 * English form, naming the exact label and trick.
 */
export const URL_WARNINGS_EN = {
  'url.blocked': 'This address cannot be opened.',
  'warning.userinfo':
    'The text before "@" in this address is not where it goes: your browser would open {host}. Legitimate links do not need this.',
  'warning.mixed-script':
    'The site name mixes letters of different alphabets. Look-alike letters are a common way to imitate a familiar site.',
  'warning.confusable':
    'The site name is written in letters that look like Latin ones: it is a different address from the one it resembles.',
  'warning.punycode':
    'The site name contains international characters; your browser opens it as {ascii}. Compare it carefully.',
  'warning.domain-in-subdomain':
    'The address starts with what looks like a familiar name, but the site is {site}. This is a common phishing trick.',
  'warning.ip-address':
    'The address points to the IP address {ascii}, not a named site, so there is no name to check.',
  'warning.not-https': 'The connection to {host} is not encrypted (http, not https).',
  'warning.non-standard-port': 'The address uses port {port}, which is unusual for {site}.',
  'warning.long-url': {
    one: 'The address is {count} character long; a long address can hide where it goes. Check the site: {site}.',
    other:
      'The address is {count} characters long; a long address can hide where it goes. Check the site: {site}.',
  },
} as const satisfies Catalog<UrlWarningMessageKey>;

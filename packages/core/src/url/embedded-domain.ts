import type { Host } from './host.js';

/**
 * Top-level domains people recognize at a glance. Deliberately short: environment and region labels such as
 * `dev`, `app`, `int`, `eu`, `us` are real TLDs too, and flagging `api.dev.example.com` would teach people to
 * ignore the warning.
 */
const WELL_KNOWN_TLDS: ReadonlySet<string> = new Set([
  'com',
  'net',
  'org',
  'edu',
  'gov',
  'mil',
  'info',
  'biz',
  'io',
  'co',
]);
const COUNTRY_CODE = /^[a-z]{2}$/;
/** `accounts.google.com-login.evil.example`: the dot after `google` hides `com` inside a longer label. */
const TLD_THEN_HYPHEN = /^(com|net|org)-/;

/**
 * A well-known-looking domain written left of the real registrable domain (E-54), such as `paypal.com` in
 * `paypal.com.evil.example` or `google.com` in `accounts.google.com-login.evil.example`: people read a
 * host from the left and stop at the first familiar name. Returns that name as people see it.
 */
export function embeddedDomain(host: Host): string | undefined {
  const { ascii, registrableStart: end } = host;
  // Label i runs from `start` to the next dot; read in place, since most hosts hold nothing suspicious.
  let start = ascii.indexOf('.') + 1;
  for (let i = 1; i <= end; i++) {
    const stop = ascii.indexOf('.', start);
    const length = stop - start;
    if (i < end && length <= 4 && WELL_KNOWN_TLDS.has(ascii.slice(start, stop))) {
      const { asciiLabels: labels, unicodeLabels } = host;
      let last = i;
      // `paypal.co.uk.evil.example`: take the country code along.
      while (last + 1 < end && COUNTRY_CODE.test(labels[last + 1]!)) last++;
      return unicodeLabels.slice(i - 1, last + 1).join('.');
    }
    if (length >= 4 && ascii.charCodeAt(start + 3) === 0x2d /* - */) {
      const hyphenated = TLD_THEN_HYPHEN.exec(ascii.slice(start, start + 4));
      if (hyphenated) return `${host.unicodeLabels[i - 1]}.${hyphenated[1]}`;
    }
    start = stop + 1;
  }
  return undefined;
}

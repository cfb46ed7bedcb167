import { domainToUnicode } from 'node:url';
import { analyzeUrl, type UrlAnalysis, type UrlBlockReason, type UrlWarningCode } from '@elicitkit/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runs } from './property-runs.js';

type Verdict = 'allowed' | UrlBlockReason;

/**
 * Hostile and benign URL-mode URLs, each with the verdict and the exact warning codes a consent card gets.
 * Homograph attacks use real look-alike letters; the benign IDNs are real-world names.
 */
const TABLE: [url: string, verdict: Verdict, warnings: UrlWarningCode[]][] = [
  // Benign, everyday
  ['https://example.com', 'allowed', []],
  ['https://github.com/login/oauth/authorize?client_id=abc&state=xyz', 'allowed', []],
  ['https://accounts.google.com/o/oauth2/v2/auth?scope=openid%20email', 'allowed', []],
  ['https://login.microsoftonline.com/common/oauth2/v2.0/authorize', 'allowed', []],
  ['https://mcp.example.com/connect/3f9a0c?x=1#step-2', 'allowed', []],
  ['https://alice.github.io/connect', 'allowed', []],
  ['https://service.example.co.uk/elicit', 'allowed', []],
  ['https://EXAMPLE.COM/Path', 'allowed', []],
  ['https://example.com./trailing-dot', 'allowed', []],
  ['https://example.com:443/', 'allowed', []],
  ['https://intranet/', 'allowed', []],
  // Legitimate international names: allowed, with the punycode warning only
  ['https://münchen.de/', 'allowed', ['punycode']],
  ['https://bücher.example/', 'allowed', ['punycode']],
  ['https://пример.рф/', 'allowed', ['punycode']],
  ['https://яндекс.рф/', 'allowed', ['punycode']],
  ['https://例え.テスト/', 'allowed', ['punycode']],
  ['https://中国政府网.政务/', 'allowed', ['punycode']],
  ['https://한국.kr/', 'allowed', ['punycode']],
  ['https://ελληνικά.gr/', 'allowed', ['punycode']],
  ['https://مثال.إختبار/', 'allowed', ['punycode']],
  ['https://उदाहरण.परीक्षा/', 'allowed', ['punycode']],
  ['https://faß.de/', 'allowed', ['punycode']],
  ['https://xn--ls8h.la/', 'allowed', ['punycode']],
  // Homographs
  ['https://аррӏе.com/', 'allowed', ['confusable', 'punycode']],
  ['https://xn--80ak6aa92e.com/', 'allowed', ['confusable', 'punycode']],
  ['https://раураӏ.com/signin', 'allowed', ['confusable', 'punycode']],
  ['https://ехаmple.com/', 'allowed', ['mixed-script', 'punycode']],
  ['https://pаypal.com/', 'allowed', ['mixed-script', 'punycode']],
  ['https://gοοgle.com/', 'allowed', ['mixed-script', 'punycode']],
  ['https://microsoft.соm/', 'allowed', ['mixed-script', 'punycode']],
  ['https://www.аррӏе.com.evil.example/', 'allowed', ['confusable', 'punycode', 'domain-in-subdomain']],
  // Subdomain and userinfo spoofing
  ['https://paypal.com.evil.example/', 'allowed', ['domain-in-subdomain']],
  ['https://accounts.google.com-login.evil.example/', 'allowed', ['domain-in-subdomain']],
  ['https://paypal.com@evil.example/', 'allowed', ['userinfo']],
  ['https://paypal.com:443@evil.example/', 'allowed', ['userinfo']],
  ['https://user:secret@example.com/', 'allowed', ['userinfo']],
  ['https://evil.example/@paypal.com', 'allowed', []],
  ['https://evil.example/?next=https://paypal.com', 'allowed', []],
  // IP addresses, odd forms, ports
  ['https://93.184.216.34/', 'allowed', ['ip-address']],
  ['https://0x5d.0xb8.0xd8.0x22/', 'allowed', ['ip-address']],
  ['https://1572395042/', 'allowed', ['ip-address']],
  ['https://[2001:db8::1]:8443/', 'allowed', ['ip-address', 'non-standard-port']],
  ['https://example.com:8443/', 'allowed', ['non-standard-port']],
  // Loopback http
  ['http://localhost:3000/callback', 'allowed', ['not-https', 'non-standard-port']],
  ['http://127.0.0.1/', 'allowed', ['ip-address', 'not-https']],
  ['http://0x7f.1/', 'allowed', ['ip-address', 'not-https']],
  ['http://[::1]/', 'allowed', ['ip-address', 'not-https']],
  ['http://app.localhost/', 'allowed', ['not-https']],
  // Refused
  ['http://example.com/', 'insecure-http', ['not-https']],
  ['http://localhost.evil.example/', 'insecure-http', ['not-https']],
  ['http://10.0.0.1/', 'insecure-http', ['ip-address', 'not-https']],
  ['javascript:alert(1)', 'scheme-not-allowed', []],
  ['data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', 'scheme-not-allowed', []],
  ['file:///C:/Windows/System32/', 'scheme-not-allowed', []],
  ['blob:https://example.com/uuid', 'scheme-not-allowed', []],
  ['vbscript:msgbox', 'scheme-not-allowed', []],
  ['about:blank', 'scheme-not-allowed', []],
  ['https://exa\tmple.com/', 'control-characters', []],
  ['https://example.com/\r\nSet-Cookie:x', 'control-characters', []],
  ['https://exam\u200bple.com/', 'control-characters', []],
  ['https://example.com/\u202egnp.exe', 'control-characters', []],
  ['https://\u00adexample.com/', 'control-characters', []],
  ['https://example.com/\u{e0069}\u{e0067}', 'control-characters', []],
  ['//example.com/', 'invalid-url', []],
  ['https://', 'invalid-url', []],
  ['', 'invalid-url', []],
  ['https://xn--ab-.com/', 'invalid-url', []],
  ['https://a..b.com/', 'invalid-url', []],
  [`https://example.com/${'a'.repeat(8200)}`, 'too-long', []],
];

const CONTROL_OR_INVISIBLE = /[\u0000-\u001f\u007f-\u009f\p{Cf}\u2028\u2029\p{Cs}]/u;

/** Every string an analysis carries is printable: a UI may show any of them as is. */
function expectPrintable(analysis: UrlAnalysis): void {
  const strings = [
    ...Object.values(analysis.display).filter((value): value is string => typeof value === 'string'),
    ...analysis.warnings.map((warning) => warning.message),
    analysis.allowed ? '' : analysis.blockMessage,
  ];
  for (const text of strings) expect(text).not.toMatch(CONTROL_OR_INVISIBLE);
}

describe('analyzeUrl over a table of hostile and benign URLs (E-49, E-55)', () => {
  it.each(
    TABLE.map(
      ([url, verdict, warnings]) => [JSON.stringify(url.slice(0, 80)), url, verdict, warnings] as const,
    ),
  )('[E-49][E-55] %s', (_, url, verdict, warnings) => {
    const analysis = analyzeUrl(url);
    expect(analysis.allowed ? 'allowed' : analysis.blockReason).toBe(verdict);
    expect([...analysis.warnings.map((warning) => warning.code)].sort()).toEqual([...warnings].sort());
    expect(analysis.allowed).toBe('href' in analysis);
    expect(analysis.allowed).toBe(!('blockMessage' in analysis));
    expectPrintable(analysis);
  });
});

describe('analyzeUrl invariants over generated input (E-49, E-52)', () => {
  const hostile = fc.constantFrom(
    'https://',
    'http://',
    'javascript:',
    '//',
    '@',
    ':',
    '/',
    '\\',
    '.',
    'xn--',
    '%',
    '#',
    '?',
    '[',
    ']',
    '\u202e',
    '\u200b',
    '\t',
    '\u001b[',
    'а',
    'р',
    'ß',
    '０',
    '\ud800',
    '\u{1f600}',
    'localhost',
    '127.0.0.1',
    'com',
    'example',
  );
  const input = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc.webUrl({ withQueryParameters: true, withFragments: true }),
    fc
      .array(fc.oneof(hostile, fc.string({ maxLength: 8 })), { maxLength: 30 })
      .map((parts) => parts.join('')),
  );

  it('[E-49][E-52] never throws; everything is printable; an allowed URL opens exactly what is shown', () => {
    fc.assert(
      fc.property(input, (url) => {
        const analysis = analyzeUrl(url);
        expectPrintable(analysis);
        if (analysis.allowed) {
          expect(analysis.display.full).toBe(analysis.href);
          expect(new URL(analysis.href).href).toBe(analysis.href);
          expect(['https', 'http']).toContain(analysis.display.scheme);
          expect(url).not.toMatch(CONTROL_OR_INVISIBLE);
        } else {
          expect(analysis).not.toHaveProperty('href');
          expect(analysis.blockMessage).toBeTruthy();
        }
      }),
      runs(3000),
    );
  });

  const idnLetter = fc.constantFrom(
    ...'abcxyz0123456789-äöüßéñçøåłžаебрсуяжщλπσωαβאבגدرسकखगนมกあいアイ中文字한국ㄅჯ'.split(''),
  );
  it('[E-52] hostUnicode decodes every label the parser accepts exactly as Node’s IDNA does', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: idnLetter, minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 3 }),
        (labels) => {
          const url = `https://${labels.join('.')}.example/`;
          let hostname: string;
          try {
            hostname = new URL(url).hostname;
          } catch {
            return; // the parser refuses it; analyzeUrl must too
          }
          const analysis = analyzeUrl(url);
          expect(analysis.display.hostAscii).toBe(hostname);
          if (analysis.allowed) expect(analysis.display.hostUnicode).toBe(domainToUnicode(hostname));
        },
      ),
      runs(2000),
    );
  });

  it('[E-49] refuses what the parser refuses', () => {
    fc.assert(
      fc.property(input, (url) => {
        let parses = true;
        try {
          new URL(url);
        } catch {
          parses = false;
        }
        if (!parses) expect(analyzeUrl(url).allowed).toBe(false);
      }),
      runs(2000),
    );
  });
});

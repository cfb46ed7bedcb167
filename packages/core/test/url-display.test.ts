import { type AllowedUrlAnalysis, analyzeUrl, isLoopbackHost, type UrlAnalysis } from '@elicitkit/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runs } from './property-runs.js';

function allowed(url: string): AllowedUrlAnalysis {
  const analysis = analyzeUrl(url);
  if (!analysis.allowed) throw new Error(`expected ${url} to be allowed: ${analysis.blockMessage}`);
  return analysis;
}

describe('UrlAnalysis: one shape per verdict', () => {
  it('[E-51] an allowed URL has an href (typed as a string) equal to display.full', () => {
    const analysis: UrlAnalysis = analyzeUrl('https://example.com/a');
    expect(analysis.allowed).toBe(true);
    if (analysis.allowed) {
      const href: string = analysis.href;
      expect(href).toBe(analysis.display.full);
    }
  });

  it('[E-49] a blocked URL has a reason and a message, and no href', () => {
    const analysis = analyzeUrl('javascript:alert(1)');
    expect(analysis.allowed).toBe(false);
    if (!analysis.allowed) {
      expect(analysis.blockReason).toBe('scheme-not-allowed');
      expect(analysis.blockMessage).toMatch(/javascript:/);
    }
    expect(analysis).not.toHaveProperty('href');
  });
});

describe('UrlDisplay: what UIs need, computed once (E-54)', () => {
  it.each([
    ['https://example.com/', 'example.com', 'example.com'],
    ['https://login.secure.example.co.uk:8443/x', 'login.secure.example.co.uk', 'example.co.uk'],
    ['https://user:pw@www.example.com/', 'www.example.com', 'example.com'],
    ['https://paypal.com@evil.example/', 'evil.example', 'evil.example'],
    ['https://www.example.com./p', 'www.example.com.', 'example.com'],
    ['https://www.bücher.example/', 'www.xn--bcher-kva.example', 'xn--bcher-kva.example'],
    ['https://shop.例え.テスト/', 'shop.xn--r8jz45g.xn--zckzah', 'xn--r8jz45g.xn--zckzah'],
    ['http://app.localhost:3000/', 'app.localhost', 'app.localhost'],
  ])('[E-54] %s: host %s, registrable domain %s, located in full', (url, host, domain) => {
    const { display } = allowed(url);
    expect(display.hostAscii).toBe(host);
    expect(display.registrableDomainAscii).toBe(domain);
    const hostRange = display.hostRange!;
    const domainRange = display.registrableDomainRange!;
    expect(display.full.slice(hostRange.start, hostRange.end)).toBe(host);
    expect(display.full.slice(domainRange.start, domainRange.end)).toBe(domain);
    expect(domainRange.start).toBeGreaterThanOrEqual(hostRange.start);
    expect(domainRange.end).toBeLessThanOrEqual(hostRange.end);
  });

  // analyzeUrl reads these from the href's text rather than through the URL getters (its hot path);
  // the getters are the reference.
  it('[E-52][E-54] path, host, ranges and site parts agree with the URL getters on generated URLs', () => {
    const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,5}[a-z0-9])?$/);
    const host = fc.oneof(
      fc
        .tuple(fc.array(label, { maxLength: 3 }), fc.constantFrom('com', 'co.uk', 'github.io', 'ck', 'zz'))
        .map(([labels, suffix]) => [...labels, suffix].join('.')),
      fc.constantFrom(
        'localhost',
        'app.localhost.',
        'bücher.example',
        'xn--80ak6aa92e.com',
        '[::1]',
        '10.0.0.1',
      ),
    );
    const url = fc
      .tuple(
        fc.constantFrom('https://', 'http://', 'https://user:pw@', 'https://a@b@', 'HTTPS://'),
        host,
        fc.constantFrom('', ':8443', ':443', ':80'),
        fc.webPath(),
        fc.constantFrom('', '?', '?a=1', '?a?b', '?#'),
        fc.constantFrom('', '#', '#x', '#x#y?z'),
      )
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(url, (text) => {
        const analysis = analyzeUrl(text, { allowInsecureHttp: true });
        if (!analysis.allowed) return;
        const parsed = new URL(text);
        const { display } = analysis;
        expect(display.path).toBe(parsed.pathname + parsed.search + parsed.hash);
        expect(display.hostAscii).toBe(parsed.hostname);
        // hostRange is left out exactly when the href keeps a bare ? or # that path (like the getters) drops.
        const beforeFragment = analysis.href.split('#')[0]!;
        const bare =
          (parsed.search === '' && beforeFragment.includes('?')) ||
          (parsed.hash === '' && analysis.href.includes('#'));
        expect(display.hostRange === undefined).toBe(bare);
        if (display.hostRange) {
          expect(display.full.slice(display.hostRange.start, display.hostRange.end)).toBe(display.hostAscii);
        }
        if (display.registrableDomainAscii !== undefined) {
          const name = display.hostAscii.replace(/\.$/, '');
          expect(
            name === display.registrableDomainAscii || name.endsWith(`.${display.registrableDomainAscii}`),
          ).toBe(true);
          if (display.registrableDomainRange) {
            const { start, end } = display.registrableDomainRange;
            expect(display.full.slice(start, end)).toBe(display.registrableDomainAscii);
          }
          const unicodeName = display.hostUnicode.replace(/\.$/, '');
          expect(unicodeName).toBe(
            display.subdomain === undefined
              ? display.registrableDomain
              : `${display.subdomain}.${display.registrableDomain}`,
          );
        }
      }),
      runs(1500),
    );
  });

  it('[E-54] the ASCII registrable domain is the Unicode one as the browser spells it', () => {
    const { display } = allowed('https://www.bücher.example/');
    expect(display.registrableDomain).toBe('bücher.example');
    expect(display.registrableDomainAscii).toBe('xn--bcher-kva.example');
  });

  it.each(['https://93.184.216.34:8080/', 'https://[2001:db8::1]/x', 'http://127.0.0.1/'])(
    '[E-54] an IP host %s has a host range and no registrable domain',
    (url) => {
      const { display } = allowed(url);
      expect(display.full.slice(display.hostRange!.start, display.hostRange!.end)).toBe(display.hostAscii);
      expect(display.registrableDomainAscii).toBeUndefined();
      expect(display.registrableDomainRange).toBeUndefined();
    },
  );

  it('[E-49] a blocked URL has no ranges: its full is the raw input, not the href', () => {
    const { display } = analyzeUrl('http://example.com/');
    expect(display.hostAscii).toBe('example.com');
    expect(display.hostRange).toBeUndefined();
    expect(display.registrableDomainRange).toBeUndefined();
  });
});

describe('isLoopbackHost: the one loopback rule (E-48)', () => {
  it.each(['localhost', 'localhost.', 'app.localhost', '127.0.0.1', '127.255.0.9', '[::1]'])(
    '%s is loopback',
    (host) => expect(isLoopbackHost(host)).toBe(true),
  );

  it.each([
    'example.com',
    'localhost.example.com',
    'mylocalhost',
    '128.0.0.1',
    '10.0.0.1',
    '[::ffff:127.0.0.1]',
    '[::2]',
    '0.0.0.0',
  ])('%s is not loopback', (host) => expect(isLoopbackHost(host)).toBe(false));

  it('[E-48] agrees with analyzeUrl: http is allowed exactly to loopback hosts', () => {
    for (const host of [
      'localhost',
      'app.localhost',
      '127.0.0.1',
      '[::1]',
      'example.com',
      '[::ffff:127.0.0.1]',
    ]) {
      const url = new URL(`http://${host}/`);
      expect(analyzeUrl(url.href).allowed).toBe(isLoopbackHost(url.hostname));
    }
  });

  it('[E-48] takes the parser hostname, in which every numeric IPv4 form is dotted decimal', () => {
    expect(isLoopbackHost(new URL('http://0x7f.1/').hostname)).toBe(true);
    expect(isLoopbackHost(new URL('http://2130706433/').hostname)).toBe(true);
  });
});

import { analyzeUrl } from '@elicitkit/core';
import { describe, expect, it } from 'vitest';
import { allowed, blocked } from './url-helpers.js';

const codes = (url: string, options?: { allowInsecureHttp?: boolean }) =>
  analyzeUrl(url, options).warnings.map((warning) => warning.code);

describe('analyzeUrl: blocked URLs (E-49)', () => {
  it.each([
    [42, 'number'],
    [null, 'null'],
    [undefined, 'undefined'],
    [{ href: 'https://example.com' }, 'object'],
    [['https://example.com'], 'an array'],
  ])('[E-49] blocks the non-string %j as invalid-url without throwing', (input, kind) => {
    const analysis = analyzeUrl(input as unknown as string);
    expect(analysis).toMatchObject({ allowed: false, blockReason: 'invalid-url', warnings: [] });
    expect(blocked(analysis).blockMessage).toContain(kind);
    expect(analysis).not.toHaveProperty('href');
    expect(analysis.display).toEqual({ full: '', scheme: '', hostUnicode: '', hostAscii: '', path: '' });
  });

  it.each([
    '',
    '   ',
    'not a url',
    'example.com',
    '//example.com/relative',
    '/path/only',
    'https://',
    'https://ex ample.com/',
    'https://exa%00mple.com/',
    'https://xn--zz.de/',
    'https://999.1.1.1/',
    'https://[::1/',
    'https://example.com:99999/',
  ])('[E-49] blocks %j as invalid-url', (url) => {
    const analysis = analyzeUrl(url);
    expect(analysis.allowed).toBe(false);
    expect(blocked(analysis).blockReason).toBe('invalid-url');
    expect(blocked(analysis).blockMessage).toMatch(/URL/);
  });

  it('[E-49] blocks a host whose Punycode decodes to plain ASCII, though the parser accepts it', () => {
    // `xn--ab-` decodes to `ab`: shown in Unicode it would pass for ab.com.
    expect(new URL('https://xn--ab-.com/').hostname).toBe('xn--ab-.com');
    const analysis = analyzeUrl('https://xn--ab-.com/');
    expect(analysis).toMatchObject({ allowed: false, blockReason: 'invalid-url' });
    expect(blocked(analysis).blockMessage).toContain('"xn--ab-"');
    expect(analysis.display).toMatchObject({ hostAscii: 'xn--ab-.com', hostUnicode: '' });
  });

  it.each([
    ['https://a..example.com/', 'empty label'],
    ['https://.example.com/', 'empty label'],
    [`https://${'a'.repeat(64)}.example.com/`, 'at most 63'],
    [`https://${'abcdefghi.'.repeat(26)}com/`, 'at most 253'],
  ])('[E-49] blocks the host of %s that DNS cannot resolve (%s)', (url, why) => {
    const analysis = analyzeUrl(url);
    expect(analysis).toMatchObject({ allowed: false, blockReason: 'invalid-url' });
    expect(blocked(analysis).blockMessage).toContain(why);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    'blob:https://example.com/550e8400-e29b-41d4-a716-446655440000',
    'vbscript:msgbox(1)',
    'about:blank',
    'ftp://example.com/file',
    'ws://example.com/socket',
    'wss://example.com/socket',
    'mailto:someone@example.com',
    'chrome://settings',
    'intent://scan/#Intent;scheme=zxing;end',
  ])('[E-49] blocks %j as scheme-not-allowed', (url) => {
    const analysis = analyzeUrl(url);
    expect(analysis).toMatchObject({ allowed: false, blockReason: 'scheme-not-allowed' });
    const scheme = url.trim().split(':')[0]!.toLowerCase();
    expect(analysis.display.scheme).toBe(scheme);
    expect(blocked(analysis).blockMessage).toContain(`"${scheme}:"`);
    expect(analysis).not.toHaveProperty('href');
  });

  it.each([
    'http://example.com/',
    'http://localhost.evil.example/',
    'http://localhostx/',
    'http://127.0.0.1.nip.io/',
    'http://[::ffff:127.0.0.1]/',
    'http://10.0.0.1/',
    'http://192.168.1.1/admin',
  ])('[E-49] blocks %s as insecure-http (not loopback)', (url) => {
    const analysis = analyzeUrl(url);
    expect(analysis).toMatchObject({ allowed: false, blockReason: 'insecure-http' });
    expect(blocked(analysis).blockMessage).toContain('http');
    expect(analysis).not.toHaveProperty('href');
  });

  it('[E-49] allows insecure http to any host only with allowInsecureHttp, and says so (E-48)', () => {
    const analysis = analyzeUrl('http://staging.example.com/connect', { allowInsecureHttp: true });
    expect(analysis).toMatchObject({ allowed: true, href: 'http://staging.example.com/connect' });
    expect(analysis.warnings.map((warning) => warning.code)).toEqual(['not-https']);
    expect(analysis.warnings[0]!.message).toContain('staging.example.com');
    expect(
      analyzeUrl('http://staging.example.com/', { allowInsecureHttp: 'yes' as unknown as boolean }).allowed,
    ).toBe(false);
  });

  it.each([
    'http://localhost/',
    'http://localhost:3000/callback',
    'http://LOCALHOST./',
    'http://app.localhost:8080/',
    'http://127.0.0.1/',
    'http://127.255.255.254/',
    'http://127.1/',
    'http://0x7f.1/',
    'http://[::1]:8080/',
  ])('[E-49] allows http to the loopback host of %s, with not-https', (url) => {
    const analysis = analyzeUrl(url);
    expect(analysis.allowed).toBe(true);
    expect(codes(url)).toContain('not-https');
  });

  it('[E-49] the WHATWG parser strips tabs and newlines silently, which is why they are blocked', () => {
    expect(new URL('https://exa\tmple.com/pa\nth').href).toBe('https://example.com/path');
    const analysis = analyzeUrl('https://exa\tmple.com/pa\nth');
    expect(analysis).toMatchObject({ allowed: false, blockReason: 'control-characters' });
    expect(blocked(analysis).blockMessage).toContain('U+0009 (a tab) at position 12');
  });

  const hiddenCharacters: [string, string][] = [
    ['\u0000', 'a control character'],
    ['\n', 'a line break'],
    ['\r', 'a line break'],
    ['\u001b', 'a control character'],
    ['\u007f', 'a control character'],
    ['\u0085', 'a control character'],
    ['\u009b', 'a control character'],
    ['\u00ad', 'an invisible character'],
    ['\u061c', 'a bidirectional-text control'],
    ['\u200b', 'a zero-width character'],
    ['\u200c', 'a zero-width character'],
    ['\u200d', 'a zero-width character'],
    ['\u200e', 'a bidirectional-text control'],
    ['\u200f', 'a bidirectional-text control'],
    ['\u202a', 'a bidirectional-text control'],
    ['\u202b', 'a bidirectional-text control'],
    ['\u202c', 'a bidirectional-text control'],
    ['\u202d', 'a bidirectional-text control'],
    ['\u202e', 'a bidirectional-text control'],
    ['\u2060', 'a zero-width character'],
    ['\u2066', 'a bidirectional-text control'],
    ['\u2067', 'a bidirectional-text control'],
    ['\u2068', 'a bidirectional-text control'],
    ['\u2069', 'a bidirectional-text control'],
    ['\u2028', 'an invisible character'],
    ['\u3164', 'an invisible character'],
    ['\ufe0f', 'an invisible character'],
    ['\ufeff', 'a zero-width character'],
    ['\u{e0041}', 'an invisible character'],
    ['\ud800', 'a broken surrogate half'],
  ];
  const labelled = hiddenCharacters.map(([char, kind]) => {
    const label = `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
    return [label, char, kind] as const;
  });
  it.each(labelled)(
    '[E-49] blocks %s anywhere in the raw string as control-characters',
    (label, char, kind) => {
      for (const url of [
        `https://exam${char}ple.com/`,
        `https://example.com/pa${char}th`,
        `https://example.com/?q=${char}`,
        `https://example.com/#${char}`,
        `${char}https://example.com/`,
        `https://example.com/${char}`,
      ]) {
        const analysis = analyzeUrl(url);
        expect(blocked(analysis).blockReason, JSON.stringify(url)).toBe('control-characters');
        expect(blocked(analysis).blockMessage).toContain(`${label} (${kind})`);
        // display.full is the raw string through sanitizeForDisplay, which keeps VS16 for emoji.
        if (char !== '\ufe0f') expect(analysis.display.full).not.toContain(char);
      }
    },
  );

  it('[E-49] blocks a trojan-source style URL that shows one host and opens another', () => {
    const url = 'https://example.com\u202e/moc.live\u202c';
    expect(analyzeUrl(url)).toMatchObject({ allowed: false, blockReason: 'control-characters' });
  });

  it('[E-49] blocks URLs longer than 8192 characters as too-long, before parsing', () => {
    const base = 'https://example.com/';
    expect(analyzeUrl(base + 'a'.repeat(8192 - base.length)).allowed).toBe(true);
    const analysis = analyzeUrl(base + 'a'.repeat(8193 - base.length));
    expect(analysis).toMatchObject({ allowed: false, blockReason: 'too-long' });
    expect(blocked(analysis).blockMessage).toContain('8193');
    expect(analysis.display.full).toHaveLength(2048);
  });

  it('[E-49] blocks a URL whose percent-encoded form grows past 8192 characters', () => {
    const analysis = analyzeUrl(`https://example.com/${'é'.repeat(2000)}`);
    expect(analysis).toMatchObject({ allowed: false, blockReason: 'too-long' });
    expect(blocked(analysis).blockMessage).toContain('once normalized');
  });

  it('[E-49] bounds the work on a 10 MB input with controls everywhere', () => {
    const huge = 'https://example.com/\u202e\u0000\u001b['.repeat(500_000);
    const analysis = analyzeUrl(huge);
    expect(blocked(analysis).blockReason).toBe('too-long');
    expect(analysis.display.full.length).toBeLessThanOrEqual(2048);
    expect(analysis.display.full).not.toMatch(/[\u0000-\u001f\u202e]/);
  });
});

describe('analyzeUrl: what the consent card shows (E-52)', () => {
  it('[E-52] display.full is the normalized href, the exact string that will be opened', () => {
    const analysis = analyzeUrl('HTTPS://User@Example.COM:443/a/../b/./c?x=1 2#frag ment');
    expect(allowed(analysis).href).toBe('https://User@example.com/b/c?x=1%202#frag%20ment');
    expect(analysis.display.full).toBe(allowed(analysis).href);
    expect(analysis.display).toMatchObject({
      scheme: 'https',
      hostUnicode: 'example.com',
      hostAscii: 'example.com',
      path: '/b/c?x=1%202#frag%20ment',
    });
    expect(analysis.display.port).toBeUndefined();
  });

  it.each([
    ['https:evil.example/login', 'https://evil.example/login'],
    ['https:/evil.example/login', 'https://evil.example/login'],
    ['https:\\\\evil.example\\login', 'https://evil.example/login'],
    ['https://%65vil.example/', 'https://evil.example/'],
    ['https://ＥＶＩＬ．example/', 'https://evil.example/'],
    ['  https://evil.example/  ', 'https://evil.example/'],
    ['https://evil.example:0443/', 'https://evil.example/'],
  ])('[E-52] shows the obfuscated %j as the URL that opens: %s', (url, href) => {
    const analysis = analyzeUrl(url);
    expect(analysis.allowed).toBe(true);
    expect(allowed(analysis).href).toBe(href);
    expect(analysis.display.full).toBe(href);
    expect(analysis.display.hostUnicode).toBe('evil.example');
  });

  it('[E-52] shows an explicit non-default port and the full path with query and fragment', () => {
    const analysis = analyzeUrl('https://example.com:8443/connect/abc?state=xyz#done');
    expect(analysis.display).toMatchObject({ port: '8443', path: '/connect/abc?state=xyz#done' });
  });

  it('[E-52] shows an international host in Unicode and in the ASCII form the browser resolves', () => {
    const analysis = analyzeUrl('https://bücher.example/straße');
    expect(analysis.display).toMatchObject({
      full: 'https://xn--bcher-kva.example/stra%C3%9Fe',
      hostUnicode: 'bücher.example',
      hostAscii: 'xn--bcher-kva.example',
      path: '/stra%C3%9Fe',
    });
  });

  it('[E-52] shows a refused URL only as sanitized text, never with an href', () => {
    const analysis = analyzeUrl('javascript:\u001b[31malert(1)');
    expect(analysis).not.toHaveProperty('href');
    expect(analysis.display.full).toBe('javascript:alert(1)');
  });
});

describe('analyzeUrl: the registrable domain a consent card highlights (E-54)', () => {
  it.each([
    ['https://example.com/', 'example.com', undefined],
    ['https://login.secure.example.com/', 'example.com', 'login.secure'],
    ['https://a.b.example.co.uk/', 'example.co.uk', 'a.b'],
    ['https://alice.github.io/app', 'alice.github.io', undefined],
    ['https://www.alice.github.io/app', 'alice.github.io', 'www'],
    ['https://github.io/', 'github.io', undefined],
    ['https://foo.bar.blogspot.com/', 'bar.blogspot.com', 'foo'],
    ['https://example.com./', 'example.com', undefined],
    ['https://www.example.com./', 'example.com', 'www'],
    ['http://localhost:3000/', 'localhost', undefined],
    ['http://app.localhost/', 'app.localhost', undefined],
    ['https://intranet/', 'intranet', undefined],
    ['https://a.b.c.unknown-tld-xyz/', 'c.unknown-tld-xyz', 'a.b'],
    ['https://www.bücher.example/', 'bücher.example', 'www'],
    ['https://shop.例え.テスト/', '例え.テスト', 'shop'],
    ['https://paypal.com.evil.example/', 'evil.example', 'paypal.com'],
  ])('[E-54] %s has registrable domain %s and subdomain %s', (url, registrableDomain, subdomain) => {
    const { display } = analyzeUrl(url);
    expect(display.registrableDomain).toBe(registrableDomain);
    expect(display.subdomain).toBe(subdomain);
    const joined = subdomain === undefined ? registrableDomain : `${subdomain}.${registrableDomain}`;
    expect(display.hostUnicode.replace(/\.$/, '')).toBe(joined);
  });

  it('[E-54] counts private suffixes as public: two github.io user sites are different sites', () => {
    const alice = analyzeUrl('https://alice.github.io/').display.registrableDomain;
    const mallory = analyzeUrl('https://mallory.github.io/').display.registrableDomain;
    expect(alice).not.toBe(mallory);
  });

  it.each(['https://93.184.216.34/', 'https://[2001:db8::1]/', 'http://127.0.0.1:8080/'])(
    '[E-54] has no registrable domain for the IP address host of %s',
    (url) => {
      const { display } = analyzeUrl(url);
      expect(display.registrableDomain).toBeUndefined();
      expect(display.subdomain).toBeUndefined();
    },
  );
});

import { analyzeUrl, type UrlWarningCode } from '@elicitkit/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SCRIPT_NAMES, scriptsOf } from '../src/url/scripts.js';
import { runs } from './property-runs.js';
import { blocked } from './url-helpers.js';

function warningOf(url: string, code: UrlWarningCode, options?: { allowInsecureHttp?: boolean }): string {
  const analysis = analyzeUrl(url, options);
  const warning = analysis.warnings.find((entry) => entry.code === code);
  if (!warning) throw new Error(`${url}: no ${code} warning in ${JSON.stringify(analysis.warnings)}`);
  return warning.message;
}

const codes = (url: string, options?: { allowInsecureHttp?: boolean }) =>
  analyzeUrl(url, options).warnings.map((warning) => warning.code);

describe('analyzeUrl warnings (E-55)', () => {
  it('[E-55] a plain https URL on a domain has no warnings', () => {
    expect(codes('https://mcp.example.com/connect/3f9a?state=abc#top')).toEqual([]);
  });

  it('[E-55] punycode: a legitimate international domain is allowed, with a warning naming both forms', () => {
    const analysis = analyzeUrl('https://münchen.de/rathaus');
    expect(analysis.allowed).toBe(true);
    expect(analysis.warnings.map((warning) => warning.code)).toEqual(['punycode']);
    const message = analysis.warnings[0]!.message;
    expect(message).toContain('"münchen.de"');
    expect(message).toContain('"xn--mnchen-3ya.de"');
  });

  it.each([
    'https://xn--mnchen-3ya.de/',
    'https://shop.xn--mnchen-3ya.de/',
    'https://example.xn--p1ai/',
    'https://пример.рф/',
    'https://例え.テスト/',
    'https://xn--ls8h.la/',
  ])('[E-55] punycode: warns for the xn-- label in %s', (url) => {
    expect(codes(url)).toContain('punycode');
  });

  it.each([
    ['https://pаypal.com/', 'pаypal', ['Latin', 'Cyrillic'], 'paypal'],
    ['https://gοogle.com/', 'gοogle', ['Latin', 'Greek'], 'google'],
    ['https://login.micrоsoft.com/', 'micrоsoft', ['Latin', 'Cyrillic'], 'microsoft'],
    ['https://аpple-support.com/', 'аpple-support', ['Latin', 'Cyrillic'], 'apple-support'],
    ['https://bankдом.example/', 'bankдом', ['Latin', 'Cyrillic'], undefined],
  ])('[E-55] mixed-script: %s mixes scripts in one label', (url, label, scripts, readsLike) => {
    const analysis = analyzeUrl(url);
    expect(analysis.allowed).toBe(true);
    expect(analysis.warnings.map((warning) => warning.code)).toEqual(['mixed-script', 'punycode']);
    const message = warningOf(url, 'mixed-script');
    expect(message).toContain(`"${label}" mixes ${scripts.join(' and ')} letters`);
    if (readsLike) expect(message).toContain(`reads like "${readsLike}"`);
    else expect(message).not.toContain('reads like');
  });

  it.each([
    'https://例え.テスト/',
    'https://日本語とカタカナ.jp/',
    'https://abc中文.com/',
    'https://한국어.kr/',
    'https://ㄅㄆ中文.tw/',
    'https://münchen.de/',
    'https://яндекс.рф/',
    'https://ελληνικά.gr/',
    'https://co2-neutral.example/',
  ])('[E-55] mixed-script: the single-script or customary CJK mix of %s is not flagged', (url) => {
    const found = codes(url);
    expect(found).not.toContain('mixed-script');
    expect(found).not.toContain('confusable');
  });

  it.each([
    ['https://аррӏе.com/', 'аррӏе', 'Cyrillic', 'apple'],
    ['https://www.раураӏ.com/', 'раураӏ', 'Cyrillic', 'paypal'],
    ['https://ѕсоре.example/', 'ѕсоре', 'Cyrillic', 'scope'],
    ['https://ορεη.example/', 'ορεη', 'Greek', 'open'],
    ['https://օօ.example/', 'օօ', 'Armenian', 'oo'],
    ['https://асе-123.example/', 'асе-123', 'Cyrillic', 'ace-123'],
  ])('[E-55] confusable: %s is wholly in one script of Latin look-alikes', (url, label, script, imitated) => {
    const analysis = analyzeUrl(url);
    expect(analysis.allowed).toBe(true);
    expect(analysis.warnings.map((warning) => warning.code)).toEqual(['confusable', 'punycode']);
    const message = warningOf(url, 'confusable');
    expect(message).toContain(`"${label}" is written in ${script} letters`);
    expect(message).toContain(`imitates "${imitated}"`);
  });

  it('[E-55] userinfo: a familiar name before @ is named, with the host that really opens', () => {
    const analysis = analyzeUrl('https://paypal.com@evil.example/login');
    expect(analysis).toMatchObject({ allowed: true, display: { registrableDomain: 'evil.example' } });
    expect(analysis.warnings.map((warning) => warning.code)).toEqual(['userinfo']);
    const message = analysis.warnings[0]!.message;
    expect(message).toContain('"paypal.com"');
    expect(message).toContain('open evil.example');
    expect(message).toContain('disguise');
  });

  it('[E-55] userinfo: a password is reported but never repeated in the message', () => {
    const message = warningOf('https://admin:hunter2@example.com/', 'userinfo');
    expect(message).toContain('password');
    expect(message).not.toContain('hunter2');
    const passwordOnly = warningOf('https://:hunter2@example.com/', 'userinfo');
    expect(passwordOnly).toContain('password');
    expect(passwordOnly).not.toContain('hunter2');
  });

  it('[E-55] userinfo: several @ signs still name the last host, the one that opens', () => {
    const analysis = analyzeUrl('https://google.com@paypal.com@evil.example/');
    expect(analysis.display.hostAscii).toBe('evil.example');
    expect(warningOf('https://google.com@paypal.com@evil.example/', 'userinfo')).toContain(
      'open evil.example',
    );
  });

  it.each([
    ['https://93.184.216.34/', '93.184.216.34', undefined],
    ['https://0x5d.0xb8.0xd8.0x22/', '93.184.216.34', '0x5d.0xb8.0xd8.0x22'],
    ['https://1572395042/', '93.184.216.34', '1572395042'],
    ['https://0135.0270.0330.042/', '93.184.216.34', '0135.0270.0330.042'],
    ['https://93.184.55330/', '93.184.216.34', '93.184.55330'],
    ['https://user@0x7f.1:8443/', '127.0.0.1', '0x7f.1'],
    ['https://[2001:db8::1]/', '[2001:db8::1]', undefined],
    ['https://[::1]/', '[::1]', undefined],
  ])('[E-55] ip-address: %s points to %s', (url, address, writtenAs) => {
    const message = warningOf(url, 'ip-address');
    expect(message).toContain(`IP address ${address}`);
    if (writtenAs) expect(message).toContain(`written as "${writtenAs}"`);
    else expect(message).not.toContain('written as');
  });

  it('[E-55] ip-address: a loopback address says it is this computer', () => {
    expect(warningOf('http://127.0.0.1:3000/', 'ip-address')).toContain('(this computer)');
  });

  it('[E-55] non-standard-port: names the port and the scheme, and ignores default ports', () => {
    const message = warningOf('https://example.com:8443/', 'non-standard-port');
    expect(message).toContain('port 8443');
    expect(message).toContain('https');
    expect(codes('https://example.com:443/')).toEqual([]);
    expect(codes('http://localhost:80/')).toEqual(['not-https']);
    expect(codes('https://example.com:80/')).toEqual(['non-standard-port']);
  });

  it('[E-55] not-https: http to this computer is allowed, with a warning that it is unencrypted', () => {
    const message = warningOf('http://localhost:3000/callback', 'not-https');
    expect(message).toContain('not encrypted');
    expect(message).toContain('localhost');
    expect(message).toContain('this computer');
  });

  it('[E-55] not-https: http to another host, allowed for development, says anyone on the network can read it', () => {
    const message = warningOf('http://dev.example.com/', 'not-https', { allowInsecureHttp: true });
    expect(message).toContain('anyone on the network');
  });

  it.each([
    ['https://paypal.com.evil.example/login', 'paypal.com', 'evil.example'],
    ['https://www.paypal.com.evil.example/', 'paypal.com', 'evil.example'],
    ['https://secure.paypal.com.account-check.example.net/', 'paypal.com', 'example.net'],
    ['https://paypal.co.uk.evil.example/', 'paypal.co.uk', 'evil.example'],
    ['https://hsbc.com.au.verify.example/', 'hsbc.com.au', 'verify.example'],
    ['https://accounts.google.com-login.evil.example/', 'google.com', 'evil.example'],
    ['https://google.com-login.example/', 'google.com', 'com-login.example'],
    ['https://irs.gov.refund.example/', 'irs.gov', 'refund.example'],
    ['https://apple.com.alice.github.io/', 'apple.com', 'alice.github.io'],
  ])('[E-55] domain-in-subdomain: %s hides %s in front of %s', (url, fake, site) => {
    const analysis = analyzeUrl(url);
    expect(analysis.display.registrableDomain).toBe(site);
    const message = warningOf(url, 'domain-in-subdomain');
    expect(message).toContain(`starts with "${fake}"`);
    expect(message).toContain(`the site is ${site}`);
  });

  it.each([
    'https://www.example.com/',
    'https://login.secure.example.com/',
    'https://api.dev.example.com/',
    'https://eu.api.example.com/',
    'https://api.int.example.com/',
    'https://co-op.example.com/',
    'https://my.info-desk.example.com/',
    'https://example.com.s3.amazonaws.com/',
    'https://paypal.com/',
    'https://www.example.co.uk/',
  ])('[E-55] domain-in-subdomain: the ordinary host %s is not flagged', (url) => {
    expect(codes(url)).not.toContain('domain-in-subdomain');
  });

  it('[E-55] long-url: warns above 2048 characters and names the site to check', () => {
    const base = 'https://example.com/';
    expect(codes(base + 'a'.repeat(2048 - base.length))).toEqual([]);
    const url = base + 'a'.repeat(2049 - base.length);
    expect(analyzeUrl(url).allowed).toBe(true);
    const message = warningOf(url, 'long-url');
    expect(message).toContain('2049 characters');
    expect(message).toContain('example.com');
  });

  it('[E-55] lists the most deceptive traits first', () => {
    const url = `http://admin@gοogle.com.аррӏе.localhost:8080/${'x'.repeat(2100)}`;
    expect(codes(url)).toEqual([
      'userinfo',
      'confusable',
      'mixed-script',
      'punycode',
      'domain-in-subdomain',
      'not-https',
      'non-standard-port',
      'long-url',
    ]);
  });

  it('[E-55] a blocked http URL still carries its warnings, for a refusal notice', () => {
    const analysis = analyzeUrl('http://paypal.com.evil.example/');
    expect(blocked(analysis).blockReason).toBe('insecure-http');
    expect(analysis.warnings.map((warning) => warning.code)).toEqual(['domain-in-subdomain', 'not-https']);
  });
});

describe('scripts of a host label (E-55)', () => {
  // scriptsOf classifies each character once; the reference tests the whole label against each script.
  const reference = (label: string) => {
    const scripts = SCRIPT_NAMES.filter((name) => new RegExp(`\\p{Script=${name}}`, 'u').test(label));
    const listed = SCRIPT_NAMES.map((name) => `\\p{Script=${name}}`).join('');
    const other = new RegExp(`[^\\p{Script=Common}\\p{Script=Inherited}${listed}]`, 'u').test(label);
    return other ? [...scripts, 'another script'] : scripts;
  };

  it('[E-55] names the scripts a label mixes, in order, as a per-script test of the whole label does', () => {
    const letters = fc.constantFrom(...'aZ9-éßаяλωאدकนあア中한ㄅჯ\u0301\u200d😀\ud83d'.split(''), '😀');
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'grapheme', maxLength: 8 }),
          fc.array(letters, { maxLength: 8 }).map((chars) => chars.join('')),
        ),
        (label) => {
          expect(scriptsOf(label)).toEqual(reference(label));
        },
      ),
      runs(2000),
    );
  });
});

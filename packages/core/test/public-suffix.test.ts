import fc from 'fast-check';
import { getDomain } from 'tldts';
import { describe, expect, it } from 'vitest';
import { tldtsRules } from '../scripts/tldts-rules.js';
import { registrableDomain } from '../src/url/public-suffix.js';
import { runs } from './property-runs.js';

/** tldts's own registrable domain, private suffixes included, the host taken as given: what our label count must match. */
const TLDTS = {
  allowPrivateDomains: true,
  extractHostname: false,
  detectIp: false,
  validateHostname: false,
  mixedInputs: false,
} as const;
const reference = (host: string) => getDomain(host, TLDTS) ?? undefined;
/** Every rule of tldts's own copy of the list (`*.ck`, `!www.ck`, `github.io`, …), read once. */
const theirRules = tldtsRules().then((rules) =>
  rules.map(([name, exception]) => (exception ? `!${name}` : name)),
);

describe('registrable domains from the Public Suffix List (tldts)', () => {
  it('[E-54] agrees with tldts on every rule, one, two and three labels deep', async () => {
    const all = await theirRules;
    expect(all.length).toBeGreaterThan(10_000);
    const mismatches: string[] = [];
    for (const rule of all) {
      const base = rule.replace(/^!/, '').replace(/^\*\./, 'wild.');
      for (const host of [base, `a.${base}`, `b.a.${base}`]) {
        if (registrableDomain(host) !== reference(host)) mismatches.push(host);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('[E-54] agrees with tldts on generated host names', () => {
    const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,8}[a-z0-9])?$/);
    const known = fc.constantFrom(
      'com',
      'co.uk',
      'github.io',
      'kawasaki.jp',
      'ck',
      'city.kawasaki.jp',
      'xn--p1ai',
      'zz',
    );
    fc.assert(
      fc.property(fc.array(label, { maxLength: 4 }), known, (labels, suffix) => {
        const host = [...labels, suffix].join('.');
        expect(registrableDomain(host)).toBe(reference(host));
      }),
      runs(2000),
    );
  });

  it('[E-54] exceptions, wildcards, private suffixes and unlisted names', () => {
    expect(registrableDomain('www.ck')).toBe('www.ck');
    expect(registrableDomain('a.b.ck')).toBe('a.b.ck');
    expect(registrableDomain('x.city.kawasaki.jp')).toBe('city.kawasaki.jp');
    expect(registrableDomain('alice.github.io')).toBe('alice.github.io');
    expect(registrableDomain('github.io')).toBeUndefined();
    expect(registrableDomain('login.secure.example.co.uk')).toBe('example.co.uk');
    expect(registrableDomain('localhost')).toBeUndefined();
    expect(registrableDomain('a.b.unlisted')).toBe('b.unlisted');
  });
});

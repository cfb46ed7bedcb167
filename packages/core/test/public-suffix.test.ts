import fc from 'fast-check';
import { getDomain } from 'tldts';
import { describe, expect, it } from 'vitest';
import { registrableDomain } from '../src/url/public-suffix.js';
import { PUBLIC_SUFFIX_TREE } from '../src/url/public-suffix-data.js';

/** tldts as host.ts used it before: private suffixes included, the host taken as given. */
const TLDTS = {
  allowPrivateDomains: true,
  extractHostname: false,
  detectIp: false,
  validateHostname: false,
  mixedInputs: false,
} as const;
const reference = (host: string) => getDomain(host, TLDTS) ?? undefined;

/** Every rule in the generated tree, written out (`*.ck`, `!www.ck`, `github.io`, …). */
function rules(): string[] {
  const found: string[] = [];
  const walk = (text: string, suffix: string): void => {
    let depth = 0;
    let start = 0;
    for (let i = 0; i <= text.length; i++) {
      const char = text[i];
      if (char === '(') depth++;
      if (char === ')') depth--;
      if (depth === 0 && (char === ',' || char === undefined)) {
        const entry = text.slice(start, i);
        const open = entry.indexOf('(');
        const head = open < 0 ? entry : entry.slice(0, open);
        const mark = head.at(-1);
        const label = mark === '!' || mark === '?' ? head.slice(0, -1) : head;
        const name = suffix ? `${label}.${suffix}` : label;
        if (mark !== '?') found.push(mark === '!' ? `!${name}` : name);
        if (open >= 0) walk(entry.slice(open + 1, -1), name);
        start = i + 1;
      }
    }
  };
  walk(PUBLIC_SUFFIX_TREE, '');
  return found;
}

describe('registrable domains from the compact Public Suffix List', () => {
  it('[E-54] agrees with tldts on every rule, one, two and three labels deep', () => {
    const all = rules();
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
      { numRuns: 2000 },
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

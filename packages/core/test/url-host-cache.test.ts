import { analyzeUrl } from '@elicitkit/core';
import { describe, expect, it } from 'vitest';

/**
 * Issue 41: `analyzeUrl` keeps the hosts it analyzed lately (URL-mode traffic returns to the same sign-in hosts). The
 * cache must never change a verdict: the same host gives the same analysis first and later, after the cache has
 * started over, and a host never gets another host's.
 */
describe('the recent-hosts cache of analyzeUrl', () => {
  const analyses = (urls: string[]) => urls.map((url) => analyzeUrl(url));

  it('gives the same analysis to a host seen before, after many others, and after it started over', () => {
    const watched = [
      'https://alice.github.io/setup',
      'https://xn--80ak6aa92e.com/login',
      'https://login.secure.example.co.uk/a',
      'http://127.0.0.1:3000/cb',
      'https://[::1]:8443/cb',
      'https://paypal.com.evil.example/login',
      'https://xn--ab-.com/',
    ];
    const first = analyses(watched);
    // More distinct hosts than the cache holds: it starts over at least once on the way.
    for (let i = 0; i < 1500; i++) analyzeUrl(`https://h${i}.example.net/p`);
    expect(analyses(watched)).toEqual(first);
    expect(analyses(watched)).toEqual(first);
  });

  it("never hands one host's analysis to another: each of a thousand hosts gets its own registrable domain", () => {
    for (let i = 0; i < 1000; i++) {
      const analysis = analyzeUrl(`https://www.site${i}.org/`);
      expect(analysis.allowed && analysis.display.registrableDomain).toBe(`site${i}.org`);
    }
  });
});

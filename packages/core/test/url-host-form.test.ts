import { analyzeUrl, preferredHostForm } from '@elicitkit/core';
import { describe, expect, it } from 'vitest';

const formOf = (href: string) => {
  const analysis = analyzeUrl(href);
  return preferredHostForm(analysis.display);
};

describe('preferredHostForm: the IDN display policy (Chromium docs/idn.md, after UTS #39)', () => {
  it('[E-54] names a deceptive host by its ASCII (Punycode) spelling', () => {
    expect(formOf('https://xn--pple-43d.com/')).toBe('ascii'); // аpple: Cyrillic а among Latin letters
    expect(formOf('https://xn--80ak6aa92e.com/')).toBe('ascii'); // аррӏе: whole-script Cyrillic look-alike
    expect(formOf('https://p\u0430ypal.com/')).toBe('ascii'); // mixed Latin and Cyrillic
    expect(formOf('https://\u0261oogle.com/')).toBe('ascii'); // Latin script g (ɡ)
    expect(formOf('https://xn--mxaa.com/')).toBe('ascii'); // αα: Greek look-alikes
    expect(formOf('https://login.xn--pple-43d.com/')).toBe('ascii'); // any label counts
  });

  it('[E-54] keeps the Unicode spelling of real international names', () => {
    expect(formOf('https://bücher.de/')).toBe('unicode');
    expect(formOf('https://пример.рф/')).toBe('unicode');
    expect(formOf('https://例え.jp/')).toBe('unicode');
    expect(formOf('https://ドメイン名例.jp/')).toBe('unicode');
    expect(formOf('https://भारत.भारत/')).toBe('unicode'); // Devanagari vowel signs are marks, and fine there
    expect(formOf('https://example.com/')).toBe('unicode'); // ASCII: both spellings are one
  });
});

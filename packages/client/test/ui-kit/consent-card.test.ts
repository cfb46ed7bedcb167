import {
  COLLAPSED_URL_LENGTH,
  type ConsentCard,
  consentCard,
  type UrlSegment,
} from '@elicitkit/client/ui-kit';
import { analyzeUrl } from '@elicitkit/core';
import { describe, expect, it } from 'vitest';

const openable = (card: ConsentCard) => {
  if (!card.openable) throw new Error(`blocked: ${card.reason}`);
  return card;
};
const text = (segments: UrlSegment[]) =>
  segments
    .map((s) => (s.kind === 'elided' ? `…(${s.hidden})` : s.kind === 'domain' ? `[${s.text}]` : s.text))
    .join('');

describe('consentCard', () => {
  it('[E-52] [E-54] an ordinary URL: Unicode site, registrable domain marked, nothing collapsed', () => {
    const card = openable(consentCard(analyzeUrl('https://login.secure.example.co.uk/connect?id=1')));
    expect(card.href).toBe('https://login.secure.example.co.uk/connect?id=1');
    expect(card.site).toEqual({
      form: 'unicode',
      host: 'login.secure.example.co.uk',
      subdomain: 'login.secure',
      registrableDomain: 'example.co.uk',
    });
    expect(text(card.address)).toBe('https://login.secure.[example.co.uk]/connect?id=1');
    expect(card.collapsed).toBeUndefined();
    expect(card.warnings).toEqual([]);
    // Warnings come right before the actions, so they are in view with Open.
    expect(card.order).toEqual(['message', 'site', 'address', 'warnings', 'actions']);
  });

  it('[E-54] [E-55] a look-alike host is named by the address the browser will contact, the Unicode one secondary', () => {
    const card = openable(consentCard(analyzeUrl('https://xn--pple-43d.com/')));
    expect(card.site.form).toBe('ascii');
    expect(card.site.registrableDomain).toBe('xn--pple-43d.com');
    expect(card.site.other).toEqual({ form: 'unicode', host: '\u0430pple.com' });
    expect(card.warnings.map((w) => w.code)).toContain('mixed-script');
    expect(card.warningParams).toMatchObject({ site: 'xn--pple-43d.com', ascii: 'xn--pple-43d.com' });
    const honest = openable(consentCard(analyzeUrl('https://bücher.de/')));
    expect(honest.site).toMatchObject({
      form: 'unicode',
      host: 'bücher.de',
      other: { form: 'ascii', host: 'xn--bcher-kva.de' },
    });
  });

  it('[E-52] a long URL is also given collapsed around its host, the real domain in view', () => {
    const href = `https://accounts.google.com${'%2Fsecure'.repeat(300)}@evil.example/`;
    const card = openable(consentCard(analyzeUrl(href)));
    expect(card.site.registrableDomain).toBe('evil.example');
    expect(text(card.address)).toContain('[evil.example]');
    const collapsed = card.collapsed!;
    expect(text(collapsed)).toMatch(
      /^https:\/\/accounts\.google\.com%2F.*…\(\d+\)[^…]{0,8}@\[evil\.example\]\/$/,
    );
    expect(text(collapsed).length).toBeLessThan(COLLAPSED_URL_LENGTH);
    const hidden = collapsed.reduce((sum, s) => sum + (s.kind === 'elided' ? s.hidden : s.text.length), 0);
    expect(hidden).toBe(card.href.length);
    expect(card.warnings.map((w) => w.code)).toEqual(expect.arrayContaining(['userinfo', 'long-url']));
  });

  it('[E-49] never offers Open for a blocked, forged or malformed analysis', () => {
    const blocked = consentCard(analyzeUrl('javascript:alert(1)'));
    expect(blocked.openable).toBe(false);
    expect(blocked).not.toHaveProperty('href');
    // Forged: "allowed" but the href is not an openable URL. Core's verdict on the href decides.
    const forged = consentCard({ ...analyzeUrl('https://example.com/'), href: 'javascript:alert(1)' });
    expect(forged.openable).toBe(false);
    const insecure = consentCard({ allowed: true, href: 'http://evil.example/', display: {}, warnings: [] });
    expect(insecure).toMatchObject({
      openable: true,
      warnings: [expect.objectContaining({ code: 'not-https' })],
    });
    for (const junk of [
      undefined,
      null,
      'https://example.com/',
      {},
      { allowed: true },
      { allowed: true, href: '' },
    ]) {
      expect(consentCard(junk).openable, JSON.stringify(junk)).toBe(false);
    }
    const forgedDisplay = openable(
      consentCard({
        ...analyzeUrl('https://evil.example/'),
        display: { ...analyzeUrl('https://bank.example/').display },
      }),
    );
    expect(forgedDisplay.site.host).toBe('evil.example');
  });
});

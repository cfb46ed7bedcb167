// @needs chromium
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { HOSTILE } from '../../../test/support/form-schemas.js';
import { outcomes, useRig } from './helpers/chromium.js';
import type {} from './helpers/harness-page.js';

const rig = useRig();

const showUrl = (page: Page, href: string, options: Record<string, unknown> = {}) =>
  page.evaluate(([h, o]) => window.harness.url(h, o), [href, options] as const);
const card = (page: Page) => page.locator('elicit-url-consent');
const warningCodes = (page: Page) =>
  card(page)
    .locator('[part=warnings] li')
    .evaluateAll((items) => items.map((li) => li.getAttribute('data-code')));
const coreWarnings = (page: Page, href: string) =>
  page.evaluate((h) => window.harness.analyzeUrl(h).warnings.map((w: { code: string }) => w.code), href);

describe('<elicit-url-consent> in Chromium', () => {
  it('[E-52] [E-54] shows the full URL as text and marks the registrable domain; focus starts on Decline', async () => {
    const page = await rig.page();
    const href = 'https://login.secure.example.co.uk/connect?id=abc#top';
    await showUrl(page, href);
    const c = card(page);
    await expect(c.locator('[part=url]').textContent()).resolves.toBe(href);
    await expect(c.locator('[part=url]').getAttribute('dir')).resolves.toBe('ltr');
    await expect(c.locator('[part=site]').textContent()).resolves.toBe('login.secure.example.co.uk');
    await expect(c.locator('[part=site] mark').textContent()).resolves.toBe('example.co.uk');
    await expect(c.locator('[part=url-domain]').textContent()).resolves.toBe('example.co.uk');
    await expect(
      c
        .getByRole('button', { name: 'Decline' })
        .evaluate((b) => b === (b.getRootNode() as ShadowRoot).activeElement),
    ).resolves.toBe(true);
    await expect(c.locator('[part=warnings]').count()).resolves.toBe(0);
    await expect(c.locator('[part=header]').textContent()).resolves.toContain(
      'Demo Server (demo-server 1.0.0)',
    );
  });

  it('[E-54] [E-55] a look-alike host is named by the address the browser contacts, the Unicode one secondary', async () => {
    const page = await rig.page();
    for (const href of ['https://xn--80ak6aa92e.com/login', 'https://xn--pple-43d.com/']) {
      await showUrl(page, href);
      const c = card(page);
      const ascii = new URL(href).hostname;
      await expect(c.locator('[part=site]').textContent()).resolves.toBe(ascii);
      await expect(c.locator('[part=site] mark').textContent()).resolves.toBe(ascii);
      await expect(c.locator('[part~=host-other]').textContent()).resolves.toBe(
        `Written in international letters as: ${await page.evaluate((h) => window.harness.analyzeUrl(h).display.hostUnicode, href)}`,
      );
      // In the full URL, the domain the browser contacts, at the place core located it.
      await expect(c.locator('[part=url-domain]').textContent()).resolves.toBe(ascii);
      const expected = await coreWarnings(page, href);
      expect(expected).toContain('punycode');
      await expect(warningCodes(page)).resolves.toEqual(expected);
      await c.getByRole('button', { name: 'Cancel' }).click();
    }
    // An honest international name keeps its Unicode spelling, the ASCII one beside it.
    await showUrl(page, 'https://bücher.de/');
    await expect(card(page).locator('[part=site]').textContent()).resolves.toBe('bücher.de');
    await expect(card(page).locator('[part~=host-ascii]').textContent()).resolves.toBe(
      'As your browser sends it: xn--bcher-kva.de',
    );
  });

  it('[E-55] mixed-script host and IP host: every warning on its own line', async () => {
    const page = await rig.page();
    // Latin "p" and "l" with Cyrillic "а": mixed scripts in one label.
    const mixed = 'https://p\u0430ypal.com/signin';
    await showUrl(page, mixed);
    const mixedWarnings = await coreWarnings(page, mixed);
    expect(mixedWarnings).toContain('mixed-script');
    await expect(warningCodes(page)).resolves.toEqual(mixedWarnings);
    await card(page).getByRole('button', { name: 'Cancel' }).click();

    const ip = 'https://192.168.10.20:8443/connect';
    await showUrl(page, ip);
    const ipWarnings = await coreWarnings(page, ip);
    expect(ipWarnings).toEqual(expect.arrayContaining(['ip-address', 'non-standard-port']));
    await expect(warningCodes(page)).resolves.toEqual(ipWarnings);
    await expect(card(page).locator('[part=site]').textContent()).resolves.toBe('192.168.10.20:8443');
    await expect(card(page).locator('[part=warnings] li').count()).resolves.toBe(ipWarnings.length);
  });

  it('[E-51] opens exactly the analyzed href, once, only on the click on Open', async () => {
    const page = await rig.page();
    await showUrl(page, 'https://example.com/a b?x=1');
    await card(page).locator('[part=url]').click();
    await expect(page.evaluate(() => window.harness.opened.length)).resolves.toBe(0);
    await card(page).getByRole('button', { name: 'Open in a new tab' }).click();
    expect(await outcomes(page, 1)).toEqual([{ action: 'consent' }]);
    await expect(page.evaluate(() => window.harness.opened)).resolves.toEqual([
      'https://example.com/a%20b?x=1',
    ]);
  });

  it('[E-51] by keyboard alone: from Decline back to Open, Enter opens; the long address toggles by keyboard', async () => {
    const page = await rig.page();
    await showUrl(page, `https://accounts.google.com${'%2Fsecure'.repeat(300)}@evil.example/`);
    const c = card(page);
    // Focus starts on Decline; backwards: Open, the warnings (a scrollable region), the address toggle.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(c.getByRole('button', { name: 'Show the shortened address' }).count()).resolves.toBe(1);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    expect(await outcomes(page, 1)).toEqual([{ action: 'consent' }]);
    await expect(page.evaluate(() => window.harness.opened.length)).resolves.toBe(1);
    // No paragraph is given a name (aria-labelledby on a <p> is ignored by screen readers).
    await showUrl(page, 'https://example.com/');
    await expect(card(page).locator('p[aria-labelledby], p[aria-label]').count()).resolves.toBe(0);
  });

  it('[E-53] the default opener makes a new top-level tab with no opener and no referrer', async () => {
    const page = await rig.page();
    const target = `${rig.origin}/opened`;
    await showUrl(page, target, { recordOpens: false });
    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      card(page).getByRole('button', { name: 'Open in a new tab' }).click(),
    ]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(target);
    await expect(popup.evaluate(() => [window.opener === null, document.referrer])).resolves.toEqual([
      true,
      '',
    ]);
    expect(await outcomes(page, 1)).toEqual([{ action: 'consent' }]);
  });

  it('[E-04] Decline, Cancel and Escape answer as such', async () => {
    const page = await rig.page();
    await showUrl(page, 'https://example.com/');
    await page.keyboard.press('Enter'); // focus is on Decline
    await showUrl(page, 'https://example.com/');
    await card(page).getByRole('button', { name: 'Cancel' }).click();
    await showUrl(page, 'https://example.com/');
    await page.keyboard.press('Escape');
    expect(await outcomes(page, 3)).toEqual([
      { action: 'decline' },
      { action: 'cancel' },
      { action: 'cancel' },
    ]);
    await expect(page.evaluate(() => window.harness.opened)).resolves.toEqual([]);
  });

  it('[E-56] hostile message and server name render inert; no link in the card, the URL included', async () => {
    const page = await rig.page();
    await showUrl(page, 'https://example.com/x', { message: HOSTILE, requester: { name: HOSTILE } });
    const text = await card(page).evaluate((el) => el.shadowRoot!.textContent ?? '');
    expect(text).toContain('<a href="javascript:');
    expect(text).not.toMatch(/[\u001b\u202a-\u202e\u2066-\u2069]/);
    await expect(card(page).locator('a, img').count()).resolves.toBe(0);
    await expect(page.evaluate(() => window.pwned)).resolves.toBeUndefined();
  });
});

describe('<elicit-url-consent> handed analyses directly', () => {
  it('[E-49] offers no Open for a blocked, forged or malformed analysis, whatever it is handed', async () => {
    const page = await rig.page();
    const cases = [
      await page.evaluate(() => window.harness.analyzeUrl('javascript:alert(1)')),
      // Forged: marked allowed, with a scheme core refuses in its href.
      await page.evaluate(() => ({
        ...window.harness.analyzeUrl('https://example.com/'),
        href: 'javascript:alert(1)',
      })),
      { allowed: true, href: '', display: { full: '' }, warnings: [] },
      null,
    ];
    for (const analysis of cases) {
      await page.evaluate((a) => window.harness.consentElement(a), analysis);
      const element = page.locator('elicit-url-consent').last();
      await expect(element.getByRole('button', { name: 'Open in a new tab' }).count()).resolves.toBe(0);
      await expect(element.locator('[part=blocked]').textContent()).resolves.toBe(
        'This address cannot be opened.',
      );
      await element.getByRole('button', { name: 'Decline' }).click();
    }
    expect(await outcomes(page, cases.length)).toEqual(cases.map(() => ({ action: 'decline' })));
    await expect(page.evaluate(() => window.harness.opened)).resolves.toEqual([]);
  });
});

describe('a very long URL', () => {
  const LONG = `https://accounts.google.com${'%2Fsecure'.repeat(300)}@evil.example/`;

  it('[E-52] [E-55] is shown collapsed around its host, the real site marked, and expands on request', async () => {
    const page = await rig.page();
    await showUrl(page, LONG);
    const c = card(page);
    await expect(c.locator('[part=site]').textContent()).resolves.toBe('evil.example');
    const url = c.locator('[part=url]');
    const collapsed = (await url.textContent())!;
    expect(collapsed.length).toBeLessThan(250);
    expect(collapsed).toContain('characters hidden');
    await expect(url.locator('[part=url-domain]').textContent()).resolves.toBe('evil.example');
    const toggle = c.getByRole('button', { name: /Show the full address/ });
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(toggle.textContent()).resolves.toBe('Show the full address (2,741 characters)');
    await toggle.click();
    await expect(url.textContent()).resolves.toBe(
      await page.evaluate((h) => window.harness.analyzeUrl(h).display.full, LONG),
    );
    await expect(
      c.getByRole('button', { name: 'Show the shortened address' }).getAttribute('aria-expanded'),
    ).resolves.toBe('true');
    await expect(warningCodes(page)).resolves.toEqual(await coreWarnings(page, LONG));
  });
});

describe('<elicit-url-wait> in Chromium', () => {
  it('[E-22] offers Retry now and Cancel while the page is pending, and goes away when withdrawn', async () => {
    const page = await rig.page();
    const wait = (hrefs: string[]) => page.evaluate((h) => window.harness.wait(h), hrefs);
    await wait(['https://accounts.example.com/connect/1']);
    const w = page.locator('elicit-url-wait');
    await expect(w.locator('[part=site] mark').textContent()).resolves.toBe('example.com');
    await expect(w.locator('[part=url]').textContent()).resolves.toBe(
      'https://accounts.example.com/connect/1',
    );
    await page.keyboard.press('Enter'); // focus starts on Retry now: keyboard alone
    await wait(['https://accounts.example.com/connect/1']);
    await page.locator('elicit-url-wait').getByRole('button', { name: 'Cancel' }).click();
    await wait(['https://accounts.example.com/connect/1']);
    await page.evaluate(() => window.harness.withdraw());
    expect(await outcomes(page, 3)).toEqual(['retry', 'cancel', 'cancel']);
    await expect(page.locator('elicit-url-wait').count()).resolves.toBe(0);
  });
});

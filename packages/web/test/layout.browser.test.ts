// @needs chromium
import type { RequestedSchema } from '@elicitkit/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ALL_KINDS } from '../../../test/support/form-schemas.js';
import { artifactsDir, useRig } from './helpers/chromium.js';
import type {} from './helpers/harness-page.js';

/** Screenshots for people to look at (git-ignored). */
const ARTIFACTS = artifactsDir('artifacts');

const rig = useRig();

/** Where the focused control is, against the visible area and the prompt's visible sticky bar. */
const focusGeometry = (page: Page) =>
  page.evaluate(() => {
    let active: Element | null = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    const prompt = document.querySelector('elicit-form, elicit-url-consent')!;
    const bar = [...prompt.shadowRoot!.querySelectorAll<HTMLElement>('.actions')].find((b) => !b.hidden)!;
    const rect = active!.getBoundingClientRect();
    return {
      id: `${active!.localName}#${active!.id}`,
      inBar: bar.contains(active),
      top: rect.top,
      bottom: rect.bottom,
      barTop: bar.getBoundingClientRect().top,
      viewport: window.innerHeight,
    };
  });

describe('focus is never hidden under the sticky action bar (WCAG 2.2 2.4.11)', () => {
  for (const [width, height] of [
    [640, 450],
    [320, 568],
  ] as const) {
    for (const inline of [false, true]) {
      it(`${width}×${height}, ${inline ? 'inline in the page' : 'in the modal dialog'}: every field, Tab by Tab`, async () => {
        const page = await rig.page({ width, height });
        if (inline) {
          // A page taller than the view, as a host app is: the page scrolls, not a dialog.
          await page.evaluate(() =>
            document.body.prepend(Object.assign(document.createElement('div'), { style: 'height:600px' })),
          );
        }
        await page.evaluate(([s, i]) => window.harness.form(s as RequestedSchema, { inline: i }), [
          ALL_KINDS,
          inline,
        ] as const);
        const seen = new Set<string>();
        for (let step = 0; step < 40; step++) {
          const at = await focusGeometry(page);
          if (at.inBar) break;
          seen.add(at.id);
          expect(at.bottom, `${at.id} ends under the bar`).toBeLessThanOrEqual(at.barTop);
          expect(at.top, `${at.id} starts above the view`).toBeGreaterThanOrEqual(0);
          await page.keyboard.press('Tab');
        }
        expect(seen.size).toBeGreaterThanOrEqual(10);
      });
    }
  }
});

const LONG = `https://accounts.google.com${'%2Fsecure'.repeat(300)}@evil.example/`;

/** Whether Open and every warning are inside the view, at the current scroll position. */
const consentGeometry = (page: Page) =>
  page.evaluate(() => {
    const card = document.querySelector('elicit-url-consent')!.shadowRoot!;
    const inView = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;
    };
    const open = card.querySelector('[part~=open]')!;
    const box = card.querySelector('.warnings-box')!;
    const site = card.querySelector('[part~=domain]')!;
    // The first warning starts in view; on a small screen the rest is a scroll of the (focusable) box away.
    const first = card.querySelector('.warnings li')!.getBoundingClientRect();
    const boxRect = box.getBoundingClientRect();
    return {
      open: inView(open),
      // [E-54] the real site, where Open is: never scrolled away under the warnings.
      site: site.textContent === 'evil.example' && inView(site),
      box: inView(box),
      firstWarning:
        first.top >= boxRect.top && first.top + 16 <= boxRect.bottom && first.top + 16 <= window.innerHeight,
      adjacent: box.getBoundingClientRect().bottom <= open.getBoundingClientRect().top + 1,
    };
  });

describe('[E-54] URL consent: the real site and the warnings stay in view with Open', () => {
  for (const [width, height] of [
    [1024, 768],
    [320, 568],
  ] as const) {
    it(`${width}×${height}: the long address, collapsed and expanded, at the top and the bottom of the card`, async () => {
      const page = await rig.page({ width, height });
      await page.evaluate((h) => window.harness.url(h), LONG);
      for (const expand of [false, true]) {
        if (expand)
          await page
            .locator('elicit-url-consent')
            .getByRole('button', { name: /Show the full address/ })
            .click();
        await page.screenshot({
          path: `${ARTIFACTS}consent-long-url-${width}${expand ? '-expanded' : ''}.png`,
        });
        for (const edge of ['top', 'bottom'] as const) {
          await page.evaluate((e) => {
            const dialog = document.querySelector('dialog')!;
            dialog.scrollTop = e === 'top' ? 0 : dialog.scrollHeight;
          }, edge);
          expect(await consentGeometry(page), `${expand ? 'expanded' : 'collapsed'}, ${edge}`).toEqual({
            open: true,
            site: true,
            box: true,
            firstWarning: true,
            adjacent: true,
          });
        }
      }
    });
  }
});

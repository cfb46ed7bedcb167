// @needs chromium
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ALL_KINDS } from '../../../test/support/form-schemas.js';
import { artifactsDir, axeViolations, useRig } from './helpers/chromium.js';
import type {} from './helpers/harness-page.js';

/** Screenshots for people to look at (git-ignored). */
const ARTIFACTS = artifactsDir('web-ui');

const rig = useRig();

type Call = 'form' | 'url' | 'wait' | 'consentElement';
const harness = (page: Page, call: Call, ...args: unknown[]) =>
  page.evaluate(([c, a]) => (window.harness[c] as (...rest: unknown[]) => void)(...a), [call, args] as [
    Call,
    unknown[],
  ]);

/** Every state a prompt can be in, reached as a person would. */
const STATES: Record<string, (page: Page) => Promise<void>> = {
  form: (page) =>
    harness(page, 'form', ALL_KINDS, { message: 'Book a table.\nWe hold tables for 15 minutes.' }),
  'form-errors': async (page) => {
    await harness(page, 'form', ALL_KINDS);
    const f = page.locator('elicit-form');
    await f.getByLabel('Name').fill('A');
    await f.getByLabel('Email').fill('nope');
    await f.getByRole('checkbox', { name: 'highchair' }).check();
    await f.getByRole('checkbox', { name: 'cake' }).check();
  },
  'form-summary': async (page) => {
    await harness(page, 'form', ALL_KINDS);
    const f = page.locator('elicit-form');
    await f.getByLabel('Name').fill('');
    await f.getByRole('button', { name: 'Review answers' }).click();
  },
  'form-long-list': (page) =>
    harness(page, 'form', {
      type: 'object',
      properties: {
        tags: {
          type: 'array',
          title: 'Tags',
          items: { type: 'string', enum: Array.from({ length: 200 }, (_, i) => `t${i}`) },
        },
      },
    }),
  'form-review': async (page) => {
    await harness(page, 'form', ALL_KINDS);
    await page.locator('elicit-form').getByRole('button', { name: 'Review answers' }).click();
  },
  'form-confirm': (page) =>
    harness(page, 'form', { type: 'object', properties: {} }, { message: 'Delete booking 12?' }),
  'form-inline': (page) => harness(page, 'form', ALL_KINDS, { inline: true }),
  url: (page) => harness(page, 'url', 'https://login.xn--80ak6aa92e.com:8443/connect?id=7f3a'),
  'url-plain': (page) => harness(page, 'url', 'https://accounts.example.com/connect/7f3a', { inline: true }),
  'url-long': (page) =>
    harness(page, 'url', `https://accounts.google.com${'%2Fsecure'.repeat(300)}@evil.example/`),
  'url-blocked': async (page) => {
    const blocked = await page.evaluate(() => window.harness.analyzeUrl('javascript:alert(1)'));
    await harness(page, 'consentElement', blocked);
  },
  wait: (page) => harness(page, 'wait', ['https://accounts.example.com/connect/7f3a']),
};

/**
 * The axe rules whose verdict can change with the colour scheme. Names, roles, structure and focus order are the
 * same in both schemes, so the dark run checks only these (every rule runs in the light one).
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

describe('accessibility (axe-core) in Chromium', () => {
  for (const scheme of ['light', 'dark'] as const) {
    for (const [state, reach] of Object.entries(STATES)) {
      it(`${state}, ${scheme}: zero axe violations${scheme === 'dark' ? ' (colour rules)' : ''}`, async () => {
        const page = await rig.page({ colorScheme: scheme });
        await reach(page);
        expect(await axeViolations(page, scheme === 'dark' ? COLOUR_RULES : undefined)).toEqual([]);
        if (['form', 'form-errors', 'url', 'wait'].includes(state)) {
          await page.screenshot({ path: `${ARTIFACTS}${state}-${scheme}.png`, fullPage: true });
        }
      });
    }
  }

  it('axe sees inside the prompt (a control planted in its shadow root without a label is found)', async () => {
    const page = await rig.page();
    await STATES.form!(page);
    await page.locator('elicit-form').evaluate((el) => {
      el.shadowRoot!.querySelector('form')!.append(document.createElement('input'));
    });
    expect((await axeViolations(page)).join('\n')).toMatch(/^label:/m);
  });

  for (const width of [320, 640]) {
    it(`fits ${width} CSS px (${width === 320 ? 'a small phone, 400 %' : '200 %'} zoom of 1280) without sideways scrolling`, async () => {
      const page = await rig.page({ width });
      for (const state of ['form', 'url', 'wait']) {
        await STATES[state]!(page);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, state).toBeLessThanOrEqual(0);
        // Submit/Decline/Cancel are on screen however long the form is (sticky action bar).
        const decline = page
          .getByRole('button', { name: 'Decline' })
          .or(page.getByRole('button', { name: 'Retry now' }));
        await expect(decline.first().isVisible()).resolves.toBe(true);
        if (width === 320) await page.screenshot({ path: `${ARTIFACTS}${state}-320.png` });
        await page.keyboard.press('Escape');
      }
    });
  }
});

// @needs chromium
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { outcomes, useRig } from './helpers/chromium.js';
import type {} from './helpers/harness-page.js';

const rig = useRig();

const ask = (page: Page, reason: 'unsolicited' | 'runaway', options: Record<string, unknown> = {}) =>
  page.evaluate(([r, o]) => window.harness.rateLimit(r, o), [reason, options] as const);
const dialog = (page: Page) => page.locator('elicit-rate-limit');

describe('<elicit-rate-limit> in Chromium (ElicitationUI.rateLimited)', () => {
  it('[E-43] says which server and why, focus starts on refusing; Allow more answers allow', async () => {
    const page = await rig.page();
    await ask(page, 'runaway');
    const d = dialog(page);
    await expect(d.locator('[part=header]').textContent()).resolves.toContain(
      'Demo Server (demo-server 1.0.0)',
    );
    await expect(d.locator('.body').textContent()).resolves.toContain(
      'This server keeps asking during your call.',
    );
    await expect(
      d
        .getByRole('button', { name: 'Refuse for now' })
        .evaluate((b) => b === (b.getRootNode() as ShadowRoot).activeElement),
    ).resolves.toBe(true);
    await d.getByRole('button', { name: 'Allow more' }).click();
    await expect(outcomes(page, 1)).resolves.toEqual(['allow']);
    await expect(dialog(page).count()).resolves.toBe(0);
  });

  it('[E-43] Enter on the focused button, Escape, or a withdrawn question all refuse', async () => {
    const page = await rig.page();
    await ask(page, 'unsolicited');
    await expect(dialog(page).locator('.body').textContent()).resolves.toContain('outside any call you made');
    await page.keyboard.press('Enter');
    await ask(page, 'unsolicited');
    await page.keyboard.press('Escape');
    await ask(page, 'unsolicited');
    await page.evaluate(() => window.harness.withdraw());
    await expect(outcomes(page, 3)).resolves.toEqual(['block', 'block', 'block']);
  });

  it('speaks the page language (German)', async () => {
    const page = await rig.page();
    await ask(page, 'runaway', { locale: 'de' });
    await expect(dialog(page).getByRole('button', { name: 'Vorerst ablehnen' }).count()).resolves.toBe(1);
  });
});

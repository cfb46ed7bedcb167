// @needs chromium
import type { RequestedSchema } from '@elicitkit/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, outcomes, useRig } from './helpers/chromium.js';
import type {} from './helpers/harness-page.js';

const rig = useRig();

const show = (page: Page, schema: unknown) =>
  page.evaluate((s) => window.harness.form(s as RequestedSchema), schema);
const form = (page: Page) => page.locator('elicit-form');
const focused = (page: Page) =>
  form(page).evaluate((el) => {
    const active = el.shadowRoot!.activeElement as HTMLElement | null;
    return active ? `${active.localName}#${active.id}` : '';
  });

const CHOICES = Array.from({ length: 500 }, (_, i) => `item-${String(i).padStart(3, '0')}`);
const LONG = {
  type: 'object',
  properties: {
    tags: { type: 'array', title: 'Tags', maxItems: 3, items: { type: 'string', enum: CHOICES } },
    city: {
      type: 'string',
      title: 'City',
      oneOf: CHOICES.slice(0, 30).map((value, i) => ({ const: value, title: `City ${i}` })),
    },
  },
  required: ['city'],
};

describe('long choice lists in Chromium', () => {
  it('a 500-option multi-select is one searchable list with one tab stop, driven by keyboard', async () => {
    const page = await rig.page();
    await show(page, LONG);
    const tags = form(page).getByRole('combobox', { name: 'Tags (optional)' });
    await expect(
      form(page).getByRole('listbox', { name: 'Tags (optional)' }).getByRole('option').count(),
    ).resolves.toBe(500);
    await expect(form(page).locator('input[type=checkbox]').count()).resolves.toBe(0);
    // One tab stop: from the list's text box, Tab goes straight to the next field.
    await tags.focus();
    await page.keyboard.press('Tab');
    await expect(focused(page)).resolves.toBe(
      `input#${await form(page).getByRole('combobox', { name: 'City' }).getAttribute('id')}`,
    );
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.type('item-49');
    const status = form(page).locator(`[id="${(await tags.getAttribute('id'))!}-status"]`);
    await expect(status.textContent()).resolves.toBe('10 of 500 options shown.'); // item-490 … item-499
    // The first match is under the cursor at once: Enter picks it.
    await page.keyboard.press('Enter'); // item-490
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter'); // item-492
    await expect(tags.getAttribute('aria-activedescendant')).resolves.toMatch(/-o492$/);
    await expect(status.textContent()).resolves.toBe(
      'Chosen: item-490 and item-492. 10 of 500 options shown.',
    );
    await page.keyboard.press('Escape'); // clears the filter, does not cancel
    await expect(tags.inputValue()).resolves.toBe('');
    await expect(form(page).count()).resolves.toBe(1);
    // Enter picks in the list; it does not submit the form from there.
    await expect(form(page).locator('[part=review]').isHidden()).resolves.toBe(true);

    const city = form(page).getByRole('combobox', { name: 'City' });
    await city.fill('City 2');
    await city.press('ArrowDown');
    await city.press('Enter'); // City 20 ("City 2", "City 20", …)
    await expect(axeViolations(page)).resolves.toEqual([]);
    await form(page).getByRole('button', { name: 'Review answers' }).click();
    await expect(form(page).locator('[part=answers]').textContent()).resolves.toBe(
      'Tagsitem-490 and item-492CityCity 20',
    );
    await form(page).getByRole('button', { name: 'Submit' }).click();
    expect(await outcomes(page, 1)).toEqual([
      { action: 'submit', content: { tags: ['item-490', 'item-492'], city: 'item-020' } },
    ]);
  });

  it('options are picked by pointer too, and a limit is checked when the person leaves the list', async () => {
    const page = await rig.page();
    await show(page, LONG);
    const list = form(page).getByRole('listbox', { name: 'Tags (optional)' });
    for (const value of ['item-001', 'item-002', 'item-003', 'item-004']) {
      await list.getByRole('option', { name: value }).click();
    }
    await expect(list.locator('[aria-selected=true]').count()).resolves.toBe(4);
    await form(page).getByRole('combobox', { name: 'Tags (optional)' }).press('Tab');
    await expect(form(page).locator('[part=error]').first().textContent()).resolves.toBe(
      'Error: Choose at most 3 options.',
    );
    await list.getByRole('option', { name: 'item-004' }).click();
    await expect(form(page).locator('[part=error]').first().textContent()).resolves.toBe('');
  });
});

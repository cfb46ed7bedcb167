// @needs chromium
import type { RequestedSchema } from '@elicitkit/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BOOKING } from '../../../test/support/form-schemas.js';
import { outcomes, useRig } from './helpers/chromium.js';
import type {} from './helpers/harness-page.js';

const rig = useRig();

const show = (page: Page, schema: unknown, options: Record<string, unknown> = {}) =>
  page.evaluate(([s, o]) => window.harness.form(s as RequestedSchema, o), [schema, options] as const);
const form = (page: Page) => page.locator('elicit-form');
const focusedId = (page: Page) =>
  form(page).evaluate((el) => (el.shadowRoot!.activeElement as HTMLElement | null)?.id ?? '');

const SEVERAL = {
  type: 'object',
  properties: {
    first: { type: 'string', title: 'First name', minLength: 1 },
    last: { type: 'string', title: 'Last name', minLength: 1 },
    email: { type: 'string', format: 'email', title: 'Email' },
  },
  required: ['first', 'last'],
};

describe('GOV.UK validation pattern in Chromium', () => {
  it('[E-59] a refused Review puts an error summary with links above the form and moves focus there', async () => {
    const page = await rig.page();
    await show(page, SEVERAL);
    await form(page).getByLabel('Email').fill('nope');
    await form(page).getByRole('button', { name: 'Review answers' }).click();
    const summary = form(page).locator('[part=error-summary]');
    await expect(summary.isVisible()).resolves.toBe(true);
    await expect(summary.locator('h3').textContent()).resolves.toBe('There is a problem');
    await expect(summary.locator('a').allTextContents()).resolves.toEqual([
      'First name: Enter an answer.',
      'Last name: Enter an answer.',
      'Email: Enter an email address, like name@example.com.',
    ]);
    await expect(summary.getAttribute('tabindex')).resolves.toBe('-1');
    await expect(
      summary.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement),
    ).resolves.toBe(true);
    await expect(form(page).locator('[part=review]').isHidden()).resolves.toBe(true);
    // Each link takes focus to its field.
    await summary.getByRole('link', { name: /^Last name/ }).click();
    await expect(focusedId(page)).resolves.toBe(await form(page).getByLabel('Last name').getAttribute('id'));
    // Fixed: the next Review goes through and the summary is gone.
    await form(page).getByLabel('First name').fill('Ada');
    await form(page).getByLabel('Last name').fill('Lovelace');
    await form(page).getByLabel('Email').fill('ada@example.com');
    await form(page).getByRole('button', { name: 'Review answers' }).click();
    await expect(form(page).locator('[part=review]').isVisible()).resolves.toBe(true);
    await expect(summary.isHidden()).resolves.toBe(true);
  });

  it('Enter in any of several text fields means Review', async () => {
    const page = await rig.page();
    await show(page, SEVERAL);
    await form(page).getByLabel('First name').fill('Ada');
    await form(page).getByLabel('Last name').fill('Lovelace');
    await form(page).getByLabel('First name').press('Enter');
    await expect(form(page).locator('[part=review]').isVisible()).resolves.toBe(true);
    await form(page).getByRole('button', { name: 'Submit' }).click();
    expect(await outcomes(page, 1)).toEqual([
      { action: 'submit', content: { first: 'Ada', last: 'Lovelace' } },
    ]);
  });

  it("[E-59] a pattern failure is said in words with the field's description; the regex stays in a disclosure", async () => {
    const page = await rig.page();
    const schema = {
      type: 'object',
      properties: {
        code: {
          type: 'string',
          title: 'Airport',
          description: 'Three capital letters, like LHR.',
          pattern: '^[A-Z]{3}$',
        },
      },
    };
    await page.evaluate((s) => window.harness.formWithPatterns(s as RequestedSchema), schema);
    const details = form(page).locator('[part=pattern-details]');
    await expect(details.isHidden()).resolves.toBe(true);
    await form(page).getByLabel('Airport').fill('lhr');
    await form(page).getByLabel('Airport').press('Tab');
    const error = form(page).locator('[part=error]');
    await expect(error.textContent()).resolves.toBe(
      'Error: This is not in the expected form. Expected: Three capital letters, like LHR.',
    );
    await expect(error.textContent()).resolves.not.toContain('[A-Z]');
    await expect(details.isVisible()).resolves.toBe(true);
    await expect(details.evaluate((d) => (d as HTMLDetailsElement).open)).resolves.toBe(false);
    await details.locator('summary').click();
    await expect(details.locator('code').textContent()).resolves.toBe('^[A-Z]{3}$');
    await form(page).getByLabel('Airport').fill('LHR');
    await expect(error.textContent()).resolves.toBe('');
    await expect(details.isHidden()).resolves.toBe(true);
  });

  it('numbers carry native min, max and step: the arrow keys stop at the bounds; words for what is no number', async () => {
    const page = await rig.page();
    await show(page, BOOKING);
    const party = form(page).getByLabel('Party size');
    await expect(party.evaluate((i: HTMLInputElement) => [i.min, i.max, i.step])).resolves.toEqual([
      '1',
      '12',
      '1',
    ]);
    await party.fill('1');
    await party.press('ArrowDown');
    await expect(party.inputValue()).resolves.toBe('1');
    await party.fill('12');
    await party.press('ArrowUp');
    await expect(party.inputValue()).resolves.toBe('12');
    await party.fill('');
    await party.pressSequentially('1e');
    await party.press('Tab');
    await expect(form(page).locator('[part=error]').nth(1).textContent()).resolves.toBe(
      'Error: Enter a whole number, like 42.',
    );
    await party.fill('13');
    await expect(form(page).locator('[part=error]').nth(1).textContent()).resolves.toBe(
      'Error: Enter a whole number from 1 to 12.',
    );
  });

  it('unanswered optional fields are left out: no false for an untouched yes/no, no [] for an untouched multi-select', async () => {
    const page = await rig.page();
    const schema = {
      type: 'object',
      properties: {
        name: { type: 'string', title: 'Name' },
        reminder: { type: 'boolean', title: 'Send a reminder' },
        extras: { type: 'array', title: 'Extras', items: { type: 'string', enum: ['a', 'b'] } },
        seating: { type: 'string', title: 'Seating', enum: ['in', 'out'] },
      },
    };
    await show(page, schema);
    await expect(form(page).getByRole('radio', { name: 'No answer' }).first().isChecked()).resolves.toBe(
      true,
    );
    await form(page).getByRole('button', { name: 'Review answers' }).click();
    await expect(form(page).locator('[part=answers]').textContent()).resolves.toBe(
      'NameNot answeredSend a reminderNot answeredExtrasNot answeredSeatingNot answered',
    );
    await form(page).getByRole('button', { name: 'Submit' }).click();
    await show(page, schema);
    await form(page).getByRole('radio', { name: 'No', exact: true }).check();
    await form(page).getByRole('button', { name: 'Review answers' }).click();
    await form(page).getByRole('button', { name: 'Submit' }).click();
    expect(await outcomes(page, 2)).toEqual([
      { action: 'submit', content: {} },
      { action: 'submit', content: { reminder: false } },
    ]);
  });

  it('each field\'s name is read once: its label, with "(optional)" in words, never "(required)" on top of the state', async () => {
    const page = await rig.page();
    await show(page, BOOKING);
    const tree = await form(page).ariaSnapshot();
    expect(tree).toContain('textbox "Name"');
    expect(tree).toContain('spinbutton "Party size"');
    expect(tree).toContain('radiogroup "Seating"');
    expect(tree).toContain('radiogroup "Send a reminder (optional)"');
    expect(tree).not.toMatch(/required|\*/i);
    await expect(form(page).getByLabel('Name').getAttribute('aria-required')).resolves.toBe('true');
    // No paragraph is given a name (aria-labelledby on a <p> is ignored by screen readers).
    await expect(form(page).locator('p[aria-labelledby], p[aria-label]').count()).resolves.toBe(0);
  });

  it('a date-time is entered as local date and time, the zone named, and sent converted with its offset', async () => {
    const page = await rig.page({ timezoneId: 'Asia/Tokyo' });
    const schema = {
      type: 'object',
      properties: {
        at: { type: 'string', format: 'date-time', title: 'Arrival', default: '2030-05-17T09:30:00Z' },
      },
    };
    await show(page, schema);
    const at = form(page).getByLabel('Arrival');
    await expect(at.getAttribute('type')).resolves.toBe('datetime-local');
    await expect(at.inputValue()).resolves.toBe('2030-05-17T18:30'); // 09:30 UTC is 18:30 in Tokyo
    await expect(form(page).locator('[part=hint]').textContent()).resolves.toBe(
      'Your time: Asia/Tokyo, UTC+09:00',
    );
    await at.fill('2030-05-18T07:05');
    await form(page).getByRole('button', { name: 'Review answers' }).click();
    await expect(form(page).locator('[part=answers] dd').textContent()).resolves.toBe(
      'May 18, 2030 at 07:05 AM GMT+9',
    );
    await form(page).getByRole('button', { name: 'Submit' }).click();
    expect(await outcomes(page, 1)).toEqual([
      { action: 'submit', content: { at: '2030-05-18T07:05:00+09:00' } },
    ]);
  });
});

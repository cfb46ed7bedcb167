// @needs chromium
import type { RequestedSchema } from '@elicitkit/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ALL_KINDS, ALL_KINDS_DEFAULTS, BOOKING, HOSTILE } from '../../../test/support/form-schemas.js';
import { outcomes, useRig } from './helpers/chromium.js';
import type {} from './helpers/harness-page.js';

const rig = useRig();

const show = (page: Page, schema: unknown, options: Record<string, unknown> = {}) =>
  page.evaluate(([s, o]) => window.harness.form(s as RequestedSchema, o), [schema, options] as const);
const form = (page: Page) => page.locator('elicit-form');

describe('<elicit-form> in Chromium', () => {
  it('[E-13] renders every field kind with its default prefilled, and submits them after review [E-05]', async () => {
    const page = await rig.page();
    await show(page, ALL_KINDS);
    const f = form(page);
    await expect(f.getByLabel('Name').inputValue()).resolves.toBe('Ada');
    await expect(f.getByLabel('Email').getAttribute('type')).resolves.toBe('email');
    await expect(f.getByLabel('Website').getAttribute('type')).resolves.toBe('url');
    await expect(f.getByLabel('Day').inputValue()).resolves.toBe('2030-05-17');
    await expect(f.getByLabel('Day').getAttribute('type')).resolves.toBe('date');
    await expect(f.getByLabel('Arrival').inputValue()).resolves.toBe('');
    await expect(f.getByLabel('Budget').inputValue()).resolves.toBe('12.5');
    await expect(f.getByLabel('Party size').getAttribute('step')).resolves.toBe('1');
    await expect(f.getByLabel('Send a reminder').isChecked()).resolves.toBe(true);
    // A few options: radio buttons; many: a select.
    await expect(f.getByRole('radio', { name: 'Terrace' }).isChecked()).resolves.toBe(true);
    await expect(
      f.getByLabel('Country').evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text),
    ).resolves.toBe('it');
    await expect(f.getByRole('checkbox', { name: 'window' }).isChecked()).resolves.toBe(true);
    // [E-44] The kit's hints, without the kind or format the input already shows; the date-time names its zone.
    const hints = await f.locator('[part=hint]').allTextContents();
    expect(hints.filter((hint) => !hint.startsWith('Your time: '))).toEqual([
      '2–20 characters',
      '0–100',
      '1–12',
      '1–2 choices',
    ]);
    expect(hints.filter((hint) => hint.startsWith('Your time: '))).toHaveLength(1);
    // Only optional fields are marked, in words; a required field's name is its label alone.
    await expect(f.locator('label', { hasText: 'Email' }).textContent()).resolves.toBe('Email (optional)');
    await expect(f.getByLabel('Name').getAttribute('aria-required')).resolves.toBe('true');

    await f.getByRole('button', { name: 'Review answers' }).click();
    const review = await f.locator('[part=answers]').textContent();
    expect(review).toContain('Terrace');
    expect(review).toContain('May 17, 2030'); // dates read the local way (Intl)
    // E-05: every answer can still be changed.
    await f.getByRole('button', { name: 'Edit answers' }).click();
    await f.getByLabel('Party size').fill('4');
    await f.getByRole('button', { name: 'Review answers' }).click();
    await f.getByRole('button', { name: 'Submit' }).click();
    expect(await outcomes(page, 1)).toEqual([
      { action: 'submit', content: { ...ALL_KINDS_DEFAULTS, party: 4 } },
    ]);
  });

  it("[E-59] shows core's rules in words next to the field when the person leaves it, described and announced", async () => {
    const page = await rig.page();
    await show(page, ALL_KINDS);
    const f = form(page);
    const name = f.getByLabel('Name');
    const errorId = (await name.getAttribute('aria-describedby'))!
      .split(' ')
      .find((id) => id.endsWith('-error'))!;
    const error = f.locator(`[id="${errorId}"]`);
    // The region is there from the start, empty, and live.
    await expect(error.getAttribute('aria-live')).resolves.toBe('polite');
    await expect(error.evaluate((el) => getComputedStyle(el).display)).resolves.not.toBe('none');
    await name.fill('A');
    await expect(error.textContent()).resolves.toBe(''); // never from the first keystroke
    await name.press('Tab');
    await expect(error.textContent()).resolves.toBe('Error: Enter at least 2 characters.');
    await expect(name.getAttribute('aria-invalid')).resolves.toBe('true');
    await name.fill('Ada'); // a message already shown follows the typing
    await expect(error.textContent()).resolves.toBe('');
    await expect(name.getAttribute('aria-invalid')).resolves.toBe('false');
    await f.getByLabel('Email').fill('not-an-email');
    await f.getByLabel('Email').press('Tab');
    await expect(f.locator('[part=error]', { hasText: 'Enter an email address' }).count()).resolves.toBe(1);
    await f.getByRole('checkbox', { name: 'highchair' }).check();
    await f.getByRole('checkbox', { name: 'cake' }).check();
    await f.getByRole('checkbox', { name: 'cake' }).press('Tab');
    await expect(f.locator('[part=error]', { hasText: 'Choose at most 2 options.' }).count()).resolves.toBe(
      1,
    );
  });

  it('[E-59] shows the issues of a refused earlier attempt next to their fields', async () => {
    const page = await rig.page();
    await show(page, BOOKING, {
      initial: { name: 'Z' },
      issues: [{ path: ['name'], code: 'too-short', message: 'must be at least 2 characters' }],
    });
    await expect(form(page).getByRole('alert').textContent()).resolves.toMatch(
      /Your last answers were not acceptedName: Enter at least 2 characters\./,
    );
    await expect(form(page).locator('[part=error]').first().textContent()).resolves.toBe(
      'Error: Enter at least 2 characters.',
    );
  });

  it('[E-59] shows an issue only under its own field: "tag.x" is not "tag"', async () => {
    const page = await rig.page();
    const schema = {
      type: 'object',
      properties: { tag: { type: 'string', title: 'Tag' }, 'tag.x': { type: 'string', title: 'Tag X' } },
    };
    await show(page, schema, {
      issues: [{ path: ['tag.x'], code: 'too-short', message: 'tag.x is too short' }],
    });
    // One error element per field, in field order: Tag's stays empty.
    await expect(form(page).locator('[part=error]').allTextContents()).resolves.toEqual([
      '',
      'Error: This answer is not accepted.',
    ]);
    const invalid = (label: string) =>
      form(page)
        .getByLabel(`${label} (optional)`, { exact: true })
        .evaluate((el) => el.getAttribute('aria-invalid'));
    await expect(invalid('Tag X')).resolves.toBe('true');
    await expect(invalid('Tag')).resolves.not.toBe('true');
  });

  it('[E-04] Decline and Cancel are offered on every step and answer as such', async () => {
    const page = await rig.page();
    await show(page, ALL_KINDS);
    await form(page).getByRole('button', { name: 'Decline' }).click();
    await show(page, ALL_KINDS);
    await form(page).getByRole('button', { name: 'Review answers' }).click();
    await form(page).getByRole('button', { name: 'Cancel' }).click();
    expect(await outcomes(page, 2)).toEqual([{ action: 'decline' }, { action: 'cancel' }]);
  });

  it('[E-42] Escape cancels, in the dialog and inline', async () => {
    const page = await rig.page();
    await show(page, ALL_KINDS);
    await form(page).getByLabel('Name').press('Escape');
    await show(page, BOOKING, { inline: true });
    await form(page).getByLabel('Name').press('Escape');
    expect(await outcomes(page, 2)).toEqual([{ action: 'cancel' }, { action: 'cancel' }]);
    await expect(page.locator('elicit-form, dialog').count()).resolves.toBe(0);
  });

  it('is completed by keyboard alone, Enter meaning Review, and focus goes back where it was', async () => {
    const page = await rig.page();
    await page.focus('#before');
    await show(page, BOOKING);
    // Focus moved into the prompt: the first field.
    await page.keyboard.type('Grace');
    await page.keyboard.press('Tab'); // party size (default 2)
    await page.keyboard.press('ArrowUp'); // 3
    await page.keyboard.press('Tab'); // seating: required, no default, so nothing chosen yet
    await page.keyboard.press('ArrowDown'); // terrace
    await page.keyboard.press('Tab'); // reminder: optional yes/no without default starts at "No answer"
    await page.keyboard.press('ArrowUp'); // No
    await page.keyboard.press('ArrowUp'); // Yes
    await page.keyboard.press('Enter'); // implicit submission: Review
    await expect(form(page).locator('[part=review]').isVisible()).resolves.toBe(true);
    await page.keyboard.press('Tab'); // Submit
    await page.keyboard.press('Enter');
    expect(await outcomes(page, 1)).toEqual([
      { action: 'submit', content: { name: 'Grace', party: 3, seating: 'terrace', reminder: true } },
    ]);
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('before');
  });

  it('is withdrawn when the request is (signal aborted): the prompt goes away, focus comes back', async () => {
    const page = await rig.page();
    await page.focus('#before');
    await show(page, BOOKING);
    await page.evaluate(() => window.harness.withdraw());
    expect(await outcomes(page, 1)).toEqual([{ action: 'cancel' }]);
    await expect(page.locator('elicit-form').count()).resolves.toBe(0);
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('before');
  });

  it('[E-03] names the server in a header the host draws, from its identity, not its message', async () => {
    const page = await rig.page();
    await show(page, BOOKING, { message: 'From Your Bank: please confirm' });
    await expect(form(page).locator('[part=header]').textContent()).resolves.toContain(
      'From Demo Server (demo-server 1.0.0)',
    );
  });

  it('[E-56] renders hostile ANSI, bidi and HTML-looking server text inert, with no link anywhere', async () => {
    const page = await rig.page();
    const schema = {
      type: 'object',
      properties: {
        a: { type: 'string', title: HOSTILE, description: HOSTILE },
        b: { type: 'string', title: 'Pick', enum: ['x', 'y'], enumNames: [HOSTILE, 'javascript:alert(1)'] },
      },
    };
    await show(page, schema, { message: HOSTILE, requester: { name: HOSTILE, title: HOSTILE } });
    const text = await form(page).evaluate((el) => el.shadowRoot!.textContent ?? '');
    expect(text).toContain('<img src=x onerror=');
    expect(text).not.toMatch(/[\u001b\u202a-\u202e\u2066-\u2069]/);
    const elements = await form(page).evaluate((el) =>
      [...el.shadowRoot!.querySelectorAll('*')].map((node) => node.localName),
    );
    expect(elements).not.toContain('img');
    expect(elements).not.toContain('a');
    await expect(page.locator('a').count()).resolves.toBe(0);
    await form(page).getByRole('button', { name: 'Review answers' }).click();
    await expect(form(page).locator('a').count()).resolves.toBe(0);
    await expect(page.evaluate(() => window.pwned)).resolves.toBeUndefined();
    // A refused Review links to the fields, in the page only: every link is a fragment the host made.
    await form(page).getByRole('button', { name: 'Cancel' }).click();
    await show(page, { ...schema, required: ['a'] }, { message: HOSTILE, requester: { name: HOSTILE } });
    await form(page).getByRole('button', { name: 'Review answers' }).click();
    const hrefs = await form(page)
      .locator('a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs.length).toBe(1);
    for (const href of hrefs) expect(href).toMatch(/^#ek-form-\d+-f\d+$/);
  });

  it("[E-59] fetches core's pattern engine only when a schema with a pattern arrives, then checks the pattern", async () => {
    const engineServed = () => rig.served.filter((path) => path.includes('re2-engine'));
    const page = await rig.page();
    await show(page, ALL_KINDS);
    await form(page).getByRole('button', { name: 'Cancel' }).click();
    expect(engineServed()).toEqual([]);
    const schema = {
      type: 'object',
      properties: { code: { type: 'string', title: 'Code', pattern: '^[A-Z]{3}-\\d{3}$' } },
    };
    await page.evaluate((s) => window.harness.formWithPatterns(s as RequestedSchema), schema);
    expect(engineServed()).toHaveLength(1);
    await form(page).getByLabel('Code').fill('abc-123');
    await form(page).getByLabel('Code').press('Tab');
    await expect(form(page).locator('[part=error]').textContent()).resolves.toBe(
      'Error: This is not in the expected form.',
    );
    await form(page).getByLabel('Code').fill('ABC-123');
    await form(page).getByRole('button', { name: 'Review answers' }).click();
    await form(page).getByRole('button', { name: 'Submit' }).click();
    expect((await outcomes(page, 2))[1]).toEqual({ action: 'submit', content: { code: 'ABC-123' } });
  });

  it('a form without fields is a confirmation: Confirm, Decline, Cancel', async () => {
    const page = await rig.page();
    await show(page, { type: 'object', properties: {} }, { message: 'Delete booking 12?' });
    await form(page).getByRole('button', { name: 'Confirm' }).click();
    expect(await outcomes(page, 1)).toEqual([{ action: 'submit', content: {} }]);
  });
});

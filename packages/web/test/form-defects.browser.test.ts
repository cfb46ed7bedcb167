// @needs chromium
// Defects a browser corpus found in the web form and the URL consent card: each test failed before its fix.
import type { RequestedSchema } from '@elicitkit/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { outcomes, useRig } from './helpers/chromium.js';
import type {} from './helpers/harness-page.js';

const rig = useRig();

const show = (page: Page, schema: unknown) =>
  page.evaluate((s) => window.harness.form(s as RequestedSchema), schema);
const form = (page: Page) => page.locator('elicit-form');
const errorOf = (page: Page, label: string) =>
  form(page)
    .getByLabel(label)
    .evaluate((input) => {
      const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
      const root = input.getRootNode() as ShadowRoot;
      return ids.map((id) => root.getElementById(id)).find((el) => el?.classList.contains('error'))
        ?.textContent;
    });

/** What the accessibility tree says of each control's validity (`invalid`), by its accessible name. */
async function invalidStates(page: Page): Promise<Record<string, string>> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
    nodes: {
      name?: { value: string };
      role?: { value: string };
      properties?: { name: string; value: { value: unknown } }[];
    }[];
  };
  const states: Record<string, string> = {};
  for (const node of nodes) {
    const invalid = node.properties?.find((p) => p.name === 'invalid');
    if (node.name?.value && ['textbox', 'spinbutton'].includes(String(node.role?.value)))
      states[node.name.value] = String(invalid?.value.value ?? 'false');
  }
  await cdp.detach();
  return states;
}

describe('the web form, as a person uses it', () => {
  for (const [kind, format, typed, message] of [
    ['date', 'date', '05172030', 'Error: Enter a real date.'],
    ['date-time', 'date-time', '05172030', 'Error: Enter a real date and time.'],
  ] as const) {
    it(`a half-typed ${kind} is said when the person leaves it, and blocks Review instead of vanishing`, async () => {
      const page = await rig.page();
      await show(page, {
        type: 'object',
        properties: {
          when: { type: 'string', format, title: 'When' },
          note: { type: 'string', title: 'Note' },
        },
      });
      const when = form(page).getByLabel('When');
      await when.click();
      // The date typed, the time (for a date-time) or the year (for a date: only month and day) not.
      await page.keyboard.type(kind === 'date' ? typed.slice(0, 4) : typed);
      await form(page).getByLabel('Note').click();
      await expect(errorOf(page, 'When')).resolves.toBe(message);
      await form(page).getByRole('button', { name: 'Review answers' }).click();
      await expect(form(page).locator('[part=review]').isHidden()).resolves.toBe(true);
      await expect(form(page).locator('[part=error-summary] a').allTextContents()).resolves.toEqual([
        `When: ${message.replace('Error: ', '')}`,
      ]);
    });
  }

  it('while a person types an email or a bounded number, the field is not reported invalid before any message shows', async () => {
    const page = await rig.page();
    await show(page, {
      type: 'object',
      properties: {
        email: { type: 'string', format: 'email', title: 'Email' },
        count: { type: 'integer', title: 'Count', minimum: 1, maximum: 5 },
      },
    });
    const email = form(page).getByLabel('Email');
    const count = form(page).getByLabel('Count');
    await email.pressSequentially('ada@');
    expect(await invalidStates(page)).toMatchObject({ 'Email (optional)': 'false' });
    await count.pressSequentially('9'); // leaves Email: now its message shows, and its state with it
    expect(await invalidStates(page)).toMatchObject({
      'Email (optional)': 'true',
      'Count (optional)': 'false',
    });
    await expect(errorOf(page, 'Email')).resolves.toBe(
      'Error: Enter an email address, like name@example.com.',
    );
    await count.press('Tab');
    expect(await invalidStates(page)).toMatchObject({ 'Count (optional)': 'true' });
  });

  it('a click on a checkbox that leaves a field in error is not lost to the message appearing above it', async () => {
    const page = await rig.page({ width: 640, height: 900 });
    await page.evaluate((s) => window.harness.formWithPatterns(s as RequestedSchema), {
      type: 'object',
      properties: {
        code: { type: 'string', title: 'Code', pattern: '^[A-Z]{3}$' },
        extras: { type: 'array', title: 'Extras', items: { type: 'string', enum: ['Wifi', 'Parking'] } },
      },
    });
    await form(page).getByLabel('Code').fill('lower');
    await form(page).getByRole('checkbox', { name: 'Parking' }).click();
    await expect(errorOf(page, 'Code')).resolves.toBe('Error: This is not in the expected form.');
    await expect(form(page).getByRole('checkbox', { name: 'Parking' }).isChecked()).resolves.toBe(true);
  });

  it('an untouched optional multi-select with minItems is left out, and does not block Review', async () => {
    const page = await rig.page();
    await show(page, {
      type: 'object',
      properties: {
        extras: {
          type: 'array',
          title: 'Extras',
          minItems: 1,
          items: { type: 'string', enum: ['Wifi', 'Parking'] },
        },
      },
    });
    await form(page).getByRole('button', { name: 'Review answers' }).click();
    await expect(form(page).locator('[part=review]').isVisible()).resolves.toBe(true);
    await form(page).getByRole('button', { name: 'Submit' }).click();
    expect(await outcomes(page, 1)).toEqual([{ action: 'submit', content: {} }]);
  });
});

describe('URL consent on a small screen', () => {
  for (const inline of [false, true]) {
    it(`at 320×568 the card opens at its top, ${inline ? 'inline in the page' : 'in the modal dialog'}: the server and the site in view, focus on Decline`, async () => {
      const page = await rig.page({ width: 320, height: 568 });
      await page.evaluate(
        ([href, i]) => window.harness.url(href as string, { inline: i as boolean }),
        // A lookalike with credentials and a long path: warnings fill the bar, the address folds.
        [`https://accounts.google.com${'%2Fsecure'.repeat(40)}@xn--80ak6aa92e.com/`, inline] as const,
      );
      const card = page.locator('elicit-url-consent');
      const inView = (part: string) =>
        card
          .locator(part)
          .first()
          .evaluate((el) => {
            const r = el.getBoundingClientRect();
            return r.top >= 0 && r.bottom <= window.innerHeight;
          });
      await expect(inView('[part=server]')).resolves.toBe(true);
      await expect(inView('dl.facts dd')).resolves.toBe(true);
      await expect(
        card.evaluate((el) => (el.shadowRoot!.activeElement as HTMLElement | null)?.textContent),
      ).resolves.toBe('Decline');
    });
  }
});

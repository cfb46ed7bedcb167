// @needs chromium
// The demo's browser MCP host (/host/) end to end in real Chromium: the page built by `npm run build`
// (SDK client + @elicitkit/client + @elicitkit/web) against the demo server's own /mcp.
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoInChromium } from '../../support/demo-chromium.js';

const ARTIFACTS = fileURLToPath(new URL('../../../.tmp/web-ui/', import.meta.url));

const rig = demoInChromium('index.html');

type Era = '2025-11-25' | '2026-07-28';

/** The host page, speaking `era`, connected as `token`'s user. */
async function hostPage(token: string, era: Era): Promise<Page> {
  const context = await rig.context();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${rig.demo.webHost.href}?protocol=${era}`);
  await page.selectOption('#user', token);
  await page.getByRole('button', { name: 'Connect' }).click();
  await page.waitForSelector('[data-tool=book_table]');
  expect(errors).toEqual([]);
  return page;
}

const resultText = async (page: Page) => {
  await page.waitForFunction(() => {
    const text = document.getElementById('result')?.textContent ?? '';
    return !text.startsWith('Calling') && text !== 'No tool called yet.';
  });
  return page.locator('#result').textContent();
};

describe.each(['2025-11-25', '2026-07-28'] as const)('demo browser host (/host/), %s', (era) => {
  it('is served by the demo with a strict policy, and connects to /mcp as the chosen user', async () => {
    const response = await fetch(rig.demo.webHost);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    const page = await hostPage('demo-alice', era);
    await expect(page.locator('#status').textContent()).resolves.toMatch(
      new RegExp(`Connected to Bistro Elicit \\(protocol ${era}\\)`),
    );
    await expect(page.locator('[data-tool]').count()).resolves.toBeGreaterThanOrEqual(6);
  });

  it('[E-05] [E-13] book_table: the form shows in the page, the person answers, the tool reports the booking', async () => {
    const page = await hostPage('demo-alice', era);
    await page.locator('[data-tool=book_table]').click();
    const form = page.locator('elicit-form');
    await form.waitFor();
    await expect(form.locator('[part=header]').textContent()).resolves.toContain('Bistro Elicit');
    await form.getByLabel('Name for the booking').fill('Ada Lovelace');
    // What the form says beside a field agrees with the field: no ISO example beside the browser's date picker (which
    // shows the person's own format), and a multi-select's count said once, by the hint.
    await expect(form.getByText(/\d{4}-\d{2}-\d{2}/).count()).resolves.toBe(0);
    await expect(form.getByText(/at most 2 choices/i).count()).resolves.toBe(1);
    await expect(form.getByText(/up to two/i).count()).resolves.toBe(0);
    await form.locator('input[name=day]').fill('2030-05-17');
    await form.getByRole('radio', { name: 'Terrace' }).check();
    await page.screenshot({ path: `${ARTIFACTS}demo-book-table-${era}.png`, fullPage: true });
    await form.getByRole('button', { name: 'Review answers' }).click();
    await form.getByRole('button', { name: 'Submit' }).click();
    const text = await resultText(page);
    expect(text).toMatch(/Ada Lovelace/);
    expect(text).toMatch(/2030-05-17/);
  });

  it('announces the result: the result region is live from the start, and the result lands there', async () => {
    const page = await hostPage('demo-alice', era);
    const result = page.locator('#result');
    await expect(result.getAttribute('role')).resolves.toBe('status');
    await expect(result.isVisible()).resolves.toBe(true);
    await page.locator('[data-tool=book_table]').click();
    await page.locator('elicit-form').getByRole('button', { name: 'Decline' }).click();
    expect(await resultText(page)).toMatch(/declin/i);
  });

  it('the fourth quick book_table still shows its form: calls the person makes are not refused as spam', async () => {
    const page = await hostPage('demo-bob', era);
    for (let call = 1; call <= 4; call++) {
      await page.locator('[data-tool=book_table]').click();
      // Either the form shows, or the call ends without one (a limiter answering the person's own call).
      await page.waitForFunction(
        () =>
          document.querySelector('elicit-form') ||
          !document.getElementById('result')?.textContent?.startsWith('Calling'),
      );
      const form = page.locator('elicit-form');
      expect(await form.count(), `call ${call}: ${await page.locator('#result').textContent()}`).toBe(1);
      await form.getByRole('button', { name: 'Decline' }).click();
      expect(await resultText(page), `call ${call}`).toMatch(/declin/i);
    }
  });

  it('[E-04] book_table declined: the tool hears "decline"', async () => {
    const page = await hostPage('demo-bob', era);
    await page.locator('[data-tool=book_table]').click();
    await page.locator('elicit-form').getByRole('button', { name: 'Decline' }).click();
    expect(await resultText(page)).toMatch(/declin/i);
  });

  it('[E-23] [E-51] [E-53] use_api: consent, the page opens in a new tab, sign in, enter the key, the host retries', async () => {
    // One demo serves both eras' runs: each era's run uses its own user, so neither finds the other's key stored.
    const user = era === '2025-11-25' ? 'alice' : 'bob';
    const page = await hostPage(`demo-${user}`, era);
    await page.locator('[data-tool=use_api]').click();
    const card = page.locator('elicit-url-consent');
    await card.waitFor();
    const shown = await card.locator('[part=url]').textContent();
    expect(shown).toMatch(new RegExp(`^${rig.demo.base.href.replace(/[.]/g, '\\.')}`));
    await page.screenshot({ path: `${ARTIFACTS}demo-use-api-consent-${era}.png`, fullPage: true });
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      card.getByRole('button', { name: 'Open in a new tab' }).click(),
    ]);
    await page.locator('elicit-url-wait').waitFor();
    await tab.waitForLoadState();
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    // Not signed in yet in this browser: the demo's login, then back to the key page.
    await tab.waitForURL((url) => url.pathname === '/login');
    await tab.fill('#username', user);
    await tab.fill('#password', `${user}-pass`);
    await tab.getByRole('button', { name: 'Sign in' }).click();
    await tab.locator('#value').fill('sk-demo-12345678');
    await tab.getByRole('button', { name: 'Save' }).click();
    // The completion notice ends the wait; the host retries the call by itself.
    expect(await resultText(page)).toBe('The Example API accepted your key: call succeeded.');
    await expect(page.locator('elicit-url-wait').count()).resolves.toBe(0);
  });
});

describe('demo browser host (/host/), 2026-07-28 with the Tasks extension', () => {
  it('[T-24] [T-25] export_report runs as a task: its status shows, the question survives a reload, answered it finishes', async () => {
    const page = await hostPage('demo-alice', '2026-07-28');
    await page.locator('[data-tool=export_report]').click();
    const form = page.locator('elicit-form');
    await form.waitFor();
    await expect(page.locator('#task').textContent()).resolves.toMatch(
      /^Task \S+ waiting for your answer: Collected 128 bookings; waiting for your go-ahead/,
    );
    // Only the task id is kept for the tab; no answer is ever stored.
    const kept = await page.evaluate(() => ({ ...sessionStorage }));
    expect(Object.keys(kept)).toEqual(['elicitkit-demo-task']);

    await page.reload();
    await page.selectOption('#user', 'demo-alice');
    await page.getByRole('button', { name: 'Connect' }).click();
    const again = page.locator('elicit-form');
    await again.waitFor();
    await again
      .getByRole('radiogroup', { name: 'Send the report' })
      .getByRole('radio', { name: 'Yes' })
      .check();
    await again.getByRole('button', { name: 'Review answers' }).click();
    await again.getByRole('button', { name: 'Submit' }).click();
    await page.waitForFunction(() => document.getElementById('result')?.textContent?.startsWith('Report'));
    await expect(page.locator('#result').textContent()).resolves.toBe(
      'Report for this month sent to finance: 128 bookings.',
    );
    await expect(page.evaluate(() => sessionStorage.length)).resolves.toBe(0);
  });
});

import { readFileSync } from 'node:fs';
import { listen } from '@elicitkit/server/http';
import { Hono } from 'hono';
import { chromium, type Locator, type Page } from 'playwright-core';
import { webHostRoutes } from '../../examples/demo/src/web-host/routes.js';
import type { ManualClock } from '../../packages/server/test/helpers/manual-clock.js';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../support/chromium.js';
import type { HostUnderTest } from './host.js';
import { checkOfMessage } from './person.js';

/**
 * The demo's browser MCP host (`examples/demo/web-host`: the SDK client, `@elicitkit/client` and `@elicitkit/web`) in
 * real Chromium, its person clicking and typing what each instruction says. The page talks to `/mcp` of its own origin,
 * so it is served here beside a pass-through to the doctor; the doctor's link opens in a new tab, as for a person.
 */

const WEB_VERSION = (
  JSON.parse(readFileSync(new URL('../../packages/web/package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;
const READING_MS = 10_000;

/** What the person does with each form, by check: fill in, then review and submit (or decline, or cancel). */
async function answerForm(form: Locator, id: string): Promise<void> {
  const submit = async () => {
    await form.getByRole('button', { name: 'Review answers' }).click();
    await form.getByRole('button', { name: 'Submit' }).click();
  };
  switch (id) {
    case 'form-fields':
      await form.getByLabel('Word').fill('hello');
      await form.getByLabel('Count').fill('42');
      await form.getByLabel('Ratio').fill('2.5');
      await form.getByRole('radio', { name: 'Yes' }).check();
      await form.getByLabel('Email').fill('person@example.com');
      await form.getByLabel('Day').fill('2026-12-07');
      return submit();
    case 'enum-titled':
      await form.getByRole('radio', { name: 'Double room' }).check();
      return submit();
    case 'enum-untitled':
      await form.getByRole('radio', { name: 'beta' }).check();
      return submit();
    case 'enum-legacy':
      await form.getByRole('radio', { name: 'Second' }).check();
      return submit();
    case 'multi-select':
      await form.getByRole('checkbox', { name: 'Apples' }).check();
      await form.getByRole('checkbox', { name: 'Cherries' }).check();
      return submit();
    case 'decline':
      return form.getByRole('button', { name: 'Decline' }).click();
    case 'cancel':
      return form.getByRole('button', { name: 'Cancel' }).click();
    case 'round-a':
      await form.getByLabel('Word').fill('one');
      return submit();
    case 'round-b':
      await form.getByLabel('Word').fill('two');
      return submit();
    case 'long-wait':
      await form.getByRole('radio', { name: 'Yes' }).check();
      return submit();
    default: // form-defaults: change nothing
      return submit();
  }
}

/** Waits until the prompt showing `message` is gone: none shows, or the next one does. */
async function answeredAway(prompts: Locator, message: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if ((await prompts.count()) === 0) return;
    const shown = await prompts
      .first()
      .locator('[part=message]')
      .first()
      .textContent({ timeout: 1000 })
      .catch(() => null);
    if (shown !== message) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the prompt stayed after it was answered: ${message.slice(0, 80)}`);
}

/** Answers prompts as they come, each once, until `done` settles (the call's result is in). */
export async function followInstructions(
  page: Page,
  clock: ManualClock,
  done: Promise<unknown>,
): Promise<void> {
  const prompts = page.locator('elicit-form, elicit-url-consent');
  const finished = done.then(
    () => 'done' as const,
    () => 'done' as const,
  );
  for (let answered = 0; ; answered++) {
    const shown = prompts
      .first()
      .waitFor({ timeout: 20_000 })
      .then(() => 'prompt' as const);
    const next = await Promise.race([shown, finished]);
    if (next === 'done') return;
    const prompt = prompts.first();
    const message = (await prompt.locator('[part=message]').first().textContent()) ?? '';
    clock.advance(checkOfMessage(message)?.waitMs ?? READING_MS);
    if ((await prompt.evaluate((element) => element.localName)) === 'elicit-url-consent') {
      const [tab] = await Promise.all([
        page.context().waitForEvent('page'),
        prompt.getByRole('button', { name: 'Open in a new tab' }).click(),
      ]);
      await tab.waitForLoadState();
      await tab.close();
    } else {
      const check = checkOfMessage(message);
      if (!check) throw new Error(`not a checkup form: ${message.slice(0, 120)}`);
      await answerForm(prompt, check.id);
    }
    await answeredAway(prompts, message);
    if (answered > 20) throw new Error('more prompts than the checkup asks');
  }
}

/** The demo's web host on `era`, in Chromium, calling the whole checkup and following each instruction. */
export function webHostInChromium(era: '2025-11-25' | '2026-07-28'): HostUnderTest {
  return {
    name: `elicitkit web host (Chromium), ${era}`,
    version: `@elicitkit/web ${WEB_VERSION}`,
    async run(doctor, clock, latest) {
      const app = new Hono();
      app.route('/', webHostRoutes());
      // The page's /mcp is the doctor's endpoint, passed through as it is (streams included).
      app.all('/mcp', (c) =>
        fetch(
          new Request(doctor, {
            method: c.req.method,
            headers: c.req.raw.headers,
            body: c.req.raw.body,
            duplex: 'half',
          } as RequestInit),
        ),
      );
      const served = await listen(app.fetch);
      const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS });
      try {
        const page = await (await browser.newContext()).newPage();
        await page.goto(new URL(`/host/?protocol=${era}`, served.url).href);
        await page.getByRole('button', { name: 'Connect' }).click();
        await page.locator('[data-tool=elicitation_checkup]').click();
        const result = page.waitForFunction(
          () => /Elicitation checkup of/.test(document.getElementById('result')?.textContent ?? ''),
          undefined,
          { timeout: 120_000 },
        );
        await followInstructions(page, clock, result);
        const report = latest();
        if (!report?.complete)
          throw new Error(`no finished report: ${await page.locator('#result').textContent()}`);
        return report;
      } finally {
        await browser.close();
        await served.close();
      }
    },
  };
}

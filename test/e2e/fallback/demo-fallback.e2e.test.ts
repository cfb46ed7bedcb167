// @needs chromium
// Issue 37's contract on the demo as a user starts it (`npm run demo:server -- --port 0 --data <dir>`): a host that
// declares no elicitation gets a link for book_table, the person answers in the browser, and the call made again books.
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoProcess, startDemoServer } from '../../../packages/terminal/test/helpers/demo.js';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../../support/chromium.js';

let scratch: string;
let demo: DemoProcess;
let browser: Browser;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'elicitkit-fallback-'));
  demo = await startDemoServer(join(scratch, 'data'));
  browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS });
});
afterAll(async () => {
  await browser?.close();
  await demo?.stop();
  await rm(scratch, { recursive: true, force: true });
});

/** A v1 SDK 1.32 host that declares no elicitation capability, signed in as `token`'s user. */
async function hostWithoutForms(token: string): Promise<Client> {
  const client = new Client({ name: 'plain-host', version: '1.0.0' }, { capabilities: {} });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(demo.url), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

const textOf = (result: unknown) =>
  ((result as { content: { type: string; text?: string }[] }).content[0]?.text ?? '') as string;

async function signedInAt(link: string, user: string): Promise<Page> {
  // CSP bypassed only so that axe-core can be added to the page (the page itself runs no script).
  const page = await (await browser.newContext({ bypassCSP: true })).newPage();
  await page.goto(link);
  await page.waitForURL((url) => url.pathname === '/login');
  await page.fill('#username', user);
  await page.fill('#password', `${user}-pass`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/elicit/'));
  return page;
}

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** The refused form, as people see it: no axe violations, no sideways scroll at 320 px; screenshots to look at. */
async function lookedAt(page: Page): Promise<void> {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(d: Document): Promise<{ violations: { id: string }[] }> } }
    ).axe;
    return (await axe.run(document)).violations.map((v) => v.id);
  });
  expect(violations).toEqual([]);
  await page.setViewportSize({ width: 1200, height: 900 });
  await page.screenshot({ path: '.tmp/screenshots/fallback-form-1200.png', fullPage: true });
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.screenshot({ path: '.tmp/screenshots/fallback-form-320.png', fullPage: true });
}

describe('a host that cannot show forms (issue 37)', () => {
  it('[contract] book_table answers with a link; alice answers in Chromium; the call made again books what she entered', async () => {
    const client = await hostWithoutForms('demo-alice');
    try {
      const first = await client.callTool({ name: 'book_table', arguments: {} });
      expect(first.isError).not.toBe(true);
      const link = /http:\/\/127\.0\.0\.1:\d+\/\S+/.exec(textOf(first))?.[0];
      expect(link).toBeDefined();
      expect(new URL(link!).origin).toBe(demo.base.origin);

      // Bob, signed in, opening alice's link sees no form.
      const bob = await signedInAt(link!, 'bob');
      expect(await bob.locator('form input[name="name"]').count()).toBe(0);
      expect(await bob.textContent('body')).toContain('Not your request');

      const page = await signedInAt(link!, 'alice');
      await page.getByLabel('Name for the booking', { exact: true }).fill('A'); // too short: refused, kept, said why
      await page.getByLabel('Day', { exact: true }).fill('2027-03-14');
      await page.getByRole('radio', { name: 'Terrace' }).check();
      await page.getByRole('button', { name: 'Send answer' }).click();
      await expect.poll(() => page.locator('.error-summary').count()).toBe(1);
      expect(await page.getByLabel('Day', { exact: true }).inputValue()).toBe('2027-03-14');
      await lookedAt(page);
      await page.getByLabel('Name for the booking', { exact: true }).fill('Ada Lovelace');
      await page.getByRole('textbox', { name: /^Party size/ }).fill('4');
      await page.getByRole('button', { name: 'Send answer' }).click();
      await page.getByRole('heading', { name: 'Answer saved' }).waitFor();

      const again = await client.callTool({ name: 'book_table', arguments: {} });
      expect(again.isError).not.toBe(true);
      expect(textOf(again)).toMatch(/Booked .*Ada Lovelace/);
      expect(textOf(again)).toContain('4');

      // Used once: the next call starts over with a new link.
      const third = await client.callTool({ name: 'book_table', arguments: {} });
      expect(textOf(third)).toMatch(/http:\/\/127\.0\.0\.1:\d+\/elicit\//);
      expect(textOf(third)).not.toContain(link!);
    } finally {
      await client.close();
    }
  });
});

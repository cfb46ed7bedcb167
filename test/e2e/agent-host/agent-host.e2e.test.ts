// @needs chromium
// Issue 27 in the demo: the agent host (/agent/). The MCP client runs in the demo's server, acting for the signed-in
// person; its questions reach that person's pages through the relay, shown with @elicitkit/web, in real Chromium.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { demoInChromium } from '../../support/demo-chromium.js';

const rig = demoInChromium('agent.html');

/** A browser of `user`'s, signed in through the demo's login, on the agent host page. */
async function signedIn(user: string): Promise<BrowserContext> {
  const context = await rig.context();
  const page = await context.newPage();
  await page.goto(rig.demo.agentHost.href);
  await page.waitForURL((url) => url.pathname === '/login');
  await page.fill('#username', user);
  await page.fill('#password', `${user}-pass`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/agent/');
  await page.close();
  return context;
}

async function agentPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(rig.demo.agentHost.href);
  await page.waitForSelector('body[data-ready=true]');
  expect(errors).toEqual([]);
  return page;
}

/** The outcome of `tool`'s call, once it shows in the page. */
async function agentOutcome(page: Page, tool: string): Promise<string | null> {
  const item = page.locator(`#outcomes li[data-tool=${tool}]`);
  await item.waitFor();
  return item.textContent();
}

describe('the demo agent host (/agent/)', () => {
  it("a call's question reaches both of alice's tabs; one answers, the other closes it; the outcome shows; bob sees nothing", async () => {
    const alice = await signedIn('alice');
    const [tab1, tab2] = [await agentPage(alice), await agentPage(alice)];
    const bob = await agentPage(await signedIn('bob'));
    await tab1.getByRole('button', { name: 'Call pick_color' }).click();
    const form1 = tab1.locator('elicit-form');
    const form2 = tab2.locator('elicit-form');
    await form1.getByText('Which napkins for your table?').waitFor();
    await form2.getByText('Which napkins for your table?').waitFor();
    await form1.getByRole('radio', { name: 'Royal blue' }).check();
    await form1.getByRole('button', { name: 'Review answers' }).click();
    await form1.getByRole('button', { name: 'Submit' }).click();
    await expect(agentOutcome(tab1, 'pick_color')).resolves.toBe('pick_color: Napkins: #4169e1.');
    // Every tab of hers shows it.
    await expect(agentOutcome(tab2, 'pick_color')).resolves.toBe('pick_color: Napkins: #4169e1.');
    await form2.waitFor({ state: 'detached' });
    await expect(bob.locator('elicit-form').count()).resolves.toBe(0);
  });

  it('[T-24] export_report runs as a task on the server: its question survives a reload of the page, and answered it finishes', async () => {
    const page = await agentPage(await signedIn('alice'));
    await page.getByRole('button', { name: 'Call export_report' }).click();
    await page.locator('elicit-form').getByText('Send it to finance?').waitFor();
    await page.reload();
    await page.waitForSelector('body[data-ready=true]');
    const form = page.locator('elicit-form');
    await form
      .getByRole('radiogroup', { name: 'Send the report' })
      .getByRole('radio', { name: 'Yes' })
      .check();
    await form.getByRole('button', { name: 'Review answers' }).click();
    await form.getByRole('button', { name: 'Submit' }).click();
    // The call was made before the reload, by the server: its outcome reaches the page the next time it lists them.
    await expect(agentOutcome(page, 'export_report')).resolves.toMatch(
      /^export_report: Report for this month sent to finance: \d+ bookings\.$/,
    );
  });

  it('bounds the calls one person has running on the server: the ninth is refused while eight wait', async () => {
    const page = await agentPage(await signedIn('bob'));
    const statuses = await page.evaluate(async () => {
      const start = () =>
        fetch('/agent/call', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ tool: 'pick_color' }),
        }).then((response) => response.status);
      const first = [];
      for (let i = 0; i < 8; i++) first.push(await start());
      return [...first, await start()];
    });
    expect(statuses).toEqual([202, 202, 202, 202, 202, 202, 202, 202, 429]);
  });

  it('answer by link: a fresh browser signs in and answers just that question, once; bob gets nothing from the link', async () => {
    const alice = await agentPage(await signedIn('alice'));
    const linked = rig.nextAnswerLink('alice');
    await alice.getByRole('button', { name: 'Call pick_color' }).click();
    const link = await linked;
    expect(link.pathname).toBe('/agent/');

    // Bob opens the link (forwarded to him): he signs in, and alice's question is not there for him to answer.
    const bob = await (await rig.context()).newPage();
    await bob.goto(link.href);
    await bob.waitForURL((url) => url.pathname === '/login');
    await bob.fill('#username', 'bob');
    await bob.fill('#password', 'bob-pass');
    await bob.getByRole('button', { name: 'Sign in' }).click();
    await bob.waitForSelector('body[data-ready=true]');
    expect(new URL(bob.url()).search).toBe(link.search);
    const question = link.searchParams.get('question')!;
    const bobTries = await bob.evaluate(async (id) => {
      const { questions } = (await (await fetch('/elicitkit/questions')).json()) as {
        questions: { id: string }[];
      };
      const answer = await fetch(`/elicitkit/questions/${id}/answer`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'decline' }),
      });
      return { listed: questions.some((q) => q.id === id), status: answer.status };
    }, question);
    expect(bobTries).toEqual({ listed: false, status: 404 });
    // The page of a link shows that question only: nothing of bob's own either.
    await expect(bob.locator('elicit-form').count()).resolves.toBe(0);

    // Bob is told the question is not there, exactly as for a link that names none.
    await bob.getByText('This question was not found.', { exact: false }).waitFor();

    // A fresh browser of alice's: the link leads through the sign-in back to the page of that one question.
    const page = await (await rig.context()).newPage();
    await page.goto(link.href);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.fill('#username', 'alice');
    await page.fill('#password', 'alice-pass');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/agent/' && url.search === link.search);
    await expect(page.getByText('You came here from an answer link').isVisible()).resolves.toBe(true);
    const form = page.locator('elicit-form');
    await form.getByText('Which napkins for your table?').waitFor();
    // Forest green: an outcome no other test of this file makes.
    await form.getByRole('radio', { name: 'Forest green' }).check();
    await form.getByRole('button', { name: 'Review answers' }).click();
    await form.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('pick_color: Napkins: #228b22.').waitFor();
    // The link's page now says what happened to its question.
    await page.getByText('You have answered this question already.', { exact: false }).waitFor();
    // Her own page closes it too, and the link cannot answer twice.
    await alice.locator('elicit-form').waitFor({ state: 'detached' });
    const again = await page.evaluate(async (id) => {
      const response = await fetch(`/elicitkit/questions/${id}/answer`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'decline' }),
      });
      return response.status;
    }, question);
    expect(again).toBe(409);
  });

  it('a page a person trusts: who is signed in, sign-out, and the outcome of what they answered in view', async () => {
    const context = await signedIn('alice');
    const page = await agentPage(context);
    await page.setViewportSize({ width: 1200, height: 850 });
    await expect(page.locator('#signed-in').textContent()).resolves.toBe('Signed in as alice');
    await page.getByRole('button', { name: 'Call pick_color' }).click();
    const form = page.locator('elicit-form');
    await form.getByRole('radio', { name: 'Firebrick red' }).check();
    await form.getByRole('button', { name: 'Review answers' }).click();
    await form.getByRole('button', { name: 'Submit' }).click();
    const outcome = page.locator('#outcomes li', { hasText: 'pick_color: Napkins: #b22222.' });
    await outcome.waitFor();
    // Newest first: what she just answered is the top of the list, whatever her earlier calls left.
    await expect(page.locator('#outcomes li').first().textContent()).resolves.toBe(
      'pick_color: Napkins: #b22222.',
    );
    // In view where the person is, without scrolling (it used to land below the fold at 1200×850).
    const box = (await outcome.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(850);
    await page.screenshot({ path: '.tmp/screenshots/agent-page-1200.png' });
    await page.setViewportSize({ width: 320, height: 568 });
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(wide).toBeLessThanOrEqual(320);
    await page.screenshot({ path: '.tmp/screenshots/agent-page-320.png', fullPage: true });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    // Signed out: the page sends her to the sign-in again.
    await page.goto(rig.demo.agentHost.href);
    await page.waitForURL((url) => url.pathname === '/login');
  });
});

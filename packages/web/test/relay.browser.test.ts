// @needs chromium
import { createRelay } from '@elicitkit/client/relay';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerQuestion, book, bookingAgent, relayPage } from '../../../test/support/relay.js';
import { relayInChromium, userCookie } from '../../../test/support/relay-chromium.js';

/**
 * Issue 27 in a real browser: an agent's MCP client on the server asks through the relay; the person's pages (Chromium,
 * signed in by cookie) listen with `connectRelay` and show the question with `webUI()`; one tab answers, the other
 * takes it down, and the tool gets exactly that one answer.
 */

const rig = relayInChromium();
const relay = createRelay({ authenticate: userCookie });
let origin: string;
beforeAll(() => {
  rig.mount(relay, '/elicitkit');
  origin = rig.origin;
});

/** A tab of `user`'s with the page loaded and listening. */
const tabOf = (user: string, question?: string) => rig.tabOf(user, question ? { question } : {});

describe('the relay in Chromium', () => {
  it('[E-05] two tabs of alice show the question; one answers, the other takes it down; bob sees nothing', async () => {
    const [tab1, tab2, bob] = [await tabOf('alice'), await tabOf('alice'), await tabOf('bob')];
    const agent = await bookingAgent(relay, 'alice');
    const outcome = book(agent);
    const form1 = tab1.locator('elicit-form');
    const form2 = tab2.locator('elicit-form');
    await form1.getByLabel('Name').waitFor();
    await form2.getByLabel('Name').waitFor();
    await form1.getByText('Who is the booking for?').waitFor();
    await form1.getByLabel('Name').fill('Ada');
    await form1.getByRole('button', { name: 'Review answers' }).click();
    await form1.getByRole('button', { name: 'Submit' }).click();
    expect(await outcome).toEqual({ action: 'accept', data: { name: 'Ada' } });
    await form2.waitFor({ state: 'detached' });
    await form1.waitFor({ state: 'detached' });
    await expect(bob.locator('elicit-form').count()).resolves.toBe(0);
    await agent.close();
  });

  it('a reload mid-question shows it again; declining reaches the tool as a decline', async () => {
    const tab = await tabOf('alice');
    const agent = await bookingAgent(relay, 'alice');
    const outcome = book(agent);
    await tab.locator('elicit-form').getByLabel('Name').waitFor();
    await tab.reload();
    await tab.waitForFunction(() => 'relayReady' in window);
    const form = tab.locator('elicit-form');
    await form.getByText('Who is the booking for?').waitFor();
    await form.getByRole('button', { name: 'Decline' }).click();
    expect(await outcome).toEqual({ action: 'decline' });
    await agent.close();
  });

  it('answer by link: a page for one question shows only that one, and answers it', async () => {
    const byCookie = (user: string) => ({ cookie: `user=${user}` });
    const linkRelayPage = relayPage(relay, 'alice', origin, byCookie);
    const [first, second] = [await bookingAgent(relay, 'alice'), await bookingAgent(relay, 'alice')];
    const firstCall = book(first);
    const { id: firstId } = (await linkRelayPage.next('asked')) as { id: string };
    const secondCall = book(second);
    const { id } = (await linkRelayPage.next('asked', (q: { id: string }) => q.id !== firstId)) as {
      id: string;
    };
    const tab = await tabOf('alice', id);
    const form = tab.locator('elicit-form');
    await form.getByLabel('Name').fill('Grace');
    await form.getByRole('button', { name: 'Review answers' }).click();
    await form.getByRole('button', { name: 'Submit' }).click();
    expect(await secondCall).toEqual({ action: 'accept', data: { name: 'Grace' } });
    await form.waitFor({ state: 'detached' });
    // The other question never showed on this page, and is still waiting for alice.
    await expect(tab.locator('elicit-form').count()).resolves.toBe(0);
    await answerQuestion(relay, 'alice', firstId, { action: 'decline' }, origin, {}, byCookie);
    expect(await firstCall).toEqual({ action: 'decline' });
    await linkRelayPage.close();
    await first.close();
    await second.close();
  });

  it("<elicit-questions> shows the person's questions in place, and answers them", async () => {
    const tab = await rig.tabOf('alice', { element: true });
    const agent = await bookingAgent(relay, 'alice');
    const outcome = book(agent);
    const form = tab.locator('elicit-questions elicit-form');
    await form.getByText('Who is the booking for?').waitFor();
    // In place: inside the element, no modal dialog.
    await expect(tab.locator('dialog').count()).resolves.toBe(0);
    await form.getByLabel('Name').fill('Ada');
    await form.getByRole('button', { name: 'Review answers' }).click();
    await form.getByRole('button', { name: 'Submit' }).click();
    expect(await outcome).toEqual({ action: 'accept', data: { name: 'Ada' } });
    await agent.close();
  });
});

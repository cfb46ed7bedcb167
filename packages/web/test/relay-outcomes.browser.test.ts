// @needs chromium
import { createRelay } from '@elicitkit/client/relay';
import { describe, expect, it } from 'vitest';
import { book, bookingAgent, relayPage } from '../../../test/support/relay.js';
import { relayInChromium, userCookie } from '../../../test/support/relay-chromium.js';

/**
 * Issue 41 in a real browser: what a person is told when the relay does not take their answer (every refusal in
 * words, what they typed kept), and what an answer link says when its question is not open any more.
 */

const rig = relayInChromium();
/** A relay of its own at `/<name>/elicitkit`, mounted on the rig; `now` its clock. */
function relayAt(name: string, options: Partial<Parameters<typeof createRelay>[0]> = {}) {
  const basePath = `/${name}/elicitkit`;
  const relay = createRelay({ authenticate: userCookie, basePath, ...options });
  rig.mount(relay, basePath);
  return { relay, basePath };
}

/** The id of the next question `user` is asked on `relay` (read from the relay's own event stream). */
async function nextQuestionId(relay: ReturnType<typeof createRelay>, basePath: string, user: string) {
  const page = relayPage(relay, user, `${rig.origin}${basePath.replace(/\/elicitkit$/, '')}`, (who) => ({
    cookie: `user=${who}`,
  }));
  const { id } = (await page.next('asked')) as { id: string };
  await page.close();
  return id;
}

describe('refusals, in words', () => {
  it('[E-59] an answer too large to take comes back with what was typed and why; a shorter one is taken', async () => {
    const { relay, basePath } = relayAt('small', { limits: { maxAnswerBytes: 1024 } });
    const tab = await rig.tabOf('alice', { basePath });
    const agent = await bookingAgent(relay, 'alice');
    const outcome = book(agent);
    const form = tab.locator('elicit-form');
    const long = 'Ada '.repeat(300);
    await form.getByLabel('Name').fill(long);
    await form.getByRole('button', { name: 'Review answers' }).click();
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.getByText('Your answers are too long to send. Shorten them, then send them again.').waitFor();
    await expect(form.getByText('Your last answers were not accepted').count()).resolves.toBe(1);
    await expect(form.getByLabel('Name').inputValue()).resolves.toBe(long);
    await tab.setViewportSize({ width: 320, height: 568 });
    await tab.screenshot({ path: '.tmp/screenshots/relay-refused-320.png' });
    await form.getByLabel('Name').fill('Ada');
    await form.getByRole('button', { name: 'Review answers' }).click();
    await form.getByRole('button', { name: 'Submit' }).click();
    expect(await outcome).toEqual({ action: 'accept', data: { name: 'Ada' } });
    await agent.close();
  });

  it('over the rate: the second answer in the minute is kept and told to wait', async () => {
    const { relay, basePath } = relayAt('rate', { limits: { maxAnswersPerMinute: 1 } });
    const tab = await rig.tabOf('alice', { basePath });
    const [first, second] = [await bookingAgent(relay, 'alice'), await bookingAgent(relay, 'alice')];
    const firstCall = book(first);
    const form = tab.locator('elicit-form');
    await form.getByRole('button', { name: 'Decline' }).click();
    expect(await firstCall).toEqual({ action: 'decline' });
    const secondCall = book(second).catch(() => 'closed');
    await form.getByLabel('Name').fill('Grace');
    await form.getByRole('button', { name: 'Review answers' }).click();
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.getByText('Too many answers were sent in the last minute.', { exact: false }).waitFor();
    await expect(form.getByLabel('Name').inputValue()).resolves.toBe('Grace');
    await Promise.all([first.close(), second.close()]);
    await secondCall;
  });
});

describe('answer links say what happened', () => {
  const noteOf = (tab: Awaited<ReturnType<typeof rig.tabOf>>) =>
    tab.locator('elicit-questions .elicit-linked');

  it('answered already (by you), with a way back to the open questions', async () => {
    const { relay, basePath } = relayAt('answered');
    const agent = await bookingAgent(relay, 'alice');
    const outcome = book(agent);
    const id = await nextQuestionId(relay, basePath, 'alice');
    const tab = await rig.tabOf('alice', { basePath, question: id, element: true });
    const form = tab.locator('elicit-form');
    await form.getByRole('button', { name: 'Decline' }).click();
    expect(await outcome).toEqual({ action: 'decline' });
    await noteOf(tab).getByText('You have answered this question already.', { exact: false }).waitFor();
    // A second visit of the same link says the same, and offers the person's open questions.
    const again = await rig.tabOf('alice', { basePath, question: id, element: true });
    await noteOf(again).getByText('You have answered this question already.', { exact: false }).waitFor();
    const back = noteOf(again).getByRole('link', { name: 'See your open questions' });
    expect(new URL((await back.getAttribute('href'))!, rig.origin).searchParams.has('question')).toBe(false);
    await agent.close();
  });

  it("someone else's question and one that never existed read the same: not found", async () => {
    const { relay, basePath } = relayAt('others');
    const agent = await bookingAgent(relay, 'alice');
    const outcome = book(agent, { signal: AbortSignal.timeout(60_000) });
    const id = await nextQuestionId(relay, basePath, 'alice');
    const bob = await rig.tabOf('bob', { basePath, question: id, element: true });
    const nobody = await rig.tabOf('alice', { basePath, question: 'no-such-question', element: true });
    const words = 'This question was not found. The link may be wrong, or it may be for someone else.';
    await noteOf(bob).getByText(words).waitFor();
    await noteOf(nobody).getByText(words).waitFor();
    await expect(bob.locator('elicit-form').count()).resolves.toBe(0);
    await agent.close();
    await outcome.catch(() => {});
  });

  it('expired before it was answered (the relay clock moved past its time)', async () => {
    let offset = 0;
    const { relay, basePath } = relayAt('expired', {
      now: () => Date.now() + offset,
      limits: { questionTtlMs: 60_000 },
    });
    const agent = await bookingAgent(relay, 'alice');
    const outcome = book(agent, { signal: AbortSignal.timeout(60_000) });
    const id = await nextQuestionId(relay, basePath, 'alice');
    offset = 61_000;
    const tab = await rig.tabOf('alice', { basePath, question: id, element: true });
    await noteOf(tab).getByText('This question expired before it was answered.').waitFor();
    await agent.close();
    await outcome.catch(() => {});
  });

  it('withdrawn: the call that asked it ended first', async () => {
    const { relay, basePath } = relayAt('withdrawn');
    const agent = await bookingAgent(relay, 'alice');
    const stop = new AbortController();
    const outcome = book(agent, { signal: stop.signal }).catch(() => 'ended');
    const id = await nextQuestionId(relay, basePath, 'alice');
    const tab = await rig.tabOf('alice', { basePath, question: id, element: true });
    await tab.locator('elicit-form').getByLabel('Name').waitFor();
    stop.abort();
    await expect(outcome).resolves.toBe('ended');
    await noteOf(tab).getByText('This question was withdrawn', { exact: false }).waitFor();
    await expect(tab.locator('elicit-form').count()).resolves.toBe(0);
    await agent.close();
  });
});

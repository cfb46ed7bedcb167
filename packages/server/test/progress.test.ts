import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PROGRESS_INTERVAL_MS, elicitForm, text } from '../src/index.js';
import { ManualClock } from './helpers/manual-clock.js';
import { type PeerHarness, peerHarness, SERVER_KINDS } from './helpers/peers.js';

/**
 * Progress while waiting for a person (issue 20): a call that carries a `progressToken` gets a progress notification
 * every interval while its form is open, and none after, so a host that resets its timeout on progress
 * (`resetTimeoutOnProgress`) keeps the call. Time is a manual clock: nothing here waits on a real timer.
 */

let harness: PeerHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const SERVERS = SERVER_KINDS.filter((kind) => kind !== 'v1.17 McpServer');

async function waitingForm(server: (typeof SERVERS)[number], clock: ManualClock) {
  let answer: (value: unknown) => void = () => {};
  let onAsked: () => void = () => {};
  const asked = new Promise<void>((resolve) => {
    onAsked = resolve;
  });
  harness = await peerHarness({
    server,
    client: 'sdk 1.32',
    elicitation: { clock },
    tools: {
      wait: (ctx) =>
        elicitForm(ctx, { message: 'Take your time', schema: { x: text() }, timeoutMs: 10 * 60_000 }),
    },
    answer: () =>
      new Promise((resolve) => {
        answer = resolve;
        onAsked();
      }),
  });
  return { asked, answer: (value: unknown) => answer(value) };
}

describe.each(SERVERS)('progress while waiting, %s', (server) => {
  it('sends a progress notification each interval while the form is open, counting up, and none after', async () => {
    const clock = new ManualClock();
    const form = await waitingForm(server, clock);
    const result = harness!.call('wait', { progress: true });
    await form.asked;
    await clock.whenPending(2); // the elicitation's timeout and the progress timer
    for (let n = 1; n <= 3; n++) {
      clock.advance(DEFAULT_PROGRESS_INTERVAL_MS);
      await harness!.whenProgress(n);
      await clock.whenPending(2);
    }
    form.answer({ action: 'accept', content: { x: 'done' } });
    expect(await result).toEqual({ action: 'accept', data: { x: 'done' } });
    expect(harness!.progress).toEqual(
      [1, 2, 3].map((progress) => ({ progress, message: 'Waiting for the user to answer' })),
    );
    // The wait is over: no timer left, nothing more sent.
    expect(clock.pending).toBe(0);
  });

  it('sends nothing when the call carries no progressToken', async () => {
    const clock = new ManualClock();
    const form = await waitingForm(server, clock);
    const result = harness!.call('wait');
    await form.asked;
    await clock.whenPending(1);
    expect(clock.pending).toBe(1); // only the elicitation's timeout
    form.answer({ action: 'decline' });
    expect(await result).toEqual({ action: 'decline' });
    expect(harness!.progress).toEqual([]);
  });

  it('the elicitation times out on the injected clock, typed, and the progress stops with it', async () => {
    const clock = new ManualClock();
    const form = await waitingForm(server, clock);
    const result = harness!.call('wait', { progress: true });
    await form.asked;
    await clock.whenPending(2);
    clock.advance(10 * 60_000);
    expect(await result).toMatchObject({
      error: { name: 'AbortedError', code: 'elicitation-timeout', details: { timeoutMs: 600_000 } },
    });
    expect(clock.pending).toBe(0);
  });
});

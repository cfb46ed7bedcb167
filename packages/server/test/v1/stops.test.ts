import { afterEach, describe, expect, it } from 'vitest';
import { elicitForm, text } from '../../src/index.js';
import { describeError } from '../helpers/harness.js';
import { type PeerHarness, peerHarness, SERVER_KINDS, type ServerKind } from '../helpers/peers.js';

/**
 * How an elicitation ends early, on every SDK: one typed error per cause (the seam maps each SDK's errors in one
 * place), so a disconnect reads the same on a v1 server as on a v2 one.
 */

let harness: PeerHarness | undefined;
afterEach(async () => {
  await harness?.close().catch(() => {});
  harness = undefined;
});

const SERVERS = SERVER_KINDS.filter((kind) => kind !== 'v1.17 McpServer');

/** A form that reports how it ended through `ended` (a cancelled call's result never reaches the client). */
async function watched(server: ServerKind, answer: (params: unknown) => unknown, signal?: AbortSignal) {
  let report: (outcome: unknown) => void = () => {};
  const ended = new Promise<unknown>((resolve) => {
    report = resolve;
  });
  let onAsked: () => void = () => {};
  const asked = new Promise<void>((resolve) => {
    onAsked = resolve;
  });
  harness = await peerHarness({
    server,
    client: 'sdk 1.32',
    tools: {
      form: async (ctx) => {
        const outcome = await elicitForm(ctx, {
          message: 'Still there?',
          schema: { x: text() },
          ...(signal && { signal }),
        }).catch(describeError);
        report(outcome);
        return outcome;
      },
    },
    answer: (params) => {
      onAsked();
      return answer(params);
    },
  });
  return { ended, asked };
}

const never = () => new Promise(() => {});

describe.each(SERVERS)('an elicitation that ends early, %s', (server) => {
  it('[E-27] the client cancels the tool call: elicitation-aborted, reason tool-call-cancelled', async () => {
    const { ended, asked } = await watched(server, never);
    const call = new AbortController();
    const result = harness!.call('form', { signal: call.signal }).catch(() => 'cancelled');
    await asked;
    call.abort('the user gave up');
    expect(await result).toBe('cancelled');
    expect(await ended).toMatchObject({
      name: 'AbortedError',
      code: 'elicitation-aborted',
      details: { reason: 'tool-call-cancelled' },
    });
  });

  it('the client goes away mid-form: elicitation-aborted, reason disconnected', async () => {
    const { ended, asked } = await watched(server, never);
    void harness!.call('form').catch(() => {});
    await asked;
    await harness!.close();
    harness = undefined;
    expect(await ended).toMatchObject({ code: 'elicitation-aborted', details: { reason: 'disconnected' } });
  });

  it("the author's signal: elicitation-aborted, reason signal", async () => {
    const stop = new AbortController();
    const { ended } = await watched(
      server,
      () => {
        stop.abort();
        return never();
      },
      stop.signal,
    );
    void harness!.call('form');
    expect(await ended).toMatchObject({ code: 'elicitation-aborted', details: { reason: 'signal' } });
  });

  it('the client answers with a JSON-RPC error: elicitation-failed naming its code, capped', async () => {
    const { ended } = await watched(server, () => {
      throw new Error('x'.repeat(100_000));
    });
    void harness!.call('form');
    const outcome = (await ended) as { code: string; message: string };
    expect(outcome.code).toBe('elicitation-failed');
    expect(outcome.message).toMatch(/^The elicitation failed: the client answered with error -32603: /);
    expect(outcome.message.length).toBeLessThan(700);
  });
});

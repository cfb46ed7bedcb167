import { afterEach, describe, expect, it } from 'vitest';
import { elicitForm, text } from '../../src/index.js';
import { describeError } from '../helpers/harness.js';
import {
  type PeerHarness,
  peerHarness,
  SERVER_KINDS,
  type ServerKind,
  whenCalled,
} from '../helpers/peers.js';

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
  const asked = whenCalled();
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
      asked.call();
      return answer(params);
    },
  });
  return { ended, asked: asked.promise };
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

  it('[E-27] a cancelled call withdraws the form: the client is sent notifications/cancelled for it (pins what v1 reads of the stop signal)', async () => {
    const withdrawn = whenCalled();
    const asked = whenCalled();
    // Two forms, the second left open: the v1 client ignores a cancellation of request id 0 (its `_oncancel` tests
    // the id for truthiness), and the first request a server sends has id 0.
    harness = await peerHarness({
      server,
      client: 'sdk 1.32',
      tools: {
        form: async (ctx) => {
          await elicitForm(ctx, { message: 'Who?', schema: { x: text() } });
          return elicitForm(ctx, { message: 'Still there?', schema: { x: text() } });
        },
      },
      answer: (params, extra) => {
        if (params.message === 'Who?') return { action: 'accept', content: { x: 'Ada' } };
        extra?.signal.addEventListener('abort', withdrawn.call, { once: true });
        asked.call();
        return never();
      },
    });
    const call = new AbortController();
    const result = harness.call('form', { signal: call.signal }).catch(() => 'cancelled');
    await asked.promise;
    call.abort();
    expect(await result).toBe('cancelled');
    await withdrawn.promise; // the client's handler was aborted by the server's notifications/cancelled
  });

  it('nobody answers within timeoutMs (the SDK timer on the system clock): elicitation-timeout', async () => {
    harness = await peerHarness({
      server,
      client: 'sdk 1.32',
      tools: {
        form: (ctx) =>
          elicitForm(ctx, { message: 'Still there?', schema: { x: text() }, timeoutMs: 20 }).catch(
            describeError,
          ),
      },
      answer: never,
    });
    expect(await harness.call('form')).toMatchObject({
      name: 'AbortedError',
      code: 'elicitation-timeout',
      details: { timeoutMs: 20 },
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
    const call = harness!.call('form');
    expect(await ended).toMatchObject({ code: 'elicitation-aborted', details: { reason: 'signal' } });
    await call; // the tool's answer arrives before the harness closes
  });

  it('the client answers with a JSON-RPC error: elicitation-failed naming its code, capped', async () => {
    const { ended } = await watched(server, () => {
      throw new Error('x'.repeat(100_000));
    });
    const call = harness!.call('form');
    const outcome = (await ended) as { code: string; message: string };
    await call;
    expect(outcome.code).toBe('elicitation-failed');
    expect(outcome.message).toMatch(/^The elicitation failed: the client answered with error -32603: /);
    expect(outcome.message.length).toBeLessThan(700);
  });
});

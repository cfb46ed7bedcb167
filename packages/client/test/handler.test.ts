// The pipeline as a plain function (issue 20): what a host on another MCP client gets from
// createElicitationHandler, request by request, with no SDK in between.
import { describe, expect, it } from 'vitest';
import { createElicitationHandler, isElicitkitError, type UrlPrompt } from '../src/index.js';
import { scriptedUI } from '../src/testing/index.js';
import { recordingOpener } from './helpers/wait.js';

const form = {
  message: 'Your name?',
  requestedSchema: { type: 'object', properties: { name: { type: 'string', default: 'Ada' } } },
};
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('createElicitationHandler', () => {
  it('[E-07] says what to declare, and answers a form with what the person sent', async () => {
    const ui = scriptedUI([{ form: (prompt) => ({ action: 'submit', content: { ...prompt.initial } }) }]);
    const elicit = createElicitationHandler({ ui, server: { name: 'srv\u001b[31m', version: '1' } });
    expect(elicit.capabilities).toEqual({ elicitation: { form: {}, url: {} } });
    expect(await elicit.answer(form)).toEqual({ action: 'accept', content: { name: 'Ada' } });
    // E-03, E-44: the requester comes from `server`, sanitized.
    expect(ui.prompts[0]?.requester).toEqual({ name: 'srv', version: '1' });
  });

  it('[E-12] refuses a bad 2025 request with a typed invalid-request error carrying the issues, unseen', async () => {
    const ui = scriptedUI();
    const elicit = createElicitationHandler({ ui });
    const error = await failure(
      elicit.answer({
        message: 'x',
        requestedSchema: { type: 'object', properties: { a: { type: 'object' } } },
      }),
    );
    expect(isElicitkitError(error, 'invalid-request')).toBe(true);
    expect(error).toMatchObject({
      name: 'PeerError',
      message: expect.stringMatching(/^Invalid requestedSchema: params\./),
    });
    expect((error as { details: { issues?: unknown[] } }).details.issues?.length).toBeGreaterThan(0);
    expect(ui.prompts).toHaveLength(0);
  });

  it('[E-49] [M-17] reads a request with a key and no elicitationId as a 2026 input request', async () => {
    const elicit = createElicitationHandler({ ui: scriptedUI() });
    const error = await failure(
      elicit.answer({ mode: 'url', message: 'x', url: 'javascript:alert(1)' }, { inputRequestKey: 'k' }),
    );
    expect(error).toMatchObject({
      code: 'url-blocked',
      details: { inputRequestKey: 'k' },
      message: expect.stringMatching(/^inputRequests\["k"\]\.params\.url was refused/),
    });
  });

  it('[E-20] [E-21] tracks a consented 2025 URL flow: only its completion counts, once', async () => {
    const opener = recordingOpener();
    const ui = scriptedUI([{ url: { action: 'consent' } }]);
    const elicit = createElicitationHandler({ ui, opener });
    expect(elicit.complete('e0')).toBe(false); // never consented to: ignored (E-20)
    const answer = await elicit.answer(
      { mode: 'url', message: 'Connect', url: 'https://example.com/c', elicitationId: 'e1' },
      { inputRequestKey: '7' }, // Mastra hands the JSON-RPC id as the key on 2025: the elicitationId wins
    );
    expect(answer).toEqual({ action: 'accept' });
    expect((ui.prompts[0] as UrlPrompt).flowId).toBe('e1');
    expect(opener.opened).toEqual(['https://example.com/c']);
    const done = elicit.waitForCompletion('e1');
    expect(elicit.complete('e1')).toBe(true);
    await done;
    expect(elicit.complete('e1')).toBe(false);
  });

  it('[E-43] counts requests inside duringCall against perCall, not the unsolicited burst', async () => {
    const ui = scriptedUI([], { form: { action: 'decline' } });
    const elicit = createElicitationHandler({
      ui,
      clock: { now: () => 0 },
      rateLimit: { burst: 1, perCall: 3 },
    });
    const during = await elicit.duringCall(() => Promise.all([1, 2, 3].map(() => elicit.answer(form))));
    expect(during.map((answer) => answer.action)).toEqual(['decline', 'decline', 'decline']);
    const outside = await Promise.all([1, 2].map(() => elicit.answer(form)));
    expect(outside.map((answer) => answer.action)).toEqual(['decline', 'cancel']);
    expect(ui.rateLimits).toMatchObject([{ reason: 'unsolicited' }]);
  });
});

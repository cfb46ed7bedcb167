import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { elicitForm, text } from '../../src/index.js';
import { makeServer } from '../helpers/peers.js';
import { answerCases } from '../hostile/corpus.js';
import { corpusForm } from '../hostile/corpus-tools.js';
import { expectEnding, type Reported } from '../hostile/expect-ending.js';
import { wireCases } from '../hostile/wire-cases.js';
import { type WireRig, wireRig } from '../hostile/wire-rig.js';

/**
 * The hostile-host corpus of corpus-2025.test.ts, form cases and JSON-RPC faults, against a v1 SDK McpServer: every
 * bad answer ends typed and nothing proceeds, on the v1 SDK's own parsing of what arrives. One server for the whole
 * table, so every case also proves the server survived the ones before it.
 */

let rig: WireRig;
const PATIENT_TIMEOUT_MS = 60_000;

beforeAll(async () => {
  const server = makeServer('v1 McpServer', {
    form: corpusForm,
    patient: (ctx) =>
      elicitForm(ctx, { message: 'Take your time', schema: { x: text() }, timeoutMs: PATIENT_TIMEOUT_MS }),
  });
  rig = await wireRig(server.instance as never, { elicitation: { form: {} } });
});

afterAll(async () => {
  await rig.close();
});

const polluted = () => ({}) as Record<string, unknown>;
const formCases = answerCases.filter((c) => c.mode === 'form');

describe('[E-60] [E-27] hostile host corpus on a v1 SDK server: every bad answer ends typed, nothing proceeds', () => {
  it.each(formCases.map((c) => [c.name, c] as const))('%s', async (_, corpusCase) => {
    rig.replies = (id) => [`{"jsonrpc":"2.0","id":${id},"result":${corpusCase.result}}`];
    const reported = (await rig.call('form')) as Reported;
    expectEnding('form', reported, corpusCase.ending);
    expect(polluted().polluted).toBeUndefined();
    expect(polluted().action).toBeUndefined();
  });

  it.each(wireCases.map((c) => [c.name, c] as const))('wire: %s', async (_, corpusCase) => {
    rig.replies = corpusCase.replies;
    const reported = (await rig.call('form')) as Reported;
    expectEnding('form', reported, corpusCase.ending);
    expect(polluted().polluted).toBeUndefined();
  });

  it('[E-60] a reply the SDK drops leaves no hang: the elicitation ends at its timeout, typed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let onAsked = () => {};
      const asked = new Promise<void>((resolve) => {
        onAsked = resolve;
      });
      rig.sentinel = false;
      rig.replies = (id) => {
        onAsked();
        return [`{"jsonrpc":"2.0","id":${id},"result":null}`, `{"id":${id},"result":{"action":"accept"}}`];
      };
      const reported = rig.call('patient');
      await asked;
      await vi.advanceTimersByTimeAsync(PATIENT_TIMEOUT_MS);
      expect(await reported).toMatchObject({ error: { code: 'elicitation-timeout' } });
    } finally {
      rig.sentinel = true;
      vi.useRealTimers();
    }
  });

  it('the server still answers a plain valid form after the whole corpus', async () => {
    rig.replies = (id) => [
      `{"jsonrpc":"2.0","id":${id},"result":{"action":"accept","content":{"name":"Ada","age":36}}}`,
    ];
    expect(await rig.call('form')).toEqual({ action: 'accept', data: { name: 'Ada', age: 36 } });
  });
});

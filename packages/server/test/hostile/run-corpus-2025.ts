import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { elicitForm, text } from '../../src/index.js';
import type { UrlElicitationConnection } from '../../src/url/index.js';
import type { PeerTool } from '../helpers/peers.js';
import { answerCases } from './corpus.js';
import { corpusForm, corpusUrlMode, corpusUrlTool } from './corpus-tools.js';
import { expectEnding, type Reported } from './expect-ending.js';
import { wireCases } from './wire-cases.js';
import { type WireRig, wireRig } from './wire-rig.js';

/** Makes the server under test with the corpus tools registered; the runner attaches URL mode to it. */
export type CorpusServer = (tools: Record<string, PeerTool>) => unknown;

const PATIENT_TIMEOUT_MS = 60_000;

/**
 * The hostile-host corpus on 2025-11-25, run against one server (a v2 or a v1 SDK `McpServer`, elicitForm and URL
 * mode on it), driven by a raw client that writes each case's answer onto the wire. One server for the whole table,
 * so every case also proves the server survived the ones before it. One runner for every SDK the corpus runs on.
 */
export function describeHostileCorpus2025(title: string, makeServer: CorpusServer): void {
  const { store, elicitations } = corpusUrlMode();
  let rig: WireRig;

  beforeAll(async () => {
    let url: UrlElicitationConnection | undefined;
    const server = makeServer({
      form: corpusForm,
      patient: (ctx) =>
        elicitForm(ctx, { message: 'Take your time', schema: { x: text() }, timeoutMs: PATIENT_TIMEOUT_MS }),
      url: (ctx) => corpusUrlTool(url!, store)(ctx),
    });
    url = elicitations.attach(server as never);
    rig = await wireRig(server as never);
  });

  afterAll(async () => {
    await rig.close();
    await elicitations.close();
  });

  const polluted = () => ({}) as Record<string, unknown>;

  describe(title, () => {
    it.each(answerCases.map((c) => [c.name, c] as const))('%s', async (_, corpusCase) => {
      rig.replies = (id) => [`{"jsonrpc":"2.0","id":${id},"result":${corpusCase.result}}`];
      const reported = (await rig.call(corpusCase.mode)) as Reported;
      expectEnding(corpusCase.mode, reported, corpusCase.ending);
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

    it('counts at least 100 cases', () => {
      expect(answerCases.length + wireCases.length).toBeGreaterThanOrEqual(100);
    });
  });
}

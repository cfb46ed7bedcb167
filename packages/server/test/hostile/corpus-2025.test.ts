import { McpServer } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  boolean,
  choice,
  date,
  elicitForm,
  email,
  enableElicitation,
  integer,
  multiChoice,
  number,
  text,
} from '../../src/index.js';
import {
  createVaultKeyring,
  generateVaultKey,
  localIdentity,
  MemoryElicitationStore,
  parseVaultKey,
  secretKind,
  UrlElicitations,
  Vault,
} from '../../src/url/index.js';
import { registerTools } from '../helpers/harness.js';
import { type AnswerCase, answerCases, type Ending } from './corpus.js';
import { wireCases } from './wire-cases.js';
import { type WireRig, wireRig } from './wire-rig.js';

/**
 * The hostile-host corpus on 2025-11-25: a real elicitkit server (McpServer + elicitForm / UrlElicitations)
 * driven by a raw client that writes each case's answer onto the wire. One server for the whole table, so
 * that every case also proves the server survived the ones before it.
 */

const store = new MemoryElicitationStore();
const vault = new Vault({ store, keys: createVaultKeyring(parseVaultKey(generateVaultKey())) });
const elicitations = new UrlElicitations({
  store,
  publicBaseUrl: 'http://127.0.0.1:9/',
  identity: localIdentity('alice'),
  kinds: [secretKind({ vault })],
  logger: { info: () => {}, warn: () => {} },
});
let rig: WireRig;
const PATIENT_TIMEOUT_MS = 60_000;

beforeAll(async () => {
  const server = enableElicitation(new McpServer({ name: 'hostile-corpus', version: '1.0.0' }));
  const url = elicitations.attach(server);
  registerTools(server, {
    form: (ctx) =>
      elicitForm(ctx, {
        message: 'Tell us about you',
        schema: {
          name: text({ maxLength: 50 }),
          age: integer({ minimum: 0, maximum: 150 }).optional(),
          score: number().optional(),
          email: email().optional(),
          born: date().optional(),
          agree: boolean().optional(),
          color: choice(['red', 'green']).optional(),
          tags: multiChoice(['a', 'b', 'c'], { maxItems: 2 }).optional(),
        },
      }),
    patient: (ctx) =>
      elicitForm(ctx, { message: 'Take your time', schema: { x: text() }, timeoutMs: PATIENT_TIMEOUT_MS }),
    url: async (ctx) => {
      const started = await url.startUrlElicitation(ctx, {
        kind: 'secret',
        message: 'Enter your Example API key.',
        params: { name: 'api_key', label: 'Example API key' },
      });
      const record = await store.get(started.elicitationId);
      // Everything the tool can see of the answer, plus what the store holds about the flow.
      return { started: { ...started }, status: record?.status, stored: JSON.stringify(record) };
    },
  });
  rig = await wireRig(server);
});

afterAll(async () => {
  await rig.close();
  await elicitations.close();
});

/** The JSON-RPC result of the tool, as the handler reported it (an outcome, or `{ error }`). */
interface Reported {
  action?: string;
  data?: unknown;
  error?: { code: string; issues?: Array<{ code: string }> };
  started?: Record<string, unknown>;
  status?: string;
  stored?: string;
}

function expectEnding(mode: AnswerCase['mode'], reported: Reported, ending: Ending): void {
  if ('error' in ending) {
    expect(reported.error?.code).toBe(ending.error);
    if ('issue' in ending) expect(reported.error?.issues?.map((i) => i.code)).toContain(ending.issue);
  } else if (mode === 'url') {
    // `ignored`: the sentinel cancel ended it, exactly as a refusal.
    const expected =
      'url' in ending && ending.url === 'pending' ? 'accept' : 'action' in ending ? ending.action : 'cancel';
    expect(reported.error).toBeUndefined();
    // The tool sees consent and the URL it sent, never content (functions do not survive the JSON report).
    expect(Object.keys(reported.started ?? {}).sort()).toEqual(['action', 'elicitationId', 'url']);
    expect(reported.started?.action).toBe(expected);
    // E-16: consent leaves the flow pending (only the page completes it); a refusal withdraws the URL.
    expect(reported.status).toBe(expected === 'accept' ? 'pending' : 'expired');
    expect(reported.stored).not.toMatch(/sk-live|polluted|forged/);
  } else if ('ignored' in ending) {
    expect(reported).toEqual({ action: 'cancel' });
  } else if ('outcome' in ending) {
    expect(reported).toEqual(ending.outcome);
  } else {
    throw new Error(`a form case cannot end in ${JSON.stringify(ending)}`);
  }
}

const polluted = () => ({}) as Record<string, unknown>;

describe('[E-60] [E-27] [E-16] hostile host corpus, 2025-11-25: every bad answer ends typed, nothing proceeds', () => {
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

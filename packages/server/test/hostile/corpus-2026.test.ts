import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { McpServer, requireBearerAuth, type ServerContext } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveMcpHttp } from '../../src/http/index.js';
import {
  DEFAULT_MAX_ANSWER_ATTEMPTS,
  elicitForm,
  enableElicitation,
  generateStateKey,
  text,
} from '../../src/index.js';
import { staticTokenVerifier } from '../../src/url/index.js';
import { registerTools } from '../helpers/harness.js';
import { type AnswerCase, answerCases, type Ending } from './corpus.js';
import { corpusForm, corpusUrlMode, corpusUrlTool } from './corpus-tools.js';
import { expectEnding, type Reported } from './expect-ending.js';
import { type Ending2026, type Host2026, STATE_TTL_MS, wireCases2026 } from './wire-cases-2026.js';
import { type RawResponse, type Rig2026, reportedBy, wireRig2026 } from './wire-rig-2026.js';

/**
 * The hostile-host corpus on 2026-07-28: the same answers as the 2025 driver, each sent as the
 * `inputResponses` entry of a retried tools/call with the sealed `requestState` the server gave. One server
 * for the whole table, so every case also proves the server survived the ones before it.
 *
 * The eras differ in one way that matters here (M-10): on 2025 a reply the SDK does not take for an answer
 * leaves the request pending ("ignored"), and an unusable action fails it; on 2026 nothing is pending between
 * rounds, so a missing or unusable answer is asked again (a new InputRequiredResult for the same key, with
 * why) until `maxAttempts`, then the tool gets a `PeerError` `invalid-answer`. So every typed-error and "ignored" ending
 * of the table is held here as: re-asked `maxAttempts - 1` times, then `invalid-answer` naming the issue.
 */

// M-17: a retry whose page is still pending is held this long, then answered with requestState only.
const { store, elicitations } = corpusUrlMode({ holdMs: 50 });
let rig: Rig2026;
let clock = Date.parse('2026-07-28T00:00:00Z');

const nameTool = (ctx: ServerContext) => elicitForm(ctx, { message: 'Name?', schema: { name: text() } });

beforeAll(async () => {
  rig = await wireRig2026(() => {
    const server = enableElicitation(new McpServer({ name: 'hostile-corpus-2026', version: '1.0.0' }), {
      requestState: { ttlMs: STATE_TTL_MS },
      clock: { now: () => clock },
    });
    const url = elicitations.attach(server);
    registerTools(server, {
      form: corpusForm,
      url: corpusUrlTool(url, store),
      wait: async (ctx) => {
        const started = await url.start(ctx, {
          kind: 'secret',
          message: 'Enter your Example API key.',
          params: { name: 'api_key', label: 'Example API key' },
        });
        await started.completion();
        return 'completed';
      },
      name: nameTool,
      other: nameTool,
      two: async (ctx) => [await nameTool(ctx), await nameTool(ctx)],
    });
    return server;
  });
});

afterAll(async () => {
  await rig.close();
  await elicitations.close();
});

/**
 * The 2026 ending of a case. The SDK itself drops an `inputResponses` entry that is not an object (so the
 * server sees no answer: `required`); an object without a usable action is `type` at `action` (form-2026.ts).
 */
export function ending2026(corpusCase: AnswerCase): Ending {
  if (corpusCase.ending2026) return corpusCase.ending2026;
  const { ending, mode } = corpusCase;
  if ('ignored' in ending) return { error: 'invalid-answer', issue: mode === 'form' ? 'required' : 'type' };
  if ('error' in ending && ending.error === 'elicitation-failed')
    return { error: 'invalid-answer', issue: 'type' };
  return ending;
}

/** A re-ask: a new InputRequiredResult for the same key, nothing run on the bad answer. */
function expectReask(response: RawResponse, mode: AnswerCase['mode'], first: RawResponse): string {
  expect(response.error).toBeUndefined();
  expect(response.result?.resultType).toBe('input_required');
  expect(Object.keys(response.result?.inputRequests ?? {})).toEqual(['ask-0']);
  const ask = response.result?.inputRequests?.['ask-0']?.params;
  expect(ask?.mode).toBe(mode);
  if (mode === 'form') {
    expect(ask?.message).toMatch(/^Tell us about you\n\nThe previous answer was not accepted:\n/);
    // M-10: the why goes back to be shown: bounded, and none of the host's controls echoed in it.
    expect(ask?.message.length).toBeLessThan(2_000);
    expect(ask?.message).not.toMatch(
      /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/,
    );
  } else {
    // URL mode: the same page again (the record is reused, not a second flow).
    expect(ask).toEqual(first.result?.inputRequests?.['ask-0']?.params);
  }
  expect(response.result?.requestState).toMatch(/^ek1\./);
  return response.result?.requestState as string;
}

const polluted = () => ({}) as Record<string, unknown>;

describe('[M-09] [M-10] [E-60] [E-16] hostile host corpus, 2026-07-28: every bad inputResponses entry ends typed or re-asked', () => {
  it.each(answerCases.map((c) => [c.name, c] as const))('%s', async (_, corpusCase) => {
    const tool = corpusCase.mode;
    const first = await rig.send({ tool });
    expect(Object.keys(first.result?.inputRequests ?? {})).toEqual(['ask-0']);
    let requestState = first.result?.requestState;
    const inputResponses = `{"ask-0":${corpusCase.result}}`;
    const ending = ending2026(corpusCase);
    if ('error' in ending) {
      // M-10: asked again with why, up to the cap; the tool never runs on the bad answer meanwhile.
      for (let attempt = 1; attempt < DEFAULT_MAX_ANSWER_ATTEMPTS; attempt++) {
        const again = await rig.send({ tool, requestState, inputResponses });
        requestState = expectReask(again, tool, first);
      }
    }
    const last = await rig.send({ tool, requestState, inputResponses });
    expect(last.error).toBeUndefined();
    expect(last.result?.resultType).not.toBe('input_required');
    expectEnding(tool, reportedBy(last) as Reported, ending);
    expect(polluted().polluted).toBeUndefined();
    expect(polluted().action).toBeUndefined();
  });
});

const host: Host2026 = {
  send: (call) => rig.send(call),
  start: async (tool = 'name', args = {}) => {
    const first = await rig.send({ tool, args });
    expect(Object.keys(first.result?.inputRequests ?? {})).toEqual(['ask-0']);
    return first;
  },
  advance: (ms) => {
    clock += ms;
  },
};

function expectWireEnding(response: RawResponse, ending: Ending2026): void {
  if ('refused' in ending) {
    // M-05, M-06: refused whole with the SDK's wording; the reason stays in the server's logs.
    expect(response).toMatchObject({
      error: {
        code: -32602,
        message: 'Invalid or expired requestState',
        data: { reason: 'invalid_request_state' },
      },
    });
    expect(response.result).toBeUndefined();
  } else if ('reask' in ending) {
    expect(response.error).toBeUndefined();
    expect(response.result?.resultType).toBe('input_required');
    expect(Object.keys(response.result?.inputRequests ?? {})).toEqual(ending.reask);
    expect(response.result?.requestState).toMatch(/^ek1\./);
  } else if ('stateOnly' in ending) {
    expect(response.error).toBeUndefined();
    expect(response.result?.resultType).toBe('input_required');
    expect(response.result?.inputRequests).toBeUndefined();
    expect(response.result?.requestState).toMatch(/^ek1\./);
  } else if ('toolError' in ending) {
    expect(response.error).toBeUndefined();
    expect(reportedBy(response)).toMatchObject({ error: { code: ending.toolError } });
  } else {
    expect(response.error).toBeUndefined();
    expect(reportedBy(response)).toEqual(ending.outcome);
  }
}

describe('[M-05] [M-06] [M-09] [M-10] hostile host, 2026-07-28 wire faults: refused, re-asked or answered, never more', () => {
  it.each(wireCases2026.map((c) => [c.name, c] as const))('%s', async (_, wireCase) => {
    const played = await wireCase.play(host);
    const responses = Array.isArray(played) ? played : [played];
    for (const response of responses) expectWireEnding(response, wireCase.ending);
    // M-18: a flood of one round is that round again; the state the server hands out does not grow with it.
    const sizes = new Set(responses.map((r) => r.result?.requestState?.length));
    expect(sizes.size).toBe(1);
    expect(polluted().polluted).toBeUndefined();
  });

  it("[M-06] another principal's requestState is refused over HTTP: Bob cannot continue or answer Alice's flow", async () => {
    const verifier = staticTokenVerifier({ 'token-alice': 'alice', 'token-bob': 'bob' });
    const key = generateStateKey();
    const served = await serveMcpHttp(
      () => {
        const server = enableElicitation(new McpServer({ name: 'principals', version: '1' }), {
          requestState: { key },
        });
        registerTools(server, { name: nameTool });
        return server;
      },
      { authenticate: requireBearerAuth({ verifier }) },
    );
    const as = async (token: string) => {
      const client = new Client(
        { name: 'hostile', version: '1' },
        { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: '2026-07-28' } } },
      );
      const headers = { Authorization: `Bearer ${token}` };
      await client.connect(new StreamableHTTPClientTransport(served.url, { requestInit: { headers } }));
      return client;
    };
    const round = (client: Client, extra: Record<string, unknown> = {}) =>
      client.callTool(
        { name: 'name', arguments: {}, ...extra } as never,
        { allowInputRequired: true } as never,
      );
    try {
      const [alice, bob] = [await as('token-alice'), await as('token-bob')];
      const first = (await round(alice)) as { requestState?: string };
      const answer = (name: string) => ({
        requestState: first.requestState,
        inputResponses: { 'ask-0': { action: 'accept', content: { name } } },
      });
      await expect(round(bob, answer('mallory'))).rejects.toMatchObject({ code: -32602 });
      await expect(round(bob, { requestState: first.requestState })).rejects.toMatchObject({ code: -32602 });
      // Alice's flow is untouched by Bob's attempts: her own answer goes through.
      const done = (await round(alice, answer('alice'))) as { content: Array<{ text: string }> };
      expect(JSON.parse(done.content[0]?.text ?? '')).toEqual({ action: 'accept', data: { name: 'alice' } });
      await Promise.all([alice.close(), bob.close()]);
    } finally {
      await served.close();
    }
  });

  it('the server still answers a plain valid flow after the whole corpus', async () => {
    const first = await host.start('form');
    const done = await rig.send({
      tool: 'form',
      requestState: first.result?.requestState,
      inputResponses: '{"ask-0":{"action":"accept","content":{"name":"Ada","age":36}}}',
    });
    expect(reportedBy(done)).toEqual({ action: 'accept', data: { name: 'Ada', age: 36 } });
  });

  it('counts at least 100 cases, and Object.prototype is untouched', () => {
    // The answer table, the wire table and the HTTP principal case above.
    expect(answerCases.length + wireCases2026.length + 1).toBeGreaterThanOrEqual(100);
    for (const key of ['polluted', 'action', 'ask-0', 'name', 'isAdmin']) expect(key in {}).toBe(false);
  });
});

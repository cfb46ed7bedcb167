import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { McpServer, requireBearerAuth } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServedMcpHttp, serveMcpHttp } from '../src/http/index.js';
import {
  elicitForm,
  enableElicitation,
  generateStateKey,
  integer,
  memoryOnceGuard,
  step,
  text,
} from '../src/index.js';
import { staticTokenVerifier } from '../src/url/index.js';
import { type Harness, inMemoryHarness, registerTools, type ToolHandler } from './helpers/harness.js';

/** One manual round: the raw InputRequiredResult or final result, with nothing auto-fulfilled. */
type Round = {
  resultType?: string;
  requestState?: string;
  inputRequests?: Record<string, { params: { message: string } }>;
  content?: { text: string }[];
};

async function round(
  client: Client,
  name: string,
  extra: Record<string, unknown> = {},
  args: Record<string, unknown> = {},
): Promise<Round> {
  return (await client.callTool(
    { name, arguments: args, ...extra } as never,
    { allowInputRequired: true } as never,
  )) as Round;
}

async function refusal(promise: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    return { code: (error as { code: number }).code, message: (error as Error).message };
  }
  throw new Error('expected a JSON-RPC error');
}

const opened: (Harness | ServedMcpHttp)[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((h) => h.close()));
});

async function harness(
  tools: Record<string, ToolHandler>,
  options: Parameters<typeof inMemoryHarness>[0]['elicitation'] = {},
) {
  const h = await inMemoryHarness({ era: '2026-07-28', tools, elicitation: options });
  opened.push(h);
  return h;
}

const nameTool: ToolHandler = async (ctx) =>
  elicitForm(ctx, { message: 'Name?', schema: { name: text().title('Name') } });

describe('requestState: sealed, bound, bounded', () => {
  it('[M-03] [M-05] every input-required round carries a sealed state that does not reveal earlier answers', async () => {
    const h = await harness({
      two: async (ctx) => {
        const a = await elicitForm(ctx, {
          message: 'Secret word?',
          schema: { w: text().title('Word').notSecret() },
        });
        const b = await elicitForm(ctx, { message: 'Number?', schema: { n: integer().title('N') } });
        return [a, b];
      },
    });
    const first = await round(h.client, 'two');
    expect(first.resultType).toBe('input_required');
    expect(first.requestState).toMatch(/^ek1\./);
    const second = await round(h.client, 'two', {
      requestState: first.requestState,
      inputResponses: { 'ask-0': { action: 'accept', content: { w: 'Zebra-Quartz-42' } } },
    });
    expect(Object.keys(second.inputRequests ?? {})).toEqual(['ask-1']);
    const decoded = Buffer.from(second.requestState?.split('.')[2] ?? '', 'base64url').toString('latin1');
    expect(decoded).not.toContain('Zebra');
    expect(second.requestState).not.toContain('Zebra');
  });

  it('[M-05] a tampered state is refused with -32602, and the message does not echo it', async () => {
    const h = await harness({ hello: nameTool });
    const first = await round(h.client, 'hello');
    const state = first.requestState ?? '';
    const flipped = state.slice(0, -5) + (state.at(-5) === 'A' ? 'B' : 'A') + state.slice(-4);
    for (const bad of [flipped, 'ek1.x.y', 'not-a-state', `${state}.extra`]) {
      const refused = await refusal(round(h.client, 'hello', { requestState: bad }));
      expect(refused).toEqual({ code: -32602, message: 'Invalid or expired requestState' });
    }
  });

  it('[M-05] an oversized state is refused before it is decoded', async () => {
    const h = await harness({ hello: nameTool }, { requestState: { maxBytes: 4096 } });
    const refused = await refusal(round(h.client, 'hello', { requestState: `ek1.k.${'A'.repeat(100_000)}` }));
    expect(refused.code).toBe(-32602);
  });

  it('[M-06] an expired state is refused (injected clock)', async () => {
    let now = 1_000_000;
    const h = await harness(
      { hello: nameTool },
      { requestState: { ttlMs: 60_000 }, clock: { now: () => now } },
    );
    const first = await round(h.client, 'hello');
    now += 60_001;
    const refused = await refusal(
      round(h.client, 'hello', {
        requestState: first.requestState,
        inputResponses: { 'ask-0': { action: 'accept', content: { name: 'x' } } },
      }),
    );
    expect(refused.code).toBe(-32602);
  });

  it("[M-06] another request's state is refused: other tool, other arguments", async () => {
    const h = await harness({ hello: nameTool, other: nameTool });
    const first = await round(h.client, 'hello', {}, { a: 1 });
    expect(
      (await refusal(round(h.client, 'other', { requestState: first.requestState }, { a: 1 }))).code,
    ).toBe(-32602);
    expect(
      (await refusal(round(h.client, 'hello', { requestState: first.requestState }, { a: 2 }))).code,
    ).toBe(-32602);
    // The same request (arguments in another key order) is fine.
    const same = await round(
      h.client,
      'hello',
      {
        requestState: first.requestState,
        inputResponses: { 'ask-0': { action: 'accept', content: { name: 'x' } } },
      },
      { a: 1 },
    );
    expect(same.content?.[0]?.text).toContain('"x"');
  });

  it('[M-06] long arguments are bound by digest: changing one character is refused, the same ones continue', async () => {
    const h = await harness({ hello: nameTool });
    const long = { text: 'x'.repeat(400), n: 1 }; // past the inline limit: bound by SHA-256
    const first = await round(h.client, 'hello', {}, long);
    expect(
      (await refusal(round(h.client, 'hello', { requestState: first.requestState }, { ...long, n: 2 }))).code,
    ).toBe(-32602);
    // A short argument cannot pose as the digest of a long one (the binding says which form it is).
    expect(
      (await refusal(round(h.client, 'hello', { requestState: first.requestState }, { n: 1 }))).code,
    ).toBe(-32602);
    const same = await round(
      h.client,
      'hello',
      {
        requestState: first.requestState,
        inputResponses: { 'ask-0': { action: 'accept', content: { name: 'x' } } },
      },
      { n: 1, text: long.text },
    );
    expect(same.content?.[0]?.text).toContain('"x"');
  });

  it("[M-06] another principal's state is refused over HTTP: Bob cannot continue Alice's flow", async () => {
    const verifier = staticTokenVerifier({ 'token-alice': 'alice', 'token-bob': 'bob' });
    const key = generateStateKey();
    const served = await serveMcpHttp(
      () => {
        const server = enableElicitation(new McpServer({ name: 'principal', version: '1' }), {
          requestState: { key },
        });
        registerTools(server, { hello: nameTool });
        return server;
      },
      { authenticate: requireBearerAuth({ verifier }) },
    );
    opened.push(served);
    const as = async (token: string) => {
      const client = new Client(
        { name: 'c', version: '1' },
        { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: '2026-07-28' } } },
      );
      await client.connect(
        new StreamableHTTPClientTransport(served.url, {
          requestInit: { headers: { Authorization: `Bearer ${token}` } },
        }),
      );
      return client;
    };
    const [alice, bob] = [await as('token-alice'), await as('token-bob')];
    const first = await round(alice, 'hello');
    const answer = {
      requestState: first.requestState,
      inputResponses: { 'ask-0': { action: 'accept', content: { name: 'mallory' } } },
    };
    expect((await refusal(round(bob, 'hello', answer))).code).toBe(-32602);
    expect((await round(alice, 'hello', answer)).content?.[0]?.text).toContain('mallory');
    await Promise.all([alice.close(), bob.close()]);
  });

  it('rotation: a state sealed before a key change still opens with the old key listed as previous', async () => {
    const [oldKey, newKey] = [generateStateKey(), generateStateKey()];
    const before = await harness({ hello: nameTool }, { requestState: { key: oldKey } });
    const first = await round(before.client, 'hello');
    const after = await harness(
      { hello: nameTool },
      { requestState: { key: newKey, previousKeys: [oldKey] } },
    );
    const done = await round(after.client, 'hello', {
      requestState: first.requestState,
      inputResponses: { 'ask-0': { action: 'accept', content: { name: 'kept' } } },
    });
    expect(done.content?.[0]?.text).toContain('kept');
    const without = await harness({ hello: nameTool }, { requestState: { key: newKey } });
    expect((await refusal(round(without.client, 'hello', { requestState: first.requestState }))).code).toBe(
      -32602,
    );
  });

  it('[M-07] a single-use step refuses to run again when an older state is replayed', async () => {
    const once = memoryOnceGuard();
    let charged = 0;
    const h = await harness({
      pay: async (ctx) => {
        const who = await elicitForm(ctx, { message: 'Name?', schema: { name: text().title('Name') } });
        const receipt = await step(ctx, 'charge', () => ({ n: ++charged }), { once });
        const ok = await elicitForm(ctx, { message: 'Email receipt?', schema: { yes: text().title('Yes') } });
        return { who, receipt, ok };
      },
    });
    const r1 = await round(h.client, 'pay');
    const nameAnswer = { 'ask-0': { action: 'accept', content: { name: 'A' } } };
    const r2 = await round(h.client, 'pay', { requestState: r1.requestState, inputResponses: nameAnswer });
    expect(charged).toBe(1);
    expect(Object.keys(r2.inputRequests ?? {})).toEqual(['ask-1']);
    // Replaying round 1's state with the same answer would charge again: refused.
    const replay = await round(h.client, 'pay', {
      requestState: r1.requestState,
      inputResponses: nameAnswer,
    });
    expect(replay.content?.[0]?.text).toContain('step-replayed');
    expect(charged).toBe(1);
  });
});

describe('answers on 2026-07-28', () => {
  it('[M-09] [M-10] an invalid answer is asked again with the issues, then fails after the cap', async () => {
    const h = await harness({ hello: nameTool }, { maxAnswerAttempts: 2 });
    const r1 = await round(h.client, 'hello');
    const r2 = await round(h.client, 'hello', {
      requestState: r1.requestState,
      inputResponses: { 'ask-0': { action: 'accept', content: { name: 7 } }, extra: { junk: true } },
    });
    expect(r2.resultType).toBe('input_required');
    expect(r2.inputRequests?.['ask-0']?.params.message).toMatch(
      /^Name\?\n\nThe previous answer was not accepted:\n- name: /,
    );
    const r3 = await round(h.client, 'hello', { requestState: r2.requestState, inputResponses: {} });
    expect(r3.content?.[0]?.text).toContain('invalid-answer');
  });

  it('[M-10] an accept without content for a required field is asked again, not accepted', async () => {
    const h = await harness({ hello: nameTool });
    const r1 = await round(h.client, 'hello');
    const r2 = await round(h.client, 'hello', {
      requestState: r1.requestState,
      inputResponses: { 'ask-0': { action: 'accept' } },
    });
    expect(r2.resultType).toBe('input_required');
    expect(r2.inputRequests?.['ask-0']?.params.message).toContain('name: is required');
  });

  it('decline and cancel reach the tool as decline and cancel; a prototype key is just an unknown entry', async () => {
    const h = await harness({ hello: nameTool });
    for (const action of ['decline', 'cancel'] as const) {
      const r1 = await round(h.client, 'hello');
      const done = await round(h.client, 'hello', {
        requestState: r1.requestState,
        inputResponses: JSON.parse(
          `{"__proto__": {"x": 1}, "ask-0": {"action": "${action}", "content": {"name": "ignored"}}}`,
        ),
      });
      expect(JSON.parse(done.content?.[0]?.text ?? '')).toEqual({ action });
    }
  });
});

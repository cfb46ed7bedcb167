import { Client } from '@modelcontextprotocol/client';
import { inputRequired } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import {
  callToolWithElicitation,
  DEFAULT_MAX_PROMPT_ROUNDS,
  type ElicitationHostEvents,
  type FormPrompt,
  type InstallElicitationOptions,
  installElicitation,
  PeerError,
} from '../src/index.js';
import { scriptedUI, submitDefaults } from '../src/testing/index.js';
import { connect2026, startServer2026, type Tool2026 } from './helpers/server-2026.js';
import { recordingOpener } from './helpers/wait.js';

const nameSchema = {
  type: 'object' as const,
  properties: { name: { type: 'string' as const, default: 'Ada' } },
  required: ['name'],
};
const text = (value: string) => ({ content: [{ type: 'text', text: value }] });
const responsesOf = (ctx: Parameters<Tool2026>[0]) => ctx.mcpReq.inputResponses ?? {};

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanup.reverse()) await close();
  cleanup = [];
});

async function setup(tools: Record<string, Tool2026>, options: Partial<InstallElicitationOptions> = {}) {
  const server = await startServer2026(tools);
  const ui = scriptedUI();
  const connection = await connect2026(server, {
    ui,
    opener: recordingOpener(),
    rateLimit: false,
    ...options,
  });
  cleanup.push(server.close, connection.close);
  return { server, ui, ...connection };
}

/** A tool asking one form per round, `rounds` times, carrying its progress in `requestState`. */
function askName(): Tool2026 {
  return (ctx) => {
    const answer = responsesOf(ctx).name as { action?: string; content?: { name?: string } } | undefined;
    if (!answer) {
      return inputRequired({
        inputRequests: { name: inputRequired.elicit({ message: 'Your name?', requestedSchema: nameSchema }) },
      });
    }
    return text(answer.action === 'accept' ? `hello ${answer.content?.name}` : `no name (${answer.action})`);
  };
}

/** A tool that asks a new question every round, forever. */
function askForever(): Tool2026 {
  let asked = 0;
  return () => {
    asked += 1;
    return inputRequired({
      inputRequests: {
        [`q${asked}`]: inputRequired.elicit({ message: `Again ${asked}?`, requestedSchema: nameSchema }),
      },
    });
  };
}

/** A tool that ignores the answers and sends the very same round again. */
function repeatRound(): Tool2026 {
  return () =>
    inputRequired({
      inputRequests: { name: inputRequired.elicit({ message: 'Name?', requestedSchema: nameSchema }) },
      requestState: 'same',
    });
}

describe('2026-07-28 forms through the one pipeline', () => {
  it('[M-16] declares the elicitation capability in every request _meta', async () => {
    const { server, client, ui } = await setup({ ask: askName() });
    ui.push({ form: submitDefaults });
    await callToolWithElicitation(client, { name: 'ask', arguments: {} });
    expect(server.legs).toHaveLength(2);
    for (const leg of server.legs) {
      const meta = leg.params._meta as Record<string, unknown>;
      expect(meta['io.modelcontextprotocol/clientCapabilities']).toMatchObject({
        elicitation: { form: {}, url: {} },
      });
    }
  });

  it("answers a form on a plain client.callTool (the SDK hands the round to elicitkit's driver)", async () => {
    const { client, ui } = await setup({ ask: askName() });
    ui.push({ form: submitDefaults });
    const result = await client.callTool({ name: 'ask', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'hello Ada' }]);
    const prompt = ui.prompts[0] as FormPrompt;
    expect(prompt).toMatchObject({ kind: 'form', message: 'Your name?', initial: { name: 'Ada' } });
    // The round's key, for what asks another host in turn (a bridge) under the same key.
    expect(prompt.inputRequestKey).toBe('name');
    expect(prompt.requester).toEqual({
      name: 'server-2026',
      title: 'Test Server 2026',
      version: '3.0.0',
    });
  });

  it('[M-12] [M-13] echoes requestState byte for byte on each retry, with a new id', async () => {
    // Whitespace, escapes and non-BMP text: anything a parser or normalizer would change.
    const states = [' {"a":1}\u2028\t', 'x'.repeat(5000), '🧪\u0000é'];
    const tool: Tool2026 = (ctx) => {
      const step =
        Object.keys(responsesOf(ctx)).length === 0 ? 0 : Number(Object.keys(responsesOf(ctx))[0]!.slice(1));
      if (step >= states.length) return text('done');
      return inputRequired({
        inputRequests: {
          [`q${step + 1}`]: inputRequired.elicit({
            message: `Step ${step + 1}`,
            requestedSchema: nameSchema,
          }),
        },
        requestState: states[step]!,
      });
    };
    const { server, client, ui } = await setup({ steps: tool });
    ui.push({ form: submitDefaults }, { form: submitDefaults }, { form: submitDefaults });
    const result = await callToolWithElicitation(client, { name: 'steps', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'done' }]);
    expect(server.legs.map((leg) => leg.params.requestState)).toEqual([undefined, ...states]);
    expect(new Set(server.legs.map((leg) => leg.id)).size).toBe(server.legs.length);
    expect(server.legs[1]?.params.inputResponses).toEqual({
      q1: { action: 'accept', content: { name: 'Ada' } },
    });
  });

  it('[M-11] shows several input requests of one round one at a time, in order, and answers each as the user did', async () => {
    const tool: Tool2026 = (ctx) => {
      const got = responsesOf(ctx);
      if (Object.keys(got).length === 0) {
        return inputRequired({
          inputRequests: {
            first: inputRequired.elicit({ message: 'First?', requestedSchema: nameSchema }),
            second: inputRequired.elicit({ message: 'Second?', requestedSchema: nameSchema }),
            third: inputRequired.elicit({ message: 'Third?', requestedSchema: nameSchema }),
          },
        });
      }
      return text(JSON.stringify(got));
    };
    let open = 0;
    let overlapped = false;
    const slowly = (answer: 'submit' | 'decline' | 'cancel') => async (prompt: FormPrompt) => {
      open += 1;
      if (open > 1) overlapped = true;
      await new Promise((resolve) => setImmediate(resolve));
      open -= 1;
      return answer === 'submit' ? submitDefaults(prompt) : { action: answer };
    };
    const { client, ui } = await setup({ three: tool });
    ui.push({ form: slowly('submit') }, { form: slowly('decline') }, { form: slowly('cancel') });
    const result = await callToolWithElicitation(client, { name: 'three', arguments: {} });
    expect(ui.prompts.map((prompt) => prompt.message)).toEqual(['First?', 'Second?', 'Third?']);
    expect(overlapped).toBe(false);
    expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual({
      first: { action: 'accept', content: { name: 'Ada' } },
      second: { action: 'decline' },
      third: { action: 'cancel' },
    });
  });

  it('[M-11] on a plain client.callTool too, asks the questions of one round one at a time, in order', async () => {
    const tool: Tool2026 = (ctx) => {
      const got = responsesOf(ctx);
      if (Object.keys(got).length > 0) return text(Object.keys(got).join(','));
      return inputRequired({
        inputRequests: Object.fromEntries(
          ['b', 'a', 'c'].map((key) => [
            key,
            inputRequired.elicit({ message: key, requestedSchema: nameSchema }),
          ]),
        ),
      });
    };
    let open = 0;
    let overlapped = false;
    const answer = async (prompt: FormPrompt) => {
      open += 1;
      if (open > 1) overlapped = true;
      await new Promise((resolve) => setImmediate(resolve));
      open -= 1;
      return submitDefaults(prompt);
    };
    const { client, ui } = await setup({ three: tool });
    ui.push({ form: answer }, { form: answer }, { form: answer });
    const result = await client.callTool({ name: 'three', arguments: {} });
    expect(ui.prompts.map((prompt) => prompt.message)).toEqual(['b', 'a', 'c']);
    expect(overlapped).toBe(false);
    expect(result.content).toEqual([{ type: 'text', text: 'b,a,c' }]);
  });

  it('[M-08] ends a server that asks forever with a typed round-limit error', async () => {
    const { client, ui } = await setup({ forever: askForever() });
    for (let i = 0; i < 5; i++) ui.push({ form: submitDefaults });
    const error = await callToolWithElicitation(
      client,
      { name: 'forever', arguments: {} },
      { maxPromptRounds: 3 },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PeerError);
    expect(error).toMatchObject({ code: 'round-limit' });
    expect(ui.prompts).toHaveLength(3);
  });

  it('[M-08] caps a plain client.callTool against a server that asks forever, with the same round limit (issue 21)', async () => {
    const ui = scriptedUI([], { form: submitDefaults });
    const { client } = await setup({ forever: askForever() }, { ui });
    const error = await client.callTool({ name: 'forever', arguments: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PeerError);
    expect(error).toMatchObject({ code: 'round-limit' });
    // The person saw DEFAULT_MAX_PROMPT_ROUNDS prompts, not the hundred the SDK's own cap let through.
    expect(ui.prompts).toHaveLength(DEFAULT_MAX_PROMPT_ROUNDS);
  });

  it("[M-08] takes the host's roundLimits for a plain client.callTool", async () => {
    const ui = scriptedUI([], { form: submitDefaults });
    const { client } = await setup({ forever: askForever() }, { ui, roundLimits: { maxPromptRounds: 2 } });
    await expect(client.callTool({ name: 'forever', arguments: {} })).rejects.toMatchObject({
      code: 'round-limit',
    });
    expect(ui.prompts).toHaveLength(2);
  });

  it('ends a plain client.callTool that repeats an answered round unchanged with a retry-loop error', async () => {
    const { client, ui } = await setup({ loop: repeatRound() });
    ui.push({ form: submitDefaults }, { form: submitDefaults });
    await expect(client.callTool({ name: 'loop', arguments: {} })).rejects.toMatchObject({
      name: 'PeerError',
      code: 'retry-loop',
    });
    expect(ui.prompts).toHaveLength(1);
  });

  it('still answers a sampling input request with the handler the host registered on the SDK client', async () => {
    const tool: Tool2026 = (ctx) => {
      const { name, sample } = responsesOf(ctx) as Record<string, { content?: unknown; action?: string }>;
      if (name && sample) return text(`${name.action} + ${JSON.stringify(sample.content)}`);
      return inputRequired({
        inputRequests: {
          name: inputRequired.elicit({ message: 'Name?', requestedSchema: nameSchema }),
          sample: inputRequired.createMessage({
            messages: [{ role: 'user', content: { type: 'text', text: 'Say hi' } }],
            maxTokens: 10,
          }),
        },
      });
    };
    const server = await startServer2026({ both: tool });
    const ui = scriptedUI([{ form: submitDefaults }]);
    const client = new Client(
      { name: 'sampling-host', version: '1.0.0' },
      { versionNegotiation: { mode: 'auto' }, capabilities: { sampling: {} } },
    );
    installElicitation(client, { ui, rateLimit: false });
    client.setRequestHandler('sampling/createMessage', async () => ({
      role: 'assistant',
      content: { type: 'text', text: 'hi' },
      model: 'test-model',
    }));
    await client.connect(server.transport());
    cleanup.push(server.close, () => client.close());
    const result = await client.callTool({ name: 'both', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'accept + {"type":"text","text":"hi"}' }]);
    expect(ui.prompts).toHaveLength(1);
  });

  it('ends a server that ignores accepted answers and repeats the round unchanged with a retry-loop error', async () => {
    const { client, ui } = await setup({ loop: repeatRound() });
    ui.push({ form: submitDefaults }, { form: submitDefaults });
    const error = await callToolWithElicitation(client, { name: 'loop', arguments: {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ name: 'PeerError', code: 'retry-loop' });
    expect(ui.prompts).toHaveLength(1);
  });

  it('[M-10] lets the server ask again after a decline (not a loop)', async () => {
    const tool: Tool2026 = (ctx) => {
      const answer = responsesOf(ctx).name as { action?: string } | undefined;
      if (answer?.action === 'accept') return text('thanks');
      return inputRequired({
        inputRequests: { name: inputRequired.elicit({ message: 'Name?', requestedSchema: nameSchema }) },
      });
    };
    const { client, ui } = await setup({ insist: tool });
    ui.push({ form: { action: 'decline' } }, { form: submitDefaults });
    const result = await callToolWithElicitation(client, { name: 'insist', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'thanks' }]);
    expect(ui.prompts).toHaveLength(2);
  });

  it('[M-11] retries requestState-only rounds at once but paced by the clock, without prompting', async () => {
    let shed = 0;
    const tool: Tool2026 = () => {
      shed += 1;
      return shed <= 3 ? inputRequired({ requestState: `busy-${shed}` }) : text('served');
    };
    const pauses: number[] = [];
    const clock = { now: () => 0, sleep: async (ms: number) => void pauses.push(ms) };
    const { server, client, ui } = await setup({ busy: tool }, { clock });
    const result = await callToolWithElicitation(client, { name: 'busy', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'served' }]);
    expect(pauses).toEqual([250, 500, 1000]);
    expect(ui.prompts).toHaveLength(0);
    expect(server.legs.map((leg) => leg.params.requestState)).toEqual([
      undefined,
      'busy-1',
      'busy-2',
      'busy-3',
    ]);
    expect(server.legs.every((leg) => leg.params.inputResponses === undefined)).toBe(true);
  });

  it('[M-14] keeps each call’s requestState to itself when calls run in parallel', async () => {
    const tool: Tool2026 = (ctx) => {
      const state = ctx.mcpReq.requestState<string>();
      if (state) return text(state);
      const answer = responsesOf(ctx).name as { content?: { name?: string } } | undefined;
      return inputRequired({
        inputRequests: answer
          ? {}
          : { name: inputRequired.elicit({ message: 'Name?', requestedSchema: nameSchema }) },
        requestState: `state-for-${String(ctx.mcpReq.id)}`,
      });
    };
    const { client, ui } = await setup({ mine: tool });
    ui.push({ form: submitDefaults }, { form: submitDefaults });
    const [a, b] = await Promise.all([
      callToolWithElicitation(client, { name: 'mine', arguments: {} }),
      callToolWithElicitation(client, { name: 'mine', arguments: {} }),
    ]);
    const texts = [a, b].map((r) => (r.content[0] as { text: string }).text);
    expect(new Set(texts).size).toBe(2);
  });

  it('[E-13] shows a schema whose only fault is a default failing its own field, without that default, and names the field', async () => {
    const schema = {
      type: 'object',
      properties: {
        code: { type: 'string', minLength: 5, default: 'abc' },
        city: { type: 'string', default: 'Paris' },
      },
    };
    const tool: Tool2026 = (ctx) =>
      responsesOf(ctx).q
        ? text('ok')
        : ({
            resultType: 'input_required',
            inputRequests: {
              q: { method: 'elicitation/create', params: { message: 'Code?', requestedSchema: schema } },
            },
          } as never);
    const dropped: ElicitationHostEvents['default-dropped'][] = [];
    const { client, ui, host } = await setup({ interop: tool });
    host.on('default-dropped', (event) => dropped.push(event));
    ui.push({ form: { action: 'submit', content: { code: 'abcdef', city: 'Paris' } } });
    await callToolWithElicitation(client, { name: 'interop', arguments: {} });
    const prompt = ui.prompts[0] as FormPrompt;
    expect(prompt.initial).toEqual({ city: 'Paris' });
    expect(prompt.fields.find((field) => field.name === 'code')?.default).toBeUndefined();
    expect(dropped.map((event) => event.fields.map((f) => f.field))).toEqual([['code']]);
  });
  it("asks a round's input requests together when the UI shows every prompt at once (ElicitationUI.concurrent)", async () => {
    const both: Tool2026 = (ctx) => {
      const answers = responsesOf(ctx) as Record<string, { content?: { name?: string } }>;
      if (!answers.first) {
        return inputRequired({
          inputRequests: {
            first: inputRequired.elicit({ message: 'First?', requestedSchema: nameSchema }),
            second: inputRequired.elicit({ message: 'Second?', requestedSchema: nameSchema }),
          },
        });
      }
      return text(`${answers.first.content?.name} and ${answers.second?.content?.name}`);
    };
    // Each prompt waits until both are up: a UI asked one at a time would never answer.
    const shown: { message: string; answer: (name: string) => void }[] = [];
    const ui = {
      concurrent: true,
      form: (prompt: FormPrompt) =>
        new Promise<{ action: 'submit'; content: { name: string } }>((resolve) => {
          shown.push({
            message: prompt.message,
            answer: (name) => resolve({ action: 'submit', content: { name } }),
          });
          if (shown.length === 2) for (const { message, answer } of shown) answer(message.slice(0, -1));
        }),
      url: async () => ({ action: 'decline' as const }),
    };
    const { client } = await setup({ both }, { ui });
    const result = await callToolWithElicitation(client, { name: 'both', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'First and Second' }]);
    expect(shown.map(({ message }) => message)).toEqual(['First?', 'Second?']);
  });
});

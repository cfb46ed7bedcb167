import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { inputRequired } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import {
  callToolWithElicitation,
  type InstallElicitationOptions,
  installElicitation,
  RefusedError,
  type UrlPrompt,
} from '../src/index.js';
import { scriptedUI } from '../src/testing/index.js';
import { connect2026, startServer2026, type Tool2026 } from './helpers/server-2026.js';
import { recordingOpener } from './helpers/wait.js';

const URL_TEXT = 'https://example.com/connect/flow-1';
const text = (value: string) => ({ content: [{ type: 'text', text: value }] });

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanup.reverse()) await close();
  cleanup = [];
});

/** The browser side of the flow: the test finishes it; a held retry wakes up. */
function browserFlow() {
  let finish = () => {};
  const finished = new Promise<void>((resolve) => (finish = resolve));
  let done = false;
  let holds = 0;
  const holdWaiters: { n: number; wake: () => void }[] = [];
  return {
    finished,
    get done() {
      return done;
    },
    finish() {
      done = true;
      finish();
    },
    /** The server started holding a retry. */
    holding() {
      holds += 1;
      for (const waiter of holdWaiters.filter((w) => w.n <= holds)) waiter.wake();
    },
    /** Resolves once the server holds its `n`th retry. */
    held(n: number): Promise<void> {
      return n <= holds ? Promise.resolve() : new Promise((wake) => holdWaiters.push({ n, wake }));
    },
  };
}

type Behaviour = 'hold' | 'shed' | 'ask-again';

/** A URL tool: asks for the URL flow, then on each retry holds, sheds, or asks again until the flow is done. */
function urlTool(
  flow: ReturnType<typeof browserFlow>,
  behaviour: Behaviour,
  legs: { count: number },
): Tool2026 {
  const ask = inputRequired.elicitUrl({ message: 'Connect your account', url: URL_TEXT });
  return async (ctx) => {
    legs.count += 1;
    const answer = ctx.mcpReq.inputResponses?.connect as { action?: string } | undefined;
    if (!answer && ctx.mcpReq.requestState() === undefined) {
      return inputRequired({ inputRequests: { connect: ask }, requestState: 'url-pending' });
    }
    if (answer && answer.action !== 'accept') return text(`not connected (${answer.action})`);
    if (flow.done) return text('connected');
    if (behaviour === 'hold') {
      flow.holding();
      await flow.finished;
      return text('connected after holding');
    }
    if (behaviour === 'shed') return inputRequired({ requestState: 'url-pending' });
    return inputRequired({ inputRequests: { connect: ask }, requestState: 'url-pending' });
  };
}

async function setup(
  behaviour: Behaviour,
  options: Partial<InstallElicitationOptions> = {},
  how: 'memory' | 'http' = 'memory',
) {
  const flow = browserFlow();
  const legs = { count: 0 };
  const server = await startServer2026({ connect: urlTool(flow, behaviour, legs) }, how);
  const ui = scriptedUI();
  const opener = recordingOpener();
  const connection = await connect2026(server, { ui, opener, rateLimit: false, ...options });
  cleanup.push(async () => flow.finish(), server.close, connection.close);
  return { flow, legs, server, ui, opener, ...connection };
}

/** A wait step: once the server holds its `n`th retry, the user finishes in the browser; the controls stay up. */
const finishOnHold = (flow: ReturnType<typeof browserFlow>, n: number) => async () => {
  await flow.held(n);
  flow.finish();
  return new Promise<never>(() => {});
};

const pacedBy = (pauses: number[], onPause?: (n: number) => void) => ({
  now: () => 0,
  sleep: async (ms: number) => {
    pauses.push(ms);
    onPause?.(pauses.length);
  },
});

describe('2026-07-28 URL input requests: consent → open → retry (M-17)', () => {
  for (const how of ['memory', 'http'] as const) {
    it(`[M-17] opens after consent and retries; the server holds the retry until the flow is done (${how})`, async () => {
      const { flow, server, client, ui, opener } = await setup('hold', {}, how);
      ui.push({ url: { action: 'consent' } }, { wait: finishOnHold(flow, 1) });
      const result = await callToolWithElicitation(client, { name: 'connect', arguments: {} });
      expect(result.content).toEqual([{ type: 'text', text: 'connected after holding' }]);
      const prompt = ui.prompts[0] as UrlPrompt;
      expect(prompt).toMatchObject({
        kind: 'url',
        flowId: 'connect',
        origin: 'request',
        message: 'Connect your account',
      });
      expect(prompt.url.display.full).toBe(URL_TEXT);
      expect(opener.opened).toEqual([URL_TEXT]);
      // E-22: the controls were up while the server held the retry, and are withdrawn with the result.
      expect(ui.waits).toHaveLength(1);
      expect(ui.waits[0]?.pending).toMatchObject([{ flowId: 'connect' }]);
      expect(ui.waits[0]?.signal.aborted).toBe(true);
      expect(server.legs[1]?.params).toMatchObject({
        inputResponses: { connect: { action: 'accept' } },
        requestState: 'url-pending',
      });
    });
  }

  it('[M-17] a plain client.callTool consents, opens and retries through the same round driver, controls up while held', async () => {
    const { flow, client, ui, opener } = await setup('hold');
    ui.push({
      url: () => {
        void flow.held(1).then(() => flow.finish());
        return { action: 'consent' };
      },
    });
    const result = await client.callTool({ name: 'connect', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'connected after holding' }]);
    expect(opener.opened).toEqual([URL_TEXT]);
    // E-22: "retry now" / "cancel" were offered while the server held the retry, then withdrawn.
    expect(ui.waits).toHaveLength(1);
    expect(ui.waits[0]?.signal.aborted).toBe(true);
  });

  it('[M-13] "retry now" abandons the held retry and sends it again as a new request', async () => {
    const { flow, server, client, ui } = await setup('hold');
    ui.push(
      { url: { action: 'consent' } },
      {
        wait: async () => {
          await flow.held(1);
          return 'retry' as const;
        },
      },
      { wait: finishOnHold(flow, 2) },
    );
    const result = await callToolWithElicitation(client, { name: 'connect', arguments: {} });
    expect((result.content[0] as { text: string }).text).toMatch(/^connected/);
    expect(server.legs).toHaveLength(3);
    expect(ui.waits).toHaveLength(2);
    expect(new Set(server.legs.map((leg) => leg.id)).size).toBe(server.legs.length);
    expect(server.legs[2]?.params).toMatchObject({
      inputResponses: { connect: { action: 'accept' } },
      requestState: 'url-pending',
    });
  });

  it('[E-22] "cancel" while the server holds ends the call with RefusedError(wait-cancelled)', async () => {
    const { client, ui } = await setup('hold');
    ui.push({ url: { action: 'consent' } }, { wait: 'cancel' });
    const error = await callToolWithElicitation(client, { name: 'connect', arguments: {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RefusedError);
    expect(error).toMatchObject({ code: 'wait-cancelled' });
  });

  it('[M-11] retries a server that sheds (requestState only), paced, with the controls up, until done', async () => {
    const pauses: number[] = [];
    let flowRef: ReturnType<typeof browserFlow> | undefined;
    const { flow, client, ui, server } = await setup('shed', {
      clock: pacedBy(pauses, (n) => n === 3 && flowRef?.finish()),
    });
    flowRef = flow;
    ui.push({ url: { action: 'consent' } });
    const result = await callToolWithElicitation(client, { name: 'connect', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'connected' }]);
    expect(pauses).toEqual([250, 500, 1000]);
    expect(ui.prompts).toHaveLength(1);
    expect(ui.waits.length).toBeGreaterThanOrEqual(1);
    expect(ui.waits.every((wait) => wait.signal.aborted)).toBe(true);
    expect(server.legs.slice(2).every((leg) => leg.params.inputResponses === undefined)).toBe(true);
  });

  it('[M-17] does not ask again for a consented URL the server lists again: answers accept, opens once', async () => {
    const pauses: number[] = [];
    let flowRef: ReturnType<typeof browserFlow> | undefined;
    const { flow, client, ui, opener, server } = await setup('ask-again', {
      clock: pacedBy(pauses, (n) => n === 2 && flowRef?.finish()),
    });
    flowRef = flow;
    ui.push({ url: { action: 'consent' } });
    const result = await callToolWithElicitation(client, { name: 'connect', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'connected' }]);
    expect(ui.prompts).toHaveLength(1);
    expect(opener.opened).toHaveLength(1);
    expect(
      server.legs.slice(1).every((leg) => (leg.params.inputResponses as Record<string, unknown>)?.connect),
    ).toBe(true);
  });

  it('ends a server that holds forever after maxWaitRounds with a typed wait-limit error', async () => {
    const { client, ui } = await setup('shed', { clock: pacedBy([]) });
    ui.push({ url: { action: 'consent' } });
    const error = await callToolWithElicitation(
      client,
      { name: 'connect', arguments: {} },
      { maxWaitRounds: 4 },
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'PeerError', code: 'wait-limit' });
  });

  it('[E-04] a declined URL is answered decline on the retry, and nothing opens', async () => {
    const { client, ui, opener } = await setup('hold');
    ui.push({ url: { action: 'decline' } });
    const result = await callToolWithElicitation(client, { name: 'connect', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'not connected (decline)' }]);
    expect(opener.opened).toEqual([]);
    expect(ui.waits).toHaveLength(0);
  });

  it('[E-53] says so and shows the URL when the browser cannot be opened', async () => {
    const { flow, client, ui } = await setup('hold', {
      opener: async () => {
        throw new Error('no display');
      },
    });
    ui.push({ url: { action: 'consent' } }, { wait: finishOnHold(flow, 1) });
    await callToolWithElicitation(client, { name: 'connect', arguments: {} });
    expect(ui.notices.map((notice) => notice.code)).toContain('open-failed');
    expect(ui.notices.find((notice) => notice.code === 'open-failed')?.message).toContain(URL_TEXT);
    expect(ui.notices.map((notice) => notice.code)).not.toContain('url-opened');
  });
});

describe('2026-07-28 over stdio', () => {
  it('answers a form from a plain SDK stdio server (serveStdio), negotiating 2026-07-28', async () => {
    const client = new Client(
      { name: 'elicitkit-test-host', version: '0.0.0' },
      { versionNegotiation: { mode: 'auto' } },
    );
    const ui = scriptedUI([{ form: { action: 'submit', content: { name: 'Grace' } } }]);
    installElicitation(client, { ui, opener: recordingOpener(), rateLimit: false });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: ['--import', 'tsx', join(import.meta.dirname, '../../../test/support/stdio-server-2026.ts')],
        stderr: 'ignore',
      }),
    );
    cleanup.push(() => client.close());
    expect(client.getProtocolEra()).toBe('modern');
    const result = await callToolWithElicitation(client, { name: 'ask', arguments: {} });
    expect(result.content).toEqual([
      { type: 'text', text: 'ANSWER {"action":"accept","content":{"name":"Grace"}}' },
    ]);
    expect(ui.prompts[0]?.message).toBe('Who are you?');
  });
});

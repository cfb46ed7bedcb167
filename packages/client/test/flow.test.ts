import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type ElicitationHost,
  type FormPrompt,
  type InstallElicitationOptions,
  installElicitation,
} from '../src/index.js';
import { holdUntilWithdrawn, scriptedUI } from '../src/testing/index.js';
import { connectToRawServer, RawServer } from './helpers/raw-server.js';
import { recordingOpener, settle, until } from './helpers/wait.js';

const schema = { type: 'object', properties: { answer: { type: 'string' } } };
const formRequest = (message: string) => ({ message, requestedSchema: schema });

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanup.map((close) => close()));
  cleanup = [];
});

async function setup(options: Partial<InstallElicitationOptions> = {}) {
  const ui = scriptedUI();
  const connection = await connectToRawServer({
    ui,
    opener: recordingOpener(),
    rateLimit: false,
    ...options,
  });
  cleanup.push(connection.close);
  return { ui, ...connection };
}

function manualClock() {
  let now = 0;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('[E-43] rate limit per server', () => {
  it('[E-43] answers a flood with cancel after the burst, without prompting, and tells the UI once', async () => {
    const clock = manualClock();
    const { server, ui, host } = await setup({ rateLimit: undefined, clock });
    const limited: unknown[] = [];
    host.on('rate-limited', (event) => limited.push(event));
    ui.push(...Array.from({ length: 3 }, () => ({ form: { action: 'decline' as const } })));
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => server.elicit(formRequest(`#${i}`))),
    );
    const actions = responses.map((response) => response.result?.action);
    expect(actions.filter((action) => action === 'decline')).toHaveLength(3);
    expect(actions.filter((action) => action === 'cancel')).toHaveLength(7);
    expect(ui.prompts).toHaveLength(3);
    expect(ui.notices.filter((notice) => notice.code === 'rate-limited')).toHaveLength(1);
    expect(limited).toHaveLength(1);

    clock.advance(10_000);
    ui.push({ form: { action: 'decline' } });
    expect((await server.elicit(formRequest('later'))).result).toEqual({ action: 'decline' });
  });

  it('[E-43] limits each server separately', async () => {
    const clock = manualClock();
    const ui = scriptedUI([], { form: { action: 'decline' } });
    const a = await connectToRawServer({ ui, rateLimit: { burst: 1 }, clock, opener: recordingOpener() });
    const b = await connectToRawServer({ ui, rateLimit: { burst: 1 }, clock, opener: recordingOpener() });
    cleanup.push(a.close, b.close);
    expect((await a.server.elicit(formRequest('a1'))).result?.action).toBe('decline');
    expect((await a.server.elicit(formRequest('a2'))).result?.action).toBe('cancel');
    expect((await b.server.elicit(formRequest('b1'))).result?.action).toBe('decline');
  });

  it('does not count refused requests against the budget', async () => {
    const { server, ui } = await setup({ rateLimit: { burst: 1 } });
    for (let i = 0; i < 5; i++) await server.elicit({ message: 42 });
    ui.push({ form: { action: 'decline' } });
    expect((await server.elicit(formRequest('valid'))).result?.action).toBe('decline');
  });
});

describe('one prompt at a time', () => {
  it('queues concurrent requests and shows them in arrival order', async () => {
    const { server, ui } = await setup();
    let releaseFirst!: () => void;
    let firstOpen = true;
    let secondShownWhileFirstOpen: boolean | undefined;
    ui.push(
      { form: () => new Promise((resolve) => (releaseFirst = () => resolve({ action: 'decline' }))) },
      {
        form: () => {
          secondShownWhileFirstOpen = firstOpen;
          return { action: 'cancel' };
        },
      },
    );
    const first = server.elicit(formRequest('first'));
    const second = server.elicit(formRequest('second'));
    await until(() => ui.prompts.length === 1, 'the first prompt');
    firstOpen = false;
    releaseFirst();
    expect((await first).result?.action).toBe('decline');
    expect((await second).result?.action).toBe('cancel');
    expect(secondShownWhileFirstOpen).toBe(false);
    expect(ui.prompts.map((prompt) => prompt.message)).toEqual(['first', 'second']);
  });

  it('never shows a request the server cancelled while it was queued', async () => {
    const { server, ui } = await setup();
    let releaseFirst!: () => void;
    ui.push(
      { form: () => new Promise((resolve) => (releaseFirst = () => resolve({ action: 'decline' }))) },
      { form: { action: 'cancel' } },
    );
    const first = server.elicit(formRequest('first'));
    const queued = server.request('elicitation/create', formRequest('queued'));
    const third = server.elicit(formRequest('third'));
    await until(() => ui.prompts.length === 1, 'the first prompt');
    await server.cancel(queued.id);
    await settle();
    releaseFirst();
    await Promise.all([first, third]);
    expect(ui.prompts.map((prompt) => prompt.message)).toEqual(['first', 'third']);
    expect(server.isPending(queued.id)).toBe(true); // a cancelled request gets no response at all
  });

  it('shares the queue between clients that use the same UI', async () => {
    const ui = scriptedUI();
    const a = await connectToRawServer({ ui, rateLimit: false, opener: recordingOpener() });
    const b = await connectToRawServer({ ui, rateLimit: false, opener: recordingOpener() });
    cleanup.push(a.close, b.close);
    let release!: () => void;
    let firstOpen = true;
    let secondShownWhileFirstOpen: boolean | undefined;
    ui.push(
      { form: () => new Promise((resolve) => (release = () => resolve({ action: 'decline' }))) },
      {
        form: () => {
          secondShownWhileFirstOpen = firstOpen;
          return { action: 'decline' };
        },
      },
    );
    const fromA = a.server.elicit(formRequest('from a'));
    const fromB = b.server.elicit(formRequest('from b'));
    await until(() => ui.prompts.length === 1, 'the first prompt');
    firstOpen = false;
    release();
    await Promise.all([fromA, fromB]);
    expect(secondShownWhileFirstOpen).toBe(false);
    expect(ui.prompts.map((prompt) => prompt.message)).toEqual(['from a', 'from b']);
  });
});

describe('withdrawing prompts', () => {
  it('fires the prompt signal when the server cancels mid-prompt, and sends no response', async () => {
    const { server, ui } = await setup();
    ui.push({ form: holdUntilWithdrawn }, { form: { action: 'decline' } });
    const pending = server.request('elicitation/create', formRequest('slow'));
    const prompt = (await until(() => ui.prompts[0], 'the prompt')) as FormPrompt;
    expect(prompt.signal.aborted).toBe(false);
    await server.cancel(pending.id);
    await until(() => prompt.signal.aborted, 'the prompt to be withdrawn');
    // The next request is shown at once: the withdrawn prompt no longer holds the queue.
    expect((await server.elicit(formRequest('next'))).result?.action).toBe('decline');
    expect(server.isPending(pending.id)).toBe(true);
  });

  it('fires the prompt signal when the connection drops', async () => {
    const { server, ui, client } = await setup();
    ui.push({ form: holdUntilWithdrawn });
    void server.elicit(formRequest('slow'));
    const prompt = (await until(() => ui.prompts[0], 'the prompt')) as FormPrompt;
    await client.close();
    await until(() => prompt.signal.aborted, 'the prompt to be withdrawn');
  });
});

describe('completion notifications', () => {
  async function consentTo(server: RawServer, ui: ReturnType<typeof scriptedUI>, elicitationId: string) {
    ui.push({ url: { action: 'consent' } });
    const response = await server.elicit({
      mode: 'url',
      message: 'Connect',
      url: 'https://example.com/connect',
      elicitationId,
    });
    expect(response.result).toEqual({ action: 'accept' });
  }

  it('[E-17] exposes the completion of a consented elicitation as an event and a notice', async () => {
    const { server, ui, host } = await setup();
    const completed: string[] = [];
    host.on('complete', (event) => completed.push(`${event.elicitationId}@${event.requester.name}`));
    await consentTo(server, ui, 'e1');
    const waiting = host.waitForCompletion('e1');
    await server.completeElicitation('e1');
    await waiting;
    expect(completed).toEqual(['e1@raw-server']);
    expect(ui.notices.map((notice) => notice.code)).toContain('elicitation-complete');
  });

  /**
   * Proves that nothing came of the notices sent so far: a real completion for a consented `marker` goes last and
   * is awaited. Completion notices are handled in arrival order and synchronously, so once the marker's is
   * handled every earlier one has been too.
   */
  async function afterEarlierNotices(server: RawServer, host: ElicitationHost) {
    const marker = host.waitForCompletion('marker');
    await server.completeElicitation('marker');
    await marker;
  }

  it('[E-20] ignores completions for unknown ids', async () => {
    const { server, ui, host } = await setup();
    await consentTo(server, ui, 'marker');
    const completed: string[] = [];
    host.on('complete', (event) => completed.push(event.elicitationId));
    await server.completeElicitation('never-asked');
    await server.notify('notifications/elicitation/complete', { elicitationId: 42 });
    await afterEarlierNotices(server, host);
    expect(completed).toEqual(['marker']);
  });

  it('[E-20] ignores duplicate completions', async () => {
    const { server, ui, host } = await setup();
    await consentTo(server, ui, 'marker');
    const completed: string[] = [];
    host.on('complete', (event) => completed.push(event.elicitationId));
    await consentTo(server, ui, 'e1');
    await server.completeElicitation('e1');
    await server.completeElicitation('e1');
    await afterEarlierNotices(server, host);
    expect(completed).toEqual(['e1', 'marker']);
  });

  it('[E-20] ignores completions for URL requests the user declined', async () => {
    const { server, ui, host } = await setup();
    await consentTo(server, ui, 'marker');
    const completed: string[] = [];
    host.on('complete', (event) => completed.push(event.elicitationId));
    ui.push({ url: { action: 'decline' } });
    await server.elicit({ mode: 'url', message: 'x', url: 'https://example.com/', elicitationId: 'd1' });
    await server.completeElicitation('d1');
    await afterEarlierNotices(server, host);
    expect(completed).toEqual(['marker']);
  });

  it('keeps working when a listener throws, reporting the error through client.onerror', async () => {
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    const server = new RawServer(serverTransport, { name: 's', version: '1' });
    await serverTransport.start();
    const client = new Client({ name: 'c', version: '1' });
    const ui = scriptedUI();
    const host = installElicitation(client, { ui, opener: recordingOpener() });
    const errors: Error[] = [];
    client.onerror = (error) => errors.push(error);
    host.on('complete', () => {
      throw new Error('listener bug');
    });
    await client.connect(clientTransport);
    cleanup.push(() => client.close());
    await consentTo(server, ui, 'e1');
    await server.completeElicitation('e1');
    await until(() => errors.length > 0, 'the listener error');
    expect(errors[0]?.message).toBe('listener bug');
  });
});

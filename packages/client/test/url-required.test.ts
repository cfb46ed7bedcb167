import { Client } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import {
  callToolWithElicitation,
  type InstallElicitationOptions,
  PeerError,
  RefusedError,
  requestWithElicitation,
  type UrlPrompt,
} from '../src/index.js';
import { scriptedUI } from '../src/testing/index.js';
import { connectToRawServer, type RawServer } from './helpers/raw-server.js';
import { recordingOpener, until } from './helpers/wait.js';

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanup.map((close) => close()));
  cleanup = [];
});

const required = (...ids: string[]) => ({
  error: {
    code: -32042,
    message: 'This tool needs your GitHub account',
    data: {
      elicitations: ids.map((id) => ({
        mode: 'url',
        message: `Connect GitHub (${id})`,
        url: `https://example.com/connect/${id}`,
        elicitationId: id,
      })),
    },
  },
});
const ok = { result: { content: [{ type: 'text', text: 'done' }] } };

/**
 * A server whose tool needs URL elicitation `ids` completed first; the fake browser "completes" each flow
 * right after it is opened, unless `completeOnOpen` is false.
 */
async function setup(
  options: Partial<InstallElicitationOptions> & { ids?: string[]; completeOnOpen?: boolean } = {},
) {
  const ids = options.ids ?? ['e1'];
  const done = new Set<string>();
  let server!: RawServer;
  const opener = recordingOpener(async (href) => {
    if (options.completeOnOpen === false) return;
    const id = href.split('/').at(-1)!;
    done.add(id);
    setTimeout(() => void server.completeElicitation(id), 5);
  });
  const ui = scriptedUI();
  const connection = await connectToRawServer({ ui, opener, rateLimit: false, ...options });
  server = connection.server;
  cleanup.push(connection.close);
  let calls = 0;
  server.handlers['tools/call'] = () => {
    calls += 1;
    return ids.every((id) => done.has(id)) ? ok : required(...ids.filter((id) => !done.has(id)));
  };
  return { ui, opener, done, calls: () => calls, ...connection };
}

describe('callToolWithElicitation (-32042)', () => {
  it('[E-21] asks consent, opens the URL, waits for completion, then retries the call', async () => {
    const { client, ui, opener, calls } = await setup();
    ui.push({ url: { action: 'consent' } });
    const result = await callToolWithElicitation(client, { name: 'list_repos', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'done' }]);
    expect(calls()).toBe(2);
    expect(opener.opened).toEqual(['https://example.com/connect/e1']);
    const prompt = ui.prompts[0] as UrlPrompt;
    expect(prompt).toMatchObject({ kind: 'url', origin: 'required', flowId: 'e1' });
    expect(prompt.message).toBe('Connect GitHub (e1)');
  });

  it('[E-21] runs every listed elicitation before retrying', async () => {
    const { client, ui, opener } = await setup({ ids: ['a', 'b'] });
    ui.push({ url: { action: 'consent' } }, { url: { action: 'consent' } });
    await callToolWithElicitation(client, { name: 't' });
    expect(opener.opened).toEqual(['https://example.com/connect/a', 'https://example.com/connect/b']);
  });

  it('[E-22] offers retry-now while waiting; a still-running flow is not asked about again', async () => {
    const { client, ui, server, calls } = await setup({ completeOnOpen: false });
    ui.push({ url: { action: 'consent' } }, { wait: 'retry' });
    const call = callToolWithElicitation(client, { name: 't' });
    // After the manual retry the server still needs e1; the loop waits again without a second prompt.
    await until(() => ui.waits.length === 2, 'the second wait');
    expect(ui.prompts).toHaveLength(1);
    expect(ui.waits[0]?.pending.map((p) => p.flowId)).toEqual(['e1']);
    expect(ui.waits[0]?.signal.aborted).toBe(true);
    server.handlers['tools/call'] = () => ok;
    await server.completeElicitation('e1');
    await call;
    expect(ui.waits[1]?.signal.aborted).toBe(true);
    expect(calls()).toBe(2);
  });

  it('[E-22] lets the user stop waiting', async () => {
    const { client, ui } = await setup({ completeOnOpen: false });
    ui.push({ url: { action: 'consent' } }, { wait: 'cancel' });
    const error = await callToolWithElicitation(client, { name: 't' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RefusedError);
    expect(error).toMatchObject({ code: 'wait-cancelled' });
  });

  it('[E-04] ends with a typed error when the user declines or cancels consent, without retrying', async () => {
    const declined = await setup();
    declined.ui.push({ url: { action: 'decline' } });
    await expect(callToolWithElicitation(declined.client, { name: 't' })).rejects.toMatchObject({
      name: 'RefusedError',
      code: 'consent-declined',
      details: { elicitationId: 'e1' },
    });
    expect(declined.calls()).toBe(1);
    expect(declined.opener.opened).toEqual([]);

    const cancelled = await setup();
    cancelled.ui.push({ url: { action: 'cancel' } });
    await expect(callToolWithElicitation(cancelled.client, { name: 't' })).rejects.toMatchObject({
      code: 'consent-cancelled',
    });
  });

  it('ends in retry-loop when the server asks again for an elicitation that completed', async () => {
    const { client, ui, server } = await setup();
    server.handlers['tools/call'] = () => required('e1');
    ui.push({ url: { action: 'consent' } });
    const error = await callToolWithElicitation(client, { name: 't' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PeerError);
    expect(error).toMatchObject({ code: 'retry-loop', details: { elicitationIds: ['e1'] } });
    expect((error as Error).cause).toMatchObject({ code: -32042 });
  });

  it('ends in retry-limit after maxRetries retries', async () => {
    const { client, ui, server } = await setup();
    let calls = 0;
    server.handlers['tools/call'] = () => required(`fresh-${++calls}`);
    ui.push(...Array.from({ length: 5 }, () => ({ url: { action: 'consent' as const } })));
    await expect(callToolWithElicitation(client, { name: 't' }, { maxRetries: 2 })).rejects.toMatchObject({
      code: 'retry-limit',
    });
    expect(calls).toBe(3);
  });

  for (const [label, data] of [
    ['no data', undefined],
    ['an empty list', { elicitations: [] }],
    ['a form-mode entry', { elicitations: [{ mode: 'form', message: 'x', requestedSchema: {} }] }],
    [
      'an entry without elicitationId',
      { elicitations: [{ mode: 'url', message: 'x', url: 'https://example.com/' }] },
    ],
    [
      'duplicate ids',
      {
        elicitations: [1, 2].map(() => ({
          mode: 'url',
          message: 'x',
          url: 'https://a.example/',
          elicitationId: 'same',
        })),
      },
    ],
  ] as const) {
    it(`[E-25] [E-26] refuses -32042 with ${label}, showing nothing`, async () => {
      const { client, ui, server } = await setup();
      server.handlers['tools/call'] = () => ({ error: { code: -32042, message: 'needed', data } });
      const error = await callToolWithElicitation(client, { name: 't' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PeerError);
      expect(error).toMatchObject({ code: 'invalid-url-required-data' });
      expect(ui.prompts).toHaveLength(0);
    });
  }

  it('[E-49] refuses a -32042 whose URL is unsafe, never showing it', async () => {
    const { client, ui, server, opener } = await setup();
    server.handlers['tools/call'] = () => ({
      error: {
        code: -32042,
        message: 'needed',
        data: {
          elicitations: [{ mode: 'url', message: 'x', url: 'javascript:alert(1)', elicitationId: 'e1' }],
        },
      },
    });
    await expect(callToolWithElicitation(client, { name: 't' })).rejects.toMatchObject({
      code: 'url-blocked',
      message: expect.stringMatching(/data\.elicitations\[0\]\.url was refused/),
    });
    expect(ui.prompts).toHaveLength(0);
    expect(opener.opened).toHaveLength(0);
  });

  it('refuses to run URL flows when the host did not declare URL mode', async () => {
    const { client } = await setup({ modes: ['form'] });
    await expect(callToolWithElicitation(client, { name: 't' })).rejects.toMatchObject({
      code: 'url-mode-not-declared',
    });
  });

  it('passes other errors through untouched', async () => {
    const { client, server } = await setup();
    server.handlers['tools/call'] = () => ({ error: { code: -32602, message: 'bad arguments' } });
    await expect(callToolWithElicitation(client, { name: 't' })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('bad arguments'),
    });
  });

  it('needs installElicitation first', async () => {
    await expect(
      callToolWithElicitation(new Client({ name: 'c', version: '1' }), { name: 't' }),
    ).rejects.toMatchObject({
      code: 'not-installed',
    });
  });

  it('stops waiting when the caller aborts', async () => {
    const { client, ui } = await setup({ completeOnOpen: false });
    ui.push({ url: { action: 'consent' } });
    const controller = new AbortController();
    const call = callToolWithElicitation(client, { name: 't' }, { signal: controller.signal });
    await until(() => ui.waits.length === 1, 'the wait');
    controller.abort(new Error('user pressed ctrl-c'));
    await expect(call).rejects.toThrow('user pressed ctrl-c');
    expect(ui.waits[0]?.signal.aborted).toBe(true);
  });

  it('stops waiting when the connection closes', async () => {
    const { client, ui } = await setup({ completeOnOpen: false });
    ui.push({ url: { action: 'consent' } });
    const call = callToolWithElicitation(client, { name: 't' });
    await until(() => ui.waits.length === 1, 'the wait');
    await client.close();
    await expect(call).rejects.toThrow(/Connection closed/);
  });

  it('works for any request through requestWithElicitation', async () => {
    const { client, ui, server } = await setup({ completeOnOpen: false });
    let connected = false;
    server.handlers['resources/read'] = () => (connected ? { result: { contents: [] } } : required('r1'));
    ui.push({ url: { action: 'consent' } });
    const read = requestWithElicitation(client, (signal) =>
      client.readResource({ uri: 'repo://x' }, { signal }),
    );
    await until(() => ui.waits.length === 1, 'the wait');
    connected = true;
    await server.completeElicitation('r1');
    expect(await read).toEqual({ contents: [] });
  });
});

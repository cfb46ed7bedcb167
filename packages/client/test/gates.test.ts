import { Client } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { createElicitationHandler, elicitationCapabilities, installElicitation } from '../src/index.js';
import { scriptedUI } from '../src/testing/index.js';
import { connectToRawServer } from './helpers/raw-server.js';
import { recordingOpener } from './helpers/wait.js';

const form = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] };
let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanup.map((close) => close()));
  cleanup = [];
});

function declaredElicitation(server: { initializeParams?: Record<string, unknown> }): unknown {
  return (server.initializeParams?.capabilities as Record<string, unknown> | undefined)?.elicitation;
}

async function setup(options: Partial<Parameters<typeof connectToRawServer>[0]> = {}) {
  const ui = scriptedUI();
  const connection = await connectToRawServer({
    ui,
    opener: recordingOpener(),
    rateLimit: false,
    ...options,
  });
  cleanup.push(connection.close);
  const rejected: string[] = [];
  connection.host.on('rejected', (event) => rejected.push(event.message));
  return { ui, rejected, ...connection };
}

describe('capability declaration', () => {
  it('[E-07] declares form and url by default, spelled out', async () => {
    const { server } = await setup();
    expect(declaredElicitation(server)).toEqual({
      form: {},
      url: {},
    });
  });

  it('[E-07] declares only the modes the host chose', async () => {
    const { server } = await setup({ modes: ['url'] });
    expect(declaredElicitation(server)).toEqual({
      url: {},
    });
  });

  it('[E-08] refuses an empty or unknown mode list', () => {
    const client = new Client({ name: 'c', version: '1' });
    expect(() => installElicitation(client, { ui: scriptedUI(), modes: [] })).toThrow(
      expect.objectContaining({ name: 'UsageError', code: 'invalid-option', details: { option: 'modes' } }),
    );
    expect(() => elicitationCapabilities(['form', 'sms' as 'form'])).toThrow(/unknown mode "sms"/);
  });

  it('elicitation: false declares no elicitation at all, and refuses every request as undeclared', async () => {
    const { server, ui } = await setup({ elicitation: false, modes: ['form'] });
    expect(declaredElicitation(server)).toBeUndefined();
    const response = await server.elicit({ mode: 'form', message: 'Who?', requestedSchema: form });
    expect(response.error?.code).toBe(-32602);
    expect(response.error?.message).toMatch(/params\.mode "form" was not declared/);
    expect(ui.prompts).toHaveLength(0);
  });

  it('createElicitationHandler refuses elicitation: false, naming it', () => {
    expect(() =>
      createElicitationHandler({ ui: scriptedUI(), elicitation: false } as Parameters<
        typeof createElicitationHandler
      >[0]),
    ).toThrow(expect.objectContaining({ code: 'invalid-option', details: { option: 'elicitation' } }));
  });

  it('refuses to install after connect, or twice', async () => {
    const { client } = await setup();
    expect(() => installElicitation(client, { ui: scriptedUI() })).toThrow(
      expect.objectContaining({ code: 'already-connected' }),
    );
    const fresh = new Client({ name: 'c', version: '1' });
    installElicitation(fresh, { ui: scriptedUI() });
    expect(() => installElicitation(fresh, { ui: scriptedUI() })).toThrow(
      expect.objectContaining({ code: 'already-installed' }),
    );
  });

  it.each([
    ['_resolveNonCompleteResult', 'running 2026-07-28 rounds of a plain callTool'],
    ['_getRequestHandler', "answering a round's sampling and roots requests"],
    ['_onresponse', 'reading task handles before the SDK decodes them'],
    ['buildContext', 'handing those requests the context the SDK builds'],
    ['_inputRequiredDriverConfig', "honouring the SDK's autoFulfill switch"],
    ['_capabilities', 'declaring the Tasks extension per request'],
  ])(
    'pins every SDK member it reaches: a v2 client without %s is refused at install, naming it (unsupported-sdk)',
    (member, use) => {
      // The installed SDK has them all (every other test proves they work); one that moved them fails loudly here.
      const client = new Client({ name: 'c', version: '1' });
      expect((client as unknown as Record<string, unknown>)[member]).toBeDefined();
      Object.assign(client, { [member]: undefined });
      expect(() => installElicitation(client, { ui: scriptedUI() })).toThrow(
        expect.objectContaining({
          code: 'unsupported-sdk',
          name: 'UsageError',
          message: expect.stringContaining(
            `needs @modelcontextprotocol/client 2.4.x; this Client lacks ${member} (${use})`,
          ),
        }),
      );
    },
  );

  it('leaves other server requests to the SDK: unknown methods still get -32601', async () => {
    const { server } = await setup();
    const response = await server.request('sampling/createMessage', { messages: [], maxTokens: 1 }).response;
    expect(response.error?.code).toBe(-32601);
  });
});

describe('request gates (answered -32602 without asking the user)', () => {
  // (Non-object params, such as an array, never get this far: the SDK drops them as malformed JSON-RPC.)
  it('refuses a request without params', async () => {
    const { server, ui } = await setup();
    const response = await server.elicit(undefined);
    expect(response.error).toMatchObject({ code: -32602, message: 'params must be an object' });
    expect(ui.prompts).toHaveLength(0);
  });

  it('refuses a request without a message, naming the field', async () => {
    const { server, ui, rejected } = await setup();
    const response = await server.elicit({ requestedSchema: form });
    expect(response.error).toMatchObject({ code: -32602, message: 'params.message must be a string' });
    expect(ui.prompts).toHaveLength(0);
    expect(rejected).toEqual(['params.message must be a string']);
    expect(ui.notices.map((notice) => notice.code)).toEqual(['request-rejected']);
  });

  it('[E-11] treats a request without mode as form mode', async () => {
    const { server, ui } = await setup();
    ui.push({ form: { action: 'submit', content: { name: 'Ada' } } });
    const response = await server.elicit({ message: 'Who?', requestedSchema: form });
    expect(response.result).toEqual({ action: 'accept', content: { name: 'Ada' } });
    expect(ui.prompts[0]?.kind).toBe('form');
  });

  it('[E-39] answers -32602 to a URL request when only form mode was declared', async () => {
    const { server, ui } = await setup({ modes: ['form'] });
    const response = await server.elicit({
      mode: 'url',
      message: 'Sign in',
      url: 'https://example.com/',
      elicitationId: 'e1',
    });
    expect(response.error?.code).toBe(-32602);
    expect(response.error?.message).toBe(
      'params.mode "url" was not declared by this client (declared: form)',
    );
    expect(ui.prompts).toHaveLength(0);
  });

  it('[E-39] answers -32602 to a form request (even one without mode) when only URL mode was declared', async () => {
    const { server } = await setup({ modes: ['url'] });
    const response = await server.elicit({ message: 'Who?', requestedSchema: form });
    expect(response.error?.code).toBe(-32602);
    expect(response.error?.message).toMatch(/params\.mode "form" was not declared/);
  });

  it('refuses a mode the spec does not know, quoting it safely', async () => {
    const { server } = await setup();
    const response = await server.elicit({ mode: 'sms\u001b[31m', message: 'x' });
    expect(response.error?.message).toBe('params.mode must be "form" or "url", got "sms\\u001b[31m"');
  });

  it('refuses a form request without requestedSchema', async () => {
    const { server } = await setup();
    const response = await server.elicit({ mode: 'form', message: 'x' });
    expect(response.error).toMatchObject({
      code: -32602,
      message: 'params.requestedSchema is required in form mode',
    });
  });

  it('[E-12] refuses a nested schema, naming the property', async () => {
    const { server, ui } = await setup();
    const response = await server.elicit({
      message: 'Address?',
      requestedSchema: {
        type: 'object',
        properties: { address: { type: 'object', properties: { street: { type: 'string' } } } },
      },
    });
    expect(response.error?.code).toBe(-32602);
    expect(response.error?.message).toMatch(/params\.requestedSchema\.properties\.address/);
    expect((response.error?.data as { issues?: { code: string }[] } | undefined)?.issues?.[0]?.code).toBe(
      'nested-object',
    );
    expect(ui.prompts).toHaveLength(0);
  });

  it('[E-13] shows a schema whose only fault is a default failing its field (the 2025-11-25 example), without that default', async () => {
    const { server, ui, host, rejected } = await setup();
    const dropped: string[][] = [];
    host.on('default-dropped', (event) => dropped.push(event.fields.map((f) => f.field)));
    ui.push({ form: { action: 'decline' } });
    const response = await server.elicit({
      message: 'Email?',
      requestedSchema: {
        type: 'object',
        properties: {
          email: { type: 'string', format: 'email', minLength: 3, maxLength: 5, default: 'user@example.com' },
        },
      },
    });
    expect(response.result).toEqual({ action: 'decline' });
    expect(ui.prompts[0]).toMatchObject({ kind: 'form', initial: {} });
    expect(dropped).toEqual([['email']]);
    expect(rejected).toEqual([]);
  });

  it('[E-12] still refuses a schema with a bad default and another fault', async () => {
    const { server, ui } = await setup();
    const response = await server.elicit({
      message: 'Age?',
      requestedSchema: {
        type: 'object',
        properties: { age: { type: 'integer', minimum: 10, maximum: 1, default: 'x' } },
      },
    });
    expect(response.error?.code).toBe(-32602);
    expect(ui.prompts).toHaveLength(0);
  });

  it('[E-12] refuses a schema whose field breaks its own range, naming the keyword', async () => {
    const { server } = await setup();
    const response = await server.elicit({
      message: 'Age?',
      requestedSchema: { type: 'object', properties: { age: { type: 'integer', minimum: 10, maximum: 1 } } },
    });
    expect(response.error?.message).toMatch(/properties\.age/);
  });

  it('refuses a pattern the linear-time engine cannot run (backreference), instead of risking ReDoS', async () => {
    const { server } = await setup();
    const response = await server.elicit({
      message: 'x',
      requestedSchema: { type: 'object', properties: { code: { type: 'string', pattern: '^(a+)\\1$' } } },
    });
    expect(response.error?.code).toBe(-32602);
    expect(response.error?.message).toMatch(/properties\.code\.pattern/);
  });

  it('refuses task-augmented requests, which this host did not declare', async () => {
    const { server } = await setup();
    const response = await server.elicit({ message: 'x', requestedSchema: form, task: { ttl: 1000 } });
    expect(response.error?.message).toBe(
      'params.task: this client does not support task-augmented elicitation',
    );
  });

  it('refuses URL requests without an elicitationId', async () => {
    const { server } = await setup();
    const response = await server.elicit({ mode: 'url', message: 'x', url: 'https://example.com/' });
    expect(response.error?.message).toBe('params.elicitationId must be a non-empty string');
  });
});

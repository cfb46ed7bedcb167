import { sanitizeForDisplay } from '@elicitkit/core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  callToolWithElicitation,
  type ElicitationHostEvents,
  type InstallElicitationOptions,
  PeerError,
} from '../src/index.js';
import { scriptedUI, submitDefaults } from '../src/testing/index.js';
import { connect2026, startServer2026, type Tool2026 } from './helpers/server-2026.js';
import { recordingOpener } from './helpers/wait.js';

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanup.reverse()) await close();
  cleanup = [];
});

/** A server whose first `tools/call` answer is this raw `InputRequiredResult`: what no SDK server would send. */
const raw = (result: Record<string, unknown>) => (leg: { params: Record<string, unknown> }) =>
  leg.params.inputResponses ? undefined : { resultType: 'input_required', ...result };
const tool: Tool2026 = () => ({ content: [{ type: 'text', text: 'retried' }] });
const ask = (params: Record<string, unknown>) => ({
  inputRequests: { bad: { method: 'elicitation/create', params } },
});

async function setup(rawResult: ReturnType<typeof raw>, options: Partial<InstallElicitationOptions> = {}) {
  const server = await startServer2026({ tool }, 'memory', undefined, rawResult);
  const ui = scriptedUI([], { form: submitDefaults, url: { action: 'consent' } });
  const opener = recordingOpener();
  const connection = await connect2026(server, { ui, opener, rateLimit: false, ...options });
  cleanup.push(server.close, connection.close);
  const rejected: ElicitationHostEvents['rejected'][] = [];
  connection.host.on('rejected', (event) => rejected.push(event));
  return { server, ui, opener, rejected, ...connection };
}

const hostile: [string, Record<string, unknown>, Partial<InstallElicitationOptions>, string, RegExp][] = [
  [
    '[M-04] an undeclared mode',
    ask({ mode: 'url', message: 'x', url: 'https://example.com/' }),
    { modes: ['form'] },
    'invalid-input-request',
    /mode "url" was not declared/,
  ],
  [
    '[E-12] a nested schema',
    ask({ message: 'x', requestedSchema: { type: 'object', properties: { a: { type: 'object' } } } }),
    {},
    'invalid-input-request',
    /requestedSchema\.properties\.a/,
  ],
  [
    '[E-49] a javascript: URL',
    ask({ mode: 'url', message: 'x', url: 'javascript:alert(1)' }),
    {},
    'url-blocked',
    /url was refused/,
  ],
  [
    '[E-49] a data: URL',
    ask({ mode: 'url', message: 'x', url: 'data:text/html,<b>hi</b>' }),
    {},
    'url-blocked',
    /url was refused/,
  ],
  [
    '[E-49] a URL with control characters',
    ask({ mode: 'url', message: 'x', url: 'https://exa\u0000mple.com/\u001b[2J' }),
    {},
    'url-blocked',
    /url was refused/,
  ],
  [
    'a mode the spec does not know',
    ask({ mode: 'sms', message: 'x' }),
    {},
    'invalid-input-request',
    /mode must be "form" or "url"/,
  ],
  [
    'a sampling request this host does not serve',
    { inputRequests: { s: { method: 'sampling/createMessage', params: {} } } },
    {},
    'unsupported-input-request',
    /only elicitation\/create/,
  ],
];

describe('hostile 2026 input requests are never shown or opened', () => {
  it('[M-03] leaves a result with neither inputRequests nor requestState to the SDK, which refuses it', async () => {
    const { client, ui, server } = await setup(raw({}));
    const error = await callToolWithElicitation(client, { name: 'tool', arguments: {} }).catch(
      (e: unknown) => e,
    );
    expect((error as Error).message).toMatch(/Invalid result for tools\/call/);
    expect(ui.prompts).toHaveLength(0);
    expect(server.legs).toHaveLength(1);
  });

  for (const [what, result, options, code, message] of hostile) {
    it(`${what}: the call fails with PeerError(${code}), nothing shown, no retry`, async () => {
      const { client, ui, opener, server, rejected } = await setup(raw(result), options);
      const error = await callToolWithElicitation(client, { name: 'tool', arguments: {} }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(PeerError);
      expect(error).toMatchObject({ code });
      expect((error as Error).message).toMatch(message);
      expect(ui.prompts).toHaveLength(0);
      expect(opener.opened).toHaveLength(0);
      expect(server.legs).toHaveLength(1);
      if (code === 'invalid-input-request' || code === 'url-blocked') {
        expect(rejected).toMatchObject([{ inputRequestKey: 'bad' }]);
      }
    });
  }

  it('[E-49] fails a plain client.callTool the same way (the SDK driver surfaces our typed error)', async () => {
    const { client, ui, opener, rejected } = await setup(
      raw(ask({ mode: 'url', message: 'x', url: 'javascript:alert(1)' })),
    );
    const error = await client.callTool({ name: 'tool', arguments: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PeerError);
    expect(error).toMatchObject({ code: 'url-blocked', details: { inputRequestKey: 'bad' } });
    expect(ui.prompts).toHaveLength(0);
    expect(opener.opened).toHaveLength(0);
    expect(rejected).toHaveLength(1);
  });

  it('refuses a flood of input requests in one round', async () => {
    const many = Object.fromEntries(
      Array.from({ length: 21 }, (_, i) => [
        `q${i}`,
        {
          method: 'elicitation/create',
          params: { message: 'x', requestedSchema: { type: 'object', properties: {} } },
        },
      ]),
    );
    const { client, ui } = await setup(raw({ inputRequests: many }));
    const error = await callToolWithElicitation(client, { name: 'tool', arguments: {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 'invalid-input-required-result' });
    expect(ui.prompts).toHaveLength(0);
  });
});

describe('[E-44] every server string reaches the UI sanitized, on every prompt kind', () => {
  const evil = '\u001b[31mred\u001b[0m\u202eevil\u200b\u0007';
  it('[E-44] walks every shown string of form, URL and wait prompts and of notices', async () => {
    const form = {
      type: 'object',
      properties: {
        pick: {
          type: 'string',
          title: `T${evil}`,
          description: `D${evil}`,
          oneOf: [{ const: 'a', title: `A${evil}` }],
        },
        many: { type: 'array', title: `M${evil}`, items: { anyOf: [{ const: 'x', title: `X${evil}` }] } },
        legacy: { type: 'string', enum: ['p', 'q'], enumNames: [`P${evil}`, `Q${evil}`] },
        untitled: { type: 'string', default: `bad${evil}` },
      },
    };
    const server = await startServer2026(
      { tool },
      'memory',
      { name: `N${evil}`, title: `Ti${evil}`, version: `V${evil}` },
      raw({
        inputRequests: {
          f: { method: 'elicitation/create', params: { message: `Form${evil}`, requestedSchema: form } },
          u: {
            method: 'elicitation/create',
            params: { mode: 'url', message: `Url${evil}`, url: 'https://example.com/ok' },
          },
        },
      }),
    );
    const ui = scriptedUI([], { form: { action: 'decline' }, url: { action: 'consent' } });
    const connection = await connect2026(server, { ui, opener: recordingOpener(), rateLimit: false });
    cleanup.push(server.close, connection.close);
    await callToolWithElicitation(connection.client, { name: 'tool', arguments: {} });

    // Data, not text: the answer's keys and values, and the pattern, are never shown.
    const notShown = new Set(['name', 'value', 'pattern', 'kind', 'id', 'flowId', 'origin', 'href']);
    const shown: string[] = [];
    const walk = (value: unknown, key = ''): void => {
      if (typeof value === 'string') {
        if (!notShown.has(key)) shown.push(value);
      } else if (Array.isArray(value)) {
        for (const item of value) walk(item, key);
      } else if (value && typeof value === 'object' && !(value instanceof AbortSignal)) {
        for (const [k, v] of Object.entries(value)) walk(v, k);
      }
    };
    walk(ui.prompts);
    walk(ui.waits);
    walk(ui.notices);
    expect(shown.length).toBeGreaterThan(15);
    for (const text of shown)
      expect(text, JSON.stringify(text)).toBe(sanitizeForDisplay(text, { allowNewlines: true }));
    // The hostile default is not prefilled: what the user would see is not what would be sent.
    expect(ui.prompts[0]).toMatchObject({ kind: 'form', initial: {} });
  });
});

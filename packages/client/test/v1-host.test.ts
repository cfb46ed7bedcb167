// Hosts on the v1 SDK (issue 20): `installElicitation` on a `@modelcontextprotocol/sdk` 1.32 `Client`, against a
// v1 SDK server that sends raw `elicitation/create` (revision 2025-11-25), over stdio and Streamable HTTP.
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callToolWithElicitation,
  type ElicitationHost,
  type FormPrompt,
  installElicitation,
  type UrlPrompt,
} from '../src/index.js';
import { type ScriptedUI, scriptedUI } from '../src/testing/index.js';
import { startV1HttpServer } from './helpers/server-v1.js';

const textOf = (result: unknown) =>
  ((result as { content: { text: string }[] }).content ?? []).map((c) => c.text).join('\n');

interface V1Host {
  client: Client;
  host: ElicitationHost;
  ui: ScriptedUI;
  opened: string[];
  events: string[];
  close(): Promise<void>;
}

/** A v1 SDK client with elicitkit installed; its "browser" finishes each flow it opens (`browser_done`). */
async function connectV1Host(how: 'stdio' | 'http'): Promise<V1Host> {
  const client = new Client({ name: 'v1-host', version: '1.0.0' });
  const ui = scriptedUI();
  const opened: string[] = [];
  const events: string[] = [];
  const host = installElicitation(client, {
    ui,
    rateLimit: false,
    opener: async (href) => {
      opened.push(href);
      void client.callTool({ name: 'browser_done', arguments: { id: href.split('/').at(-1)! } });
    },
  });
  host.on('complete', ({ elicitationId }) => events.push(`complete ${elicitationId}`));
  host.on('rejected', ({ message }) => events.push(`rejected ${message}`));
  let stop = async () => {};
  if (how === 'stdio') {
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: ['--import', 'tsx', join(import.meta.dirname, 'helpers/stdio-server-v1.ts')],
        stderr: 'ignore',
      }),
    );
  } else {
    const server = await startV1HttpServer();
    stop = server.close;
    await client.connect(new StreamableHTTPClientTransport(server.url));
  }
  return {
    client,
    host,
    ui,
    opened,
    events,
    async close() {
      await client.close();
      await stop();
    },
  };
}

for (const how of ['stdio', 'http'] as const) {
  describe(`a v1 SDK host against a v1 SDK server (${how})`, () => {
    let v1: V1Host;
    beforeAll(async () => {
      v1 = await connectV1Host(how);
    });
    afterAll(() => v1?.close());

    it('[E-07] declares form and url, spelled out, on the v1 client', () => {
      expect(v1.host.modes).toEqual(['form', 'url']);
      expect((v1.client as unknown as { _capabilities: unknown })._capabilities).toMatchObject({
        elicitation: { form: {}, url: {} },
      });
    });

    it('[E-13] [E-03] answers a form with the reviewed defaults, naming the server from initialize', async () => {
      v1.ui.push({
        form: (prompt) => ({
          action: 'submit',
          content: { ...prompt.initial, name: 'Ada', seating: 'terrace' },
        }),
      });
      const result = await v1.client.callTool({ name: 'book', arguments: {} });
      expect(JSON.parse(textOf(result))).toEqual({
        action: 'accept',
        content: { name: 'Ada', party: 2, seating: 'terrace' },
      });
      const prompt = v1.ui.prompts.at(-1) as FormPrompt;
      expect(prompt.initial).toEqual({ party: 2 });
      expect(prompt.requester).toEqual({ name: 'v1-server', title: 'V1 Test Server', version: '1.32.2' });
    });

    it('[E-59] never sends an invalid answer: asks again with the issues', async () => {
      v1.ui.push(
        { form: { action: 'submit', content: { name: 'A', party: 2, seating: 'terrace' } } },
        { form: (prompt) => ({ action: 'submit', content: { ...prompt.initial, name: 'Al' } }) },
      );
      const result = await v1.client.callTool({ name: 'book', arguments: {} });
      expect(JSON.parse(textOf(result))).toMatchObject({ action: 'accept', content: { name: 'Al' } });
      expect((v1.ui.prompts.at(-1) as FormPrompt).issues?.[0]?.path).toEqual(['name']);
    });

    it('[E-04] passes decline and cancel through, without content', async () => {
      v1.ui.push({ form: { action: 'decline' } }, { form: { action: 'cancel' } });
      expect(JSON.parse(textOf(await v1.client.callTool({ name: 'book', arguments: {} })))).toEqual({
        action: 'decline',
      });
      expect(JSON.parse(textOf(await v1.client.callTool({ name: 'book', arguments: {} })))).toEqual({
        action: 'cancel',
      });
    });

    it('[E-17] [E-20] consents to an in-band URL, opens it, and hears its completion', async () => {
      v1.ui.push({ url: { action: 'consent' } });
      const result = await v1.client.callTool({ name: 'connect', arguments: {} });
      expect(textOf(result)).toBe('connected');
      const prompt = v1.ui.prompts.at(-1) as UrlPrompt;
      expect(prompt).toMatchObject({ kind: 'url', origin: 'request' });
      expect(v1.opened.at(-1)).toBe(prompt.url.href);
      await v1.host.waitForCompletion(prompt.flowId);
      expect(v1.events).toContain(`complete ${prompt.flowId}`);
      expect(v1.ui.notices.map((notice) => notice.code)).toContain('elicitation-complete');
    });

    it('[E-21] [E-23] callToolWithElicitation on a v1 client runs the -32042 flow, waits for completion, retries', async () => {
      v1.ui.push({ url: { action: 'consent' } });
      const result = await callToolWithElicitation(v1.client, { name: 'needs_url', arguments: {} });
      expect(textOf(result)).toBe('connected');
      expect(v1.ui.prompts.at(-1)).toMatchObject({ kind: 'url', origin: 'required', flowId: 'n-1' });
      expect(v1.events).toContain('complete n-1');
    });

    const hostile: [string, Record<string, unknown>, RegExp][] = [
      [
        '[E-49] a javascript: URL',
        { mode: 'url', message: 'x', url: 'javascript:alert(1)', elicitationId: 'h1' },
        /url was refused/,
      ],
      ['a mode the spec does not know', { mode: 'sms', message: 'x' }, /mode must be "form" or "url"/],
      [
        '[E-12] a nested schema',
        {
          message: 'x',
          requestedSchema: { type: 'object', properties: { a: { type: 'object', properties: {} } } },
        },
        /requestedSchema\.properties\.a/,
      ],
    ];
    for (const [label, params, message] of hostile) {
      it(`[E-39] refuses ${label} with -32602 the v1 server can read, showing nothing`, async () => {
        const shown = v1.ui.prompts.length;
        const result = await v1.client.callTool({
          name: 'raw',
          arguments: { params: JSON.stringify(params) },
        });
        expect(textOf(result)).toMatch(/^error -32602: /);
        expect(textOf(result)).toMatch(message);
        expect(v1.ui.prompts).toHaveLength(shown);
        expect(v1.events.at(-1)).toMatch(message);
      });
    }
  });
}

describe('installElicitation on a v1 SDK client', () => {
  it('refuses to install after connect, or twice, with the same typed errors as on v2', async () => {
    const client = new Client({ name: 'v1-host', version: '1.0.0' });
    installElicitation(client, { ui: scriptedUI() });
    expect(() => installElicitation(client, { ui: scriptedUI() })).toThrow(
      expect.objectContaining({ code: 'already-installed' }),
    );
    const server = await startV1HttpServer();
    const connected = new Client({ name: 'v1-host', version: '1.0.0' });
    await connected.connect(new StreamableHTTPClientTransport(server.url));
    try {
      expect(() => installElicitation(connected, { ui: scriptedUI() })).toThrow(
        expect.objectContaining({ code: 'already-connected' }),
      );
    } finally {
      await connected.close();
      await server.close();
    }
  });

  it('refuses what is not an MCP client with a typed error naming both SDKs', () => {
    expect(() => installElicitation({} as never, { ui: scriptedUI() })).toThrow(
      expect.objectContaining({
        code: 'unsupported-sdk',
        message: expect.stringMatching(/@modelcontextprotocol\/client.*@modelcontextprotocol\/sdk/),
      }),
    );
  });
});

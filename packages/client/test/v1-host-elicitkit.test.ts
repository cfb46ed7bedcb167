// @needs chromium
// Hosts on the v1 SDK against elicitkit servers (issue 20): a `@modelcontextprotocol/sdk` 1.32 `Client` with
// `installElicitation`, against the demo (v2 SDK + @elicitkit/server, Streamable HTTP: forms, URL mode with its
// pages, -32042) and an elicitkit server on stdio; and v1 and v2 hosts against a 2025-06-18 server (v1 SDK 1.17:
// `enum` + `enumNames`, no `mode`), over stdio and Streamable HTTP.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Client as V2Client,
  StreamableHTTPClientTransport as V2HttpTransport,
} from '@modelcontextprotocol/client';
import { StdioClientTransport as V2StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningDemo, startDemo } from '../../../examples/demo/src/demo-server.js';
import { DEFAULT_USERS } from '../../../examples/demo/src/users.js';
// The demo's pages, played with fetch and a cookie jar (shared with the terminal's demo tests).
import { DemoBrowser } from '../../../test/support/demo-browser.js';
import { NODE_TS } from '../../../test/support/node-ts.js';
import {
  callToolWithElicitation,
  type ElicitationHost,
  type FormPrompt,
  installElicitation,
  type UrlPrompt,
} from '../src/index.js';
import { type ScriptedUI, scriptedUI } from '../src/testing/index.js';
import { start20250618HttpServer } from './helpers/server-2025-06-18.js';

const ALICE = DEFAULT_USERS[0]!;
const textOf = (result: unknown) =>
  ((result as { content: { text: string }[] }).content ?? []).map((c) => c.text).join('\n');
/** Submits the first option of the form's only field: a `choose` prompt. */
const pickFirst = (prompt: FormPrompt) => ({
  action: 'submit' as const,
  content: { [prompt.fields[0]!.name]: prompt.fields[0]!.options![0]!.value },
});

describe('a v1 SDK host against the demo (elicitkit on the v2 SDK, Streamable HTTP)', () => {
  let dataDir: string;
  let demo: RunningDemo;
  let client: Client;
  let host: ElicitationHost;
  let ui: ScriptedUI;
  const links: string[] = [];
  const completed: string[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'elicitkit-v1-host-'));
    demo = await startDemo({ port: 0, dataDir, users: DEFAULT_USERS, logger: { info() {}, warn() {} } });
    client = new Client({ name: 'v1-host', version: '1.0.0' });
    ui = scriptedUI();
    host = installElicitation(client, { ui, opener: async (href) => void links.push(href) });
    host.on('complete', ({ elicitationId }) => completed.push(elicitationId));
    await client.connect(
      new StreamableHTTPClientTransport(demo.url, {
        requestInit: { headers: { Authorization: `Bearer ${ALICE.token}` } },
      }),
    );
  });
  afterAll(async () => {
    await client?.close();
    await demo?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** Resolves with the next link the host opens (the person's browser would open it). */
  const nextLink = async (seen: number) => {
    for (let waited = 0; links.length <= seen; waited += 20) {
      if (waited > 10_000) throw new Error('the host opened no link');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return links[seen]!;
  };

  it('[E-13] answers book_table: every field kind of 2025-11-25, defaults prefilled', async () => {
    ui.push({
      form: (prompt) => ({
        action: 'submit',
        content: { ...prompt.initial, name: 'Ada', day: '2030-05-17', seating: 'terrace', extras: ['cake'] },
      }),
    });
    const result = await client.callTool({ name: 'book_table', arguments: {} });
    expect(textOf(result)).toMatch(
      /^Booked #\d+ Ada, 2 people on 2030-05-17 \(Terrace, extras: Birthday cake\)/,
    );
    const prompt = ui.prompts.at(-1) as FormPrompt;
    expect(prompt.requester.name).toBe('elicitkit-demo');
    expect(prompt.fields.find((field) => field.name === 'extras')?.kind).toBe('multiselect');
  });

  it('answers pick_color (enumNames) with the value, having shown the names', async () => {
    ui.push({ form: { action: 'submit', content: { color: '#228b22' } } });
    expect(textOf(await client.callTool({ name: 'pick_color', arguments: {} }))).toBe('Napkins: #228b22.');
    const labels = (ui.prompts.at(-1) as FormPrompt).fields[0]?.options?.map((option) => option.label);
    expect(labels).toEqual(['Firebrick red', 'Forest green', 'Royal blue']);
  });

  it('[E-04] confirm_delete: decline and cancel reach the server as what they are', async () => {
    ui.push({ form: pickFirst }, { form: { action: 'decline' } });
    expect(textOf(await client.callTool({ name: 'confirm_delete', arguments: {} }))).toMatch(
      /^Kept booking #\d+: you said no\.$/,
    );
    ui.push({ form: pickFirst }, { form: { action: 'cancel' } });
    expect(textOf(await client.callTool({ name: 'confirm_delete', arguments: {} }))).toMatch(
      /^Nothing changed: the question was dismissed/,
    );
  });

  it('[E-23] [E-21] use_api: -32042, the key entered on the demo page, completion, retry', async () => {
    ui.push({ url: { action: 'consent' } });
    const seen = links.length;
    const call = callToolWithElicitation(client, { name: 'use_api', arguments: {} });
    const link = await nextLink(seen);
    const page = await new DemoBrowser().enterSecret(
      link,
      ALICE,
      `sk-test-${randomBytes(12).toString('hex')}`,
    );
    expect(page.status).toBe(200);
    expect(textOf(await call)).toBe('The Example API accepted your key: call succeeded.');
    expect(ui.prompts.at(-1)).toMatchObject({ kind: 'url', origin: 'required', url: { href: link } });
    expect(completed).toHaveLength(1);
  });

  it('[E-17] set_api_key: an in-band URL request, consented, opened, completed on the page', async () => {
    ui.push({ url: { action: 'consent' } });
    const seen = links.length;
    const call = client.callTool({ name: 'set_api_key', arguments: {} });
    const link = await nextLink(seen);
    await new DemoBrowser().enterSecret(link, ALICE, `sk-test-${randomBytes(12).toString('hex')}`);
    expect(textOf(await call)).toBe('Your Example API key is stored on the server, encrypted. Try use_api.');
    const prompt = ui.prompts.at(-1) as UrlPrompt;
    expect(prompt).toMatchObject({ kind: 'url', origin: 'request' });
    // The notice may come after the result (it is not part of the call); it counts when it does.
    await host.waitForCompletion(prompt.flowId);
    expect(completed).toEqual([expect.any(String), prompt.flowId]);
  });
});

describe('a v1 SDK host against an elicitkit server on stdio', () => {
  it('[E-13] [E-04] answers a typed-builder form, defaults prefilled, and declines', async () => {
    const client = new Client({ name: 'v1-host', version: '1.0.0' });
    const ui = scriptedUI([
      { form: (prompt) => ({ action: 'submit', content: { ...prompt.initial, name: 'Ada', size: 'l' } }) },
      { form: { action: 'decline' } },
    ]);
    installElicitation(client, { ui, modes: ['form'] });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [...NODE_TS.slice(1), join(import.meta.dirname, 'helpers/stdio-server-elicitkit.ts')],
        stderr: 'ignore',
      }),
    );
    try {
      const accepted = JSON.parse(textOf(await client.callTool({ name: 'order', arguments: {} })));
      expect(accepted).toMatchObject({
        action: 'accept',
        data: { name: 'Ada', size: 'l', shots: 1, oat: false },
      });
      expect((ui.prompts[0] as FormPrompt).initial).toMatchObject({ shots: 1, oat: false });
      const declined = JSON.parse(textOf(await client.callTool({ name: 'order', arguments: {} })));
      expect(declined).toMatchObject({ action: 'decline' });
    } finally {
      await client.close();
    }
  });
});

/** A v1 (1.32) or v2 host connected to the 2025-06-18 server; its negotiated revision. */
async function connectTo20250618(sdk: 'v1' | 'v2', how: 'stdio' | 'http', ui: ScriptedUI) {
  const script = join(import.meta.dirname, 'helpers/stdio-server-2025-06-18.ts');
  const stdio = { command: process.execPath, args: ['--import', 'tsx', script], stderr: 'ignore' as const };
  const http = how === 'http' ? await start20250618HttpServer() : undefined;
  const closeAll = async (client: { close(): Promise<void> }) => {
    await client.close();
    await http?.close();
  };
  if (sdk === 'v1') {
    const client = new Client({ name: 'v1-host', version: '1.0.0' });
    installElicitation(client, { ui });
    const transport = http ? new StreamableHTTPClientTransport(http.url) : new StdioClientTransport(stdio);
    await client.connect(transport);
    const revision = (transport as { protocolVersion?: string }).protocolVersion;
    return { client, revision, close: () => closeAll(client) };
  }
  const client = new V2Client({ name: 'v2-host', version: '1.0.0' });
  installElicitation(client, { ui });
  await client.connect(http ? new V2HttpTransport(http.url) : new V2StdioClientTransport(stdio));
  const revision = client.getNegotiatedProtocolVersion();
  return { client, revision, close: () => closeAll(client) };
}

for (const sdk of ['v1', 'v2'] as const) {
  for (const how of ['stdio', 'http'] as const) {
    it(`[F-09] a ${sdk} SDK host accepts a 2025-06-18 request (enum + enumNames, no mode) over ${how}`, async () => {
      const ui = scriptedUI([
        { form: (prompt) => ({ action: 'submit', content: { ...prompt.initial, color: '#228b22' } }) },
      ]);
      const host = await connectTo20250618(sdk, how, ui);
      try {
        const result = await (host.client as Client).callTool({ name: 'pick_color', arguments: {} });
        expect(JSON.parse(textOf(result))).toEqual({
          action: 'accept',
          content: { color: '#228b22', folded: true },
        });
        const field = (ui.prompts[0] as FormPrompt).fields[0];
        expect(field?.options?.map((option) => option.label)).toEqual(['Firebrick red', 'Forest green']);
        if (host.revision !== undefined) expect(host.revision).toBe('2025-06-18');
      } finally {
        await host.close();
      }
    });
  }
}

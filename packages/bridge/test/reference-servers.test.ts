// @needs tools
import { join } from 'node:path';
import { callToolWithElicitation, installElicitation } from '@elicitkit/client';
import { scriptedUI } from '@elicitkit/client/testing';
import { serveMcpHttp } from '@elicitkit/server/http';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1HttpTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { Client as Client117 } from 'mcp-sdk-1-17/client/index.js';
import { StreamableHTTPClientTransport as Http117 } from 'mcp-sdk-1-17/client/streamableHttp.js';
import { ElicitRequestSchema as ElicitRequestSchema117 } from 'mcp-sdk-1-17/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installTool, TOOL_INSTALL_TIMEOUT_MS } from '../../../test/support/tool-install.js';
import { type Bridge, createBridge } from '../src/index.js';

/**
 * Issue 28 with an upstream nobody here wrote: the reference `@modelcontextprotocol/server-everything` (v1 SDK, its
 * own schemas: every field kind, titled and untitled enums, multi-selects, defaults) on stdio, pushing its
 * `trigger-elicitation-request` form on 2025-11-25; hosts of both eras answer it through the bridge. It found that the
 * secret check read its "(do not give us your phone number, pin, …)" as asking for a PIN (fixed in `sensitive.ts`).
 */

let bridge: Bridge;
let url: URL;
let close: () => Promise<void>;

beforeAll(async () => {
  const tool = await installTool('reference-servers');
  const everything = join(tool, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
  bridge = createBridge({
    upstream: { kind: 'stdio', command: process.execPath, args: [everything, 'stdio'] },
  });
  const served = await serveMcpHttp(() => bridge.server());
  url = served.url;
  close = async () => {
    await served.close();
    await bridge.close();
  };
}, TOOL_INSTALL_TIMEOUT_MS);
afterAll(async () => {
  await close?.();
});

const textOf = (result: unknown) =>
  (result as { content: { type: string; text?: string }[] }).content
    .map((block) => block.text ?? '')
    .join('\n');

describe('the bridge in front of server-everything (stdio, 2025-11-25 push)', () => {
  it('a 2026-07-28 host answers its form in a round; the tool reads the answer', async () => {
    const client = new Client(
      { name: 'host-2026', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    const ui = scriptedUI([{ form: { action: 'submit', content: { name: 'Ada Lovelace', check: true } } }]);
    installElicitation(client, { ui, modes: ['form'] });
    await client.connect(new StreamableHTTPClientTransport(url));
    try {
      const result = await callToolWithElicitation(client, {
        name: 'trigger-elicitation-request',
        arguments: {},
      });
      expect(textOf(result)).toContain('- Name: Ada Lovelace');
      expect(textOf(result)).toContain('- Agreed to terms: true');
      // Its schema reached the host as server-everything wrote it, through the pipeline's checks.
      const prompt = ui.prompts[0];
      expect(prompt?.kind === 'form' && prompt.fields.map((field) => field.name)).toContain(
        'titledMultipleSelectEnum',
      );
    } finally {
      await client.close();
    }
  });

  it('a 2025-11-25 host gets it pushed and declines; the tool hears the decline', async () => {
    const client = new V1Client(
      { name: 'host-2025', version: '1.0.0' },
      { capabilities: { elicitation: { form: {} } } },
    );
    const seen: string[] = [];
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      seen.push(request.params.message);
      return { action: 'decline' };
    });
    await client.connect(new V1HttpTransport(url));
    try {
      const result = await client.callTool({ name: 'trigger-elicitation-request', arguments: {} });
      expect(seen).toEqual(['Please provide inputs for the following fields:']);
      expect(textOf(result)).toContain('User declined');
    } finally {
      await client.close();
    }
  });

  it('[F-05] a 2025-06-18 host (SDK 1.17) is shown every field, its multi-selects as yes/no fields; upstream never hears a decline', async () => {
    const client = new Client117(
      { name: 'host-2025-06-18', version: '1.0.0' },
      { capabilities: { elicitation: {} } },
    );
    const asked: { requestedSchema: { properties: Record<string, { type: string; title?: string }> } }[] = [];
    client.setRequestHandler(ElicitRequestSchema117, async (request) => {
      asked.push(request.params as (typeof asked)[number]);
      const properties = asked[0]!.requestedSchema.properties;
      // A person answering: a name, and yes to the first option of each multi-select.
      const content: Record<string, unknown> = { name: 'Ada Lovelace' };
      for (const [key, field] of Object.entries(properties))
        if (field.type === 'boolean' && /\.1$/.test(key)) content[key] = true;
      return { action: 'accept', content };
    });
    await client.connect(new Http117(url));
    try {
      const result = await client.callTool({ name: 'trigger-elicitation-request', arguments: {} });
      const text = textOf(result);
      expect(text).not.toMatch(/declined|cancelled/i);
      expect(text).toContain('- Name: Ada Lovelace');
      // Every field reached the person: nothing of the form dropped, the arrays as one yes/no field per option.
      const names = Object.keys(asked[0]!.requestedSchema.properties);
      expect(names).toContain('name');
      expect(names.some((name) => name.startsWith('titledMultipleSelectEnum.'))).toBe(true);
      expect(
        Object.values(asked[0]!.requestedSchema.properties).every((field) => field.type !== 'array'),
      ).toBe(true);
    } finally {
      await client.close();
    }
  });

  it('its URL elicitation: a 2026-07-28 host consents and opens the URL itself; the tool hears accept', async () => {
    const client = new Client(
      { name: 'host-2026', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    const opened: string[] = [];
    const ui = scriptedUI([], { url: { action: 'consent' } });
    installElicitation(client, {
      ui,
      modes: ['form', 'url'],
      opener: async (href) => void opened.push(href),
    });
    await client.connect(new StreamableHTTPClientTransport(url));
    try {
      const args = { url: 'https://example.com/connect', message: 'Connect your account' };
      const result = await callToolWithElicitation(client, {
        name: 'trigger-url-elicitation',
        arguments: args,
      });
      expect(textOf(result)).toContain('User completed the URL elicitation flow');
      // Opened by the host, in its own browser, after its consent.
      expect(opened).toEqual(['https://example.com/connect']);
    } finally {
      await client.close();
    }
  });

  it('[E-22] its -32042 error path, which never says the prerequisite page is done: the bridge tries again itself', async () => {
    // A bridge of its own, trying again briskly (the default waits 5 s, as a person would).
    const everything = join(
      await installTool('reference-servers'),
      'node_modules/@modelcontextprotocol/server-everything/dist/index.js',
    );
    const brisk = createBridge({
      upstream: { kind: 'stdio', command: process.execPath, args: [everything, 'stdio'] },
      urlRetryMs: 100,
    });
    const served = await serveMcpHttp(() => brisk.server());
    const client = new Client(
      { name: 'host-2026', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    const opened: string[] = [];
    installElicitation(client, {
      ui: scriptedUI([], { url: { action: 'consent' } }),
      modes: ['form', 'url'],
      opener: async (href) => void opened.push(href),
    });
    await client.connect(new StreamableHTTPClientTransport(served.url));
    try {
      const args = { url: 'https://example.com/connect', message: 'Connect your account', errorPath: true };
      const result = await callToolWithElicitation(client, {
        name: 'trigger-url-elicitation',
        arguments: args,
      });
      expect(textOf(result)).toContain('User completed the URL elicitation flow');
      // The prerequisite (the -32042), then the request path of the call tried again.
      expect(opened).toEqual(['https://modelcontextprotocol.io/', 'https://example.com/connect']);
    } finally {
      await client.close();
      await served.close();
      await brisk.close();
    }
  });
});

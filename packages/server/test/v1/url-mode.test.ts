import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  ElicitationCompleteNotificationSchema,
  ElicitRequestSchema,
  McpError,
  type Progress,
} from '@modelcontextprotocol/sdk/types.js';
import { Client as Client117 } from 'mcp-sdk-1-17/client/index.js';
import { StreamableHTTPClientTransport as Http117 } from 'mcp-sdk-1-17/client/streamableHttp.js';
import { ElicitRequestSchema as ElicitRequestSchema117 } from 'mcp-sdk-1-17/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PROGRESS_INTERVAL_MS } from '../../src/index.js';
import { MemoryElicitationStore } from '../../src/url/store/index.js';
import { ManualClock } from '../helpers/manual-clock.js';
import { TestBrowser } from '../url/browser.js';
import { startTestServer, type TestServer, until } from '../url/harness.js';

/**
 * URL mode on a v1 SDK server (`@modelcontextprotocol/sdk` McpServer behind `createMcpHttpHandler`, sessions, bearer
 * tokens, the real pages), with the v1 SDK's own client on the other side: consent in-band, the completion notice to
 * the initiating session only, -32042 and the retry, and a 2025-06-18 client that cannot be asked at all.
 */

const SECRET = 'sk-example-7f3a9c-NEVER-ON-THE-WIRE';

interface V1Peer {
  client: V1Client;
  asked: Array<{ mode?: string; url?: string; elicitationId?: string; message: string }>;
  notices: string[];
  close(): Promise<void>;
}

let server: TestServer | undefined;
let store: MemoryElicitationStore | undefined;
const peers: V1Peer[] = [];
afterEach(async () => {
  await Promise.allSettled(peers.splice(0).map((p) => p.close()));
  await server?.close();
  await store?.close();
  server = undefined;
});

async function start(options: { clock?: ManualClock } = {}) {
  store = new MemoryElicitationStore();
  server = await startTestServer({
    store,
    sdk: 'v1',
    ...(options.clock && { elicitation: { clock: options.clock } }),
  });
  return server;
}

async function connect(token: string, name = 'v1-host'): Promise<V1Peer> {
  const asked: V1Peer['asked'] = [];
  const notices: string[] = [];
  const client = new V1Client(
    { name, version: '1.0.0' },
    { capabilities: { elicitation: { form: {}, url: {} } } },
  );
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    asked.push(request.params as V1Peer['asked'][number]);
    return { action: 'accept' };
  });
  client.setNotificationHandler(ElicitationCompleteNotificationSchema, (notification) => {
    notices.push(notification.params.elicitationId);
  });
  await client.connect(
    new StreamableHTTPClientTransport(server!.mcpUrl, {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  const peer = { client, asked, notices, close: () => client.close() };
  peers.push(peer);
  return peer;
}

const text = (result: unknown) => (result as { content: Array<{ text: string }> }).content[0]?.text;

describe('URL mode on a v1 SDK server, v1 SDK 1.32 client', () => {
  it('[E-14] [E-16] [E-17] [E-18] [E-19] consent, the page, the notice to the initiating session only, the tool goes on', async () => {
    const s = await start();
    const alice = await connect('demo-alice');
    const aliceElsewhere = await connect('demo-alice', 'another-host');
    const browser = new TestBrowser();
    await browser.login(s.base, 'alice', 'alice-pass');
    const call = alice.client.callTool({ name: 'set_api_key', arguments: {} });
    await until(() => alice.asked.length === 1);
    const asked = alice.asked[0]!;
    expect(asked).toMatchObject({ mode: 'url', message: 'Enter your Example API key.' });
    expect(asked.url).toBe(`${s.base.href}elicit/${asked.elicitationId}`);
    expect((await browser.submitSecret(asked.url ?? '', SECRET)).status).toBe(200);
    expect(text(await call)).toBe('API key saved.');
    await until(() => alice.notices.length === 1);
    expect(alice.notices).toEqual([asked.elicitationId]);
    expect(aliceElsewhere.notices).toEqual([]);
    expect(await s.vault.get('alice', 'api_key')).toBe(SECRET);
  });

  it("[E-23] [E-25] [E-38] -32042 reaches the v1 client as the JSON-RPC error (pins v1 McpServer's tool-error rendering), and the retry succeeds", async () => {
    const s = await start();
    const alice = await connect('demo-alice');
    const error = await alice.client.callTool({ name: 'use_api', arguments: {} }).then(
      (result) => result,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(-32042);
    const [needed] = (
      error as McpError & { data: { elicitations: Array<{ url: string; elicitationId: string }> } }
    ).data.elicitations;
    expect(needed?.url).toBe(`${s.base.href}elicit/${needed?.elicitationId}`);
    const browser = new TestBrowser();
    await browser.login(s.base, 'alice', 'alice-pass');
    expect((await browser.submitSecret(needed?.url ?? '', SECRET)).status).toBe(200);
    await until(() => alice.notices.length === 1);
    expect(text(await alice.client.callTool({ name: 'use_api', arguments: {} }))).toBe(
      'Example API call succeeded.',
    );
  });

  it('progress keeps the call alive while the page waits for the person (injected clock)', async () => {
    const clock = new ManualClock();
    const s = await start({ clock });
    const alice = await connect('demo-alice');
    const progress: Progress[] = [];
    let onProgress = () => {};
    const call = alice.client.callTool({ name: 'set_api_key', arguments: {} }, undefined, {
      onprogress: (p) => {
        progress.push(p);
        onProgress();
      },
      resetTimeoutOnProgress: true,
    });
    await until(() => alice.asked.length === 1);
    await clock.whenPending(1); // the completion wait's progress timer
    const arrived = new Promise<void>((resolve) => {
      onProgress = resolve;
    });
    clock.advance(DEFAULT_PROGRESS_INTERVAL_MS);
    await arrived;
    const browser = new TestBrowser();
    await browser.login(s.base, 'alice', 'alice-pass');
    expect((await browser.submitSecret(alice.asked[0]?.url ?? '', SECRET)).status).toBe(200);
    expect(text(await call)).toBe('API key saved.');
    expect(progress).toEqual([{ progress: 1, message: 'Waiting for the user to answer' }]);
  });
});

describe('URL mode and a 2025-06-18 client (v1 SDK 1.17)', () => {
  it('[F-04] nothing is stored or sent: the tool reads, in plain words, that this client cannot open a page', async () => {
    const s = await start();
    const client = new Client117(
      { name: 'old-host', version: '1.0.0' },
      { capabilities: { elicitation: {} } },
    );
    const asked: unknown[] = [];
    client.setRequestHandler(ElicitRequestSchema117, async (request) => {
      asked.push(request.params);
      return { action: 'accept' };
    });
    await client.connect(
      new Http117(s.mcpUrl, { requestInit: { headers: { authorization: 'Bearer demo-alice' } } }),
    );
    peers.push({ client: client as never, asked: [], notices: [], close: () => client.close() });
    for (const tool of ['set_api_key', 'use_api']) {
      const result = (await client.callTool({ name: tool, arguments: {} })) as { isError?: boolean };
      expect(result.isError).toBe(true);
      expect(text(result)).toBe(
        "This tool needs to send you to a web page, which this client's protocol version (2025-06-18) cannot show.",
      );
    }
    expect(asked).toEqual([]);
    expect(s.logs.filter((entry) => entry.event === 'elicitation.created')).toEqual([]);
  });
});

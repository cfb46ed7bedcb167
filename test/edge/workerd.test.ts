// @needs tools
import { enableElicitation, generateStateKey } from '@elicitkit/server';
import { type ServedMcpHttp, serveMcpHttp } from '@elicitkit/server/http';
import { Client, type ElicitResult, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOL_INSTALL_TIMEOUT_MS } from '../support/tool-install.js';
import { registerEdgeTools } from './tools.js';
import { bundleWorker, type EdgeBundle, type RunningWorkerd, startWorkerd } from './workerd.js';

/**
 * The 2026-07-28 form path and the requestState sealing on an edge runtime: the worker is bundled without
 * any Node platform, run in the real workerd binary without nodejs_compat, and driven by a real Node SDK
 * client over loopback HTTP.
 */

const key = generateStateKey();
let bundle: EdgeBundle;
let edge: RunningWorkerd;
let node: ServedMcpHttp | undefined;
const clients: Client[] = [];

beforeAll(async () => {
  bundle = await bundleWorker();
  expect(bundle.nodeImports).toEqual([]); // checked again, by name, below; without it workerd cannot even load
  edge = await startWorkerd(bundle.code, { ELICITKIT_STATE_KEY: key });
}, TOOL_INSTALL_TIMEOUT_MS);

afterAll(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await node?.close();
  await edge?.stop();
});

function answer(message: string): ElicitResult {
  if (message === 'Name?') return { action: 'accept', content: { name: 'Ada' } };
  if (message.startsWith('How many for Ada?')) return { action: 'accept', content: { qty: 3 } };
  return { action: 'decline' };
}

/** A 2026-07-28 client whose POSTs go wherever `route(body)` says. */
async function client(route: (body: string) => URL, seen: string[] = []): Promise<Client> {
  const c = new Client(
    { name: 'edge-test-client', version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  c.setRequestHandler('elicitation/create', async (request) => {
    seen.push(request.params.message);
    return answer(request.params.message);
  });
  await c.connect(
    new StreamableHTTPClientTransport(new URL('http://127.0.0.1/mcp'), {
      fetch: (_url, init) => fetch(route(typeof init?.body === 'string' ? init.body : ''), init),
    }),
  );
  clients.push(c);
  return c;
}

async function order(c: Client): Promise<unknown> {
  const result = await c.callTool({ name: 'order', arguments: {} });
  return JSON.parse((result.content as { text: string }[])[0]?.text ?? 'null');
}

/** One round of `order` as it comes off the wire: nothing answered or retried by the client. */
async function rawCall(
  c: Client,
  requestState?: string,
): Promise<{ resultType?: string; requestState?: string }> {
  const params = { name: 'order', arguments: {}, ...(requestState !== undefined && { requestState }) };
  return (await c.callTool(params as never, { allowInputRequired: true } as never)) as never;
}

describe('edge runtime (workerd)', () => {
  it('[M-05] the form path and requestState sealing bundle with no node: module', () => {
    expect(bundle.nodeImports).toEqual([]);
    expect(bundle.code.byteLength).toBeGreaterThan(0);
  });

  it('[M-18] a worker in workerd answers a 2026-07-28 form elicitation over two rounds', async () => {
    const seen: string[] = [];
    const c = await client(() => edge.url, seen);
    expect(await order(c)).toEqual({ name: 'Ada', qty: 3, runtime: 'workerd' });
    expect(seen).toEqual(['Name?', 'How many for Ada? Sizes: https://shop.example/sizes']);
    // E-47's warning took its Web path (console.warn) where Node's `process` does not exist.
    await edge.stderrShows('ElicitkitWarning [ELICITKIT_E47]');
  });

  it('[M-05] the worker refuses a tampered requestState with -32602', async () => {
    const c = await client(() => edge.url);
    const first = await rawCall(c);
    expect(first.resultType).toBe('input_required');
    const state = first.requestState ?? '';
    expect(state).toMatch(/^ek1\./);
    const tampered = state.slice(0, -5) + (state.at(-5) === 'A' ? 'B' : 'A') + state.slice(-4);
    const refused = await rawCall(c, tampered).then(
      () => undefined,
      (error: { code?: number; message?: string }) => ({ code: error.code, message: error.message }),
    );
    expect(refused).toEqual({ code: -32602, message: 'Invalid or expired requestState' });
  });

  it('[M-18] workerd and Node share the key: rounds alternate between the runtimes and the flow completes', async () => {
    node = await serveMcpHttp(() => {
      const server = enableElicitation(new McpServer({ name: 'edge-peer', version: '1.0.0' }), {
        requestState: { key },
      });
      registerEdgeTools(server);
      return server;
    });
    const peer = node.url;
    const calls: string[] = [];
    const seen: string[] = [];
    // Each round of tools/call goes to the other runtime (workerd, Node, workerd): state sealed by one opens on the other.
    const c = await client((body) => {
      if (!body.includes('"tools/call"')) return edge.url;
      calls.push(calls.length % 2 === 0 ? 'workerd' : 'node');
      return calls.at(-1) === 'workerd' ? edge.url : peer;
    }, seen);
    expect(await order(c)).toEqual({ name: 'Ada', qty: 3, runtime: 'workerd' });
    expect(calls).toEqual(['workerd', 'node', 'workerd']);
    expect(seen).toHaveLength(2);
  });
});

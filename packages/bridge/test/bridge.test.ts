import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { callToolWithElicitation, installElicitation } from '@elicitkit/client';
import { scriptedUI } from '@elicitkit/client/testing';
import { DEFAULT_MAX_ANSWER_ATTEMPTS, MAX_RELAYED_RESULT_BYTES } from '@elicitkit/server';
import { serveMcpHttp } from '@elicitkit/server/http';
import { createTasks } from '@elicitkit/server/tasks';
import { staticTokenVerifier } from '@elicitkit/server/url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1HttpTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  CreateMessageRequestSchema,
  ElicitationCompleteNotificationSchema,
  ElicitRequestSchema,
  ElicitResultSchema,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
  type ServerNotification,
  type ServerRequest,
  ToolListChangedNotificationSchema,
  UrlElicitationRequiredError,
} from '@modelcontextprotocol/sdk/types.js';
import { InMemoryTransport, McpServer, requireBearerAuth } from '@modelcontextprotocol/server';
import { Client as Client117 } from 'mcp-sdk-1-17/client/index.js';
import { StreamableHTTPClientTransport as Http117 } from 'mcp-sdk-1-17/client/streamableHttp.js';
import { ElicitRequestSchema as ElicitRequestSchema117 } from 'mcp-sdk-1-17/types.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createConformanceServer } from '../../../test/conformance/server/conformance-server.js';
import { NODE_TS } from '../../../test/support/node-ts.js';
import { serveV1Sessions } from '../../../test/support/v1-http-sessions.js';
import { createV1Server } from '../../client/test/helpers/server-v1.js';
import { startTaskServer } from '../../client/test/helpers/task-server.js';
import { ManualClock } from '../../server/test/helpers/manual-clock.js';
import {
  type Bridge,
  createBridge,
  DEFAULT_URL_RETRY_MS,
  serveBridgeHttp,
  serveBridgeStdio,
  type Upstream,
} from '../src/index.js';

/**
 * Issue 28, first slice: the bridge on real parts. Upstream: a v1 SDK 1.32 server that pushes `elicitation/create` on
 * 2025-11-25, and an SDK v2 server that speaks only 2026-07-28 (both on stdio, children of the bridge). Downstream,
 * over the bridge's Streamable HTTP endpoint: an SDK v2 client on 2026-07-28 (rounds) and a v1 SDK 1.32 client on
 * 2025-11-25 (push). Every form reaches the person and the tool completes, in each direction.
 */

const [node, ...tsx] = NODE_TS;
const UPSTREAM_2025: Upstream = {
  kind: 'stdio',
  command: node!,
  args: [...tsx, join(import.meta.dirname, '../../client/test/helpers/stdio-server-v1.ts')],
};
const UPSTREAM_2025_06_18: Upstream = {
  kind: 'stdio',
  command: node!,
  args: [...tsx, join(import.meta.dirname, '../../client/test/helpers/stdio-server-2025-06-18.ts')],
};
const UPSTREAM_2026: Upstream = {
  kind: 'stdio',
  command: node!,
  args: [...tsx, join(import.meta.dirname, '../../../test/support/stdio-server-2026.ts')],
};

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of cleanup.splice(0).reverse()) await close().catch(() => {});
});

async function serve(upstream: Upstream): Promise<{ bridge: Bridge; url: URL }> {
  // The bridge's own tasks (towards hosts that declare the extension), polled briskly.
  const tasks = createTasks({ pollIntervalMs: 50 });
  cleanup.push(() => tasks.close());
  const bridge = createBridge({ upstream, tasks });
  const served = await serveMcpHttp(() => bridge.server());
  cleanup.push(
    () => bridge.close(),
    () => served.close(),
  );
  return { bridge, url: served.url };
}

/** An SDK v2 host pinned to 2026-07-28, answering forms with elicitkit's pipeline. */
async function host2026(url: URL, answers: Record<string, unknown>[]) {
  const client = new Client(
    { name: 'host-2026', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  const ui = scriptedUI(answers.map((content) => ({ form: { action: 'submit', content } })));
  installElicitation(client, { ui, modes: ['form'] });
  await client.connect(new StreamableHTTPClientTransport(url));
  cleanup.push(() => client.close());
  return { client, ui };
}

/** A v1 SDK 1.32 host on 2025-11-25 (form mode unless told), answering each pushed elicitation with `answer`. */
async function host2025(
  url: URL,
  answer: (params: { message: string; requestedSchema?: unknown }) => unknown,
  headers: Record<string, string> = {},
  capabilities: Record<string, unknown> = { elicitation: { form: {} } },
) {
  const client = new V1Client({ name: 'host-2025', version: '1.0.0' }, { capabilities });
  const seen: unknown[] = [];
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    seen.push(request.params);
    return answer(request.params as never) as never;
  });
  await client.connect(new V1HttpTransport(url, { requestInit: { headers } }));
  cleanup.push(() => client.close());
  return { client, seen };
}

/** In a v1 upstream tool: asks a form with no fields (a confirmation), returns the `ElicitResult` as its text. */
async function confirmUpstream(
  extra: RequestHandlerExtra<ServerRequest, ServerNotification>,
  message: string,
) {
  const result = await extra.sendRequest(
    {
      method: 'elicitation/create',
      params: { mode: 'form', message, requestedSchema: { type: 'object', properties: {} } } as never,
    },
    ElicitResultSchema,
  );
  return { content: [{ type: 'text' as const, text: JSON.stringify(result) }] };
}
/** A 2025 host calls `tool` and never answers its form; `cancel` cancels the call (it must reject). */
async function callThenCancel(url: URL, tool: string) {
  let onAsk!: () => void;
  const asked = new Promise<void>((resolve) => (onAsk = resolve));
  const { client } = await host2025(url, () => {
    onAsk();
    return new Promise(() => {});
  });
  const call = new AbortController();
  const result = client.callTool({ name: tool, arguments: {} }, undefined, { signal: call.signal });
  return {
    asked,
    cancel: async () => {
      call.abort();
      await expect(result).rejects.toThrow();
    },
  };
}

const textOf = (result: unknown) => (result as { content: { text: string }[] }).content[0]?.text;
const BOOKING = { name: 'Ada', party: 4, seating: 'terrace' };

describe('upstream pushes a form on 2025-11-25 (v1 SDK 1.32 on stdio)', () => {
  it('a 2026-07-28 host answers it in a round; the upstream call completes with the answer', async () => {
    const { bridge, url } = await serve(UPSTREAM_2025);
    const { client, ui } = await host2026(url, [BOOKING]);
    const result = await callToolWithElicitation(client, { name: 'book', arguments: {} });
    expect(JSON.parse(textOf(result)!)).toEqual({ action: 'accept', content: BOOKING });
    expect(ui.prompts[0]?.message).toBe('Book a table');
    expect(bridge.held).toBeLessThanOrEqual(1);
  });

  it('a 2025-11-25 host gets it pushed on its call; the answer goes back upstream', async () => {
    const { url } = await serve(UPSTREAM_2025);
    const { client, seen } = await host2025(url, () => ({ action: 'accept', content: BOOKING }));
    const result = await client.callTool({ name: 'book', arguments: {} });
    expect(JSON.parse(textOf(result)!)).toEqual({ action: 'accept', content: BOOKING });
    // What the host was asked is what elicitkit's checks let through, rebuilt: the same fields and rules.
    expect(seen[0]).toMatchObject({
      mode: 'form',
      message: 'Book a table',
      requestedSchema: {
        properties: {
          name: { type: 'string', title: 'Name', minLength: 2 },
          party: { type: 'integer', minimum: 1, maximum: 12, default: 2 },
          seating: {
            oneOf: [
              { const: 'indoors', title: 'Indoors' },
              { const: 'terrace', title: 'Terrace' },
            ],
          },
        },
      },
    });
  });

  it('a decline reaches upstream as a decline', async () => {
    const { url } = await serve(UPSTREAM_2025);
    const { client } = await host2025(url, () => ({ action: 'decline' }));
    const result = await client.callTool({ name: 'book', arguments: {} });
    expect(JSON.parse(textOf(result)!)).toEqual({ action: 'decline' });
  });

  it('two calls at once on the one stdio process: each gets its own answer, one after the other', async () => {
    const { url } = await serve(UPSTREAM_2025);
    const names = ['Ada', 'Grace'];
    const { client } = await host2025(url, () => ({
      action: 'accept',
      content: { ...BOOKING, name: names.shift() },
    }));
    const results = await Promise.all([
      client.callTool({ name: 'book', arguments: {} }),
      client.callTool({ name: 'book', arguments: {} }),
    ]);
    const answered = results.map(
      (result) => (JSON.parse(textOf(result)!) as { content: { name: string } }).content.name,
    );
    expect(answered.sort()).toEqual(['Ada', 'Grace']);
  });

  it('a list answers at once while a call holds the stdio process waiting on a person', async () => {
    const { url } = await serve(UPSTREAM_2025);
    const { asked, cancel } = await callThenCancel(url, 'book');
    await asked;
    const { client } = await host2025(url, () => ({ action: 'decline' }));
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('book');
    await cancel();
  });

  it('a downstream cancel cancels the upstream call', async () => {
    const { bridge, url } = await serve(UPSTREAM_2025);
    const { asked, cancel } = await callThenCancel(url, 'book');
    await asked;
    expect(bridge.held).toBe(1);
    await cancel();
    await expect.poll(() => bridge.held).toBe(0);
  });
});

describe('upstream asks in 2026-07-28 rounds (SDK v2, 2026-only, on stdio)', () => {
  it('a 2025-11-25 host gets the round pushed; the answer goes upstream as inputResponses', async () => {
    const { url } = await serve(UPSTREAM_2026);
    const { client, seen } = await host2025(url, () => ({ action: 'accept', content: { name: 'Grace' } }));
    const result = await client.callTool({ name: 'ask', arguments: {} });
    expect(textOf(result)).toBe('ANSWER {"action":"accept","content":{"name":"Grace"}}');
    expect(seen).toHaveLength(1);
  });

  it('a 2026-07-28 host answers it in a round of its own', async () => {
    const { url } = await serve(UPSTREAM_2026);
    const { client } = await host2026(url, [{ name: 'Grace' }]);
    const result = await callToolWithElicitation(client, { name: 'ask', arguments: {} });
    expect(textOf(result)).toBe('ANSWER {"action":"accept","content":{"name":"Grace"}}');
  });
});

describe('upstream over Streamable HTTP (v1 SDK 1.32, a session per connection)', () => {
  it('a 2026-07-28 host and a 2025-11-25 host each complete a form', async () => {
    const upstream = await serveV1Sessions(createV1Server);
    cleanup.push(() => upstream.close());
    const { url } = await serve({ kind: 'http', url: upstream.url });
    const modern = await host2026(url, [BOOKING]);
    const legacy = await host2025(url, () => ({ action: 'accept', content: BOOKING }));
    for (const result of [
      await callToolWithElicitation(modern.client, { name: 'book', arguments: {} }),
      await legacy.client.callTool({ name: 'book', arguments: {} }),
    ]) {
      expect(JSON.parse(textOf(result)!)).toEqual({ action: 'accept', content: BOOKING });
    }
  });

  it("calls in turn reuse a session, a principal's own: a forwarded credential gets sessions of its own", async () => {
    const upstream = await serveV1Sessions(createV1Server);
    cleanup.push(() => upstream.close());
    const bridge = createBridge({
      upstream: { kind: 'http', url: upstream.url },
      forwardAuthorization: true,
    });
    const served = await serveMcpHttp(() => bridge.server());
    cleanup.push(
      () => bridge.close(),
      () => served.close(),
    );
    const answer = () => ({ action: 'accept', content: BOOKING });
    const alice = await host2025(served.url, answer, { Authorization: 'Bearer alice' });
    const bob = await host2025(served.url, answer, { Authorization: 'Bearer bob' });
    for (const host of [alice, alice, bob, alice])
      await host.client.callTool({ name: 'book', arguments: {} });
    const calls = upstream.opened.filter((session) => session.authorization !== undefined);
    expect(calls.map((session) => session.authorization)).toEqual(['Bearer alice', 'Bearer bob']);
  });

  it('a call a host waits on is not given up, however long past holdMs', async () => {
    const upstream = await serveV1Sessions(createV1Server);
    cleanup.push(() => upstream.close());
    const clock = new ManualClock();
    const bridge = createBridge({ upstream: { kind: 'http', url: upstream.url }, holdMs: 1000, clock });
    const served = await serveBridgeHttp(bridge);
    cleanup.push(() => served.close());
    let answer!: (result: unknown) => void;
    let onAsk!: () => void;
    const asked = new Promise<void>((resolve) => (onAsk = resolve));
    const waiting = await host2025(served.url!, () => {
      onAsk();
      return new Promise((resolve) => (answer = resolve));
    });
    const result = waiting.client.callTool({ name: 'book', arguments: {} });
    await asked;
    clock.advance(5000);
    // Another call starts, which sweeps: the first, watched by its host, stays.
    const other = await host2025(served.url!, () => ({ action: 'decline' }));
    await other.client.callTool({ name: 'book', arguments: {} });
    answer({ action: 'accept', content: BOOKING });
    expect(JSON.parse(textOf(await result)!)).toEqual({ action: 'accept', content: BOOKING });
  });

  it('a downstream cancel reaches the upstream handler as its own cancellation', async () => {
    let upstreamCancelled!: () => void;
    const cancelledUpstream = new Promise<void>((resolve) => (upstreamCancelled = resolve));
    const upstream = await serveV1Sessions(() => {
      const server = createV1Server();
      server.registerTool('hold', { description: 'Asks and waits' }, async (extra) => {
        extra.signal.addEventListener('abort', () => upstreamCancelled(), { once: true });
        return confirmUpstream(extra, 'Still there?');
      });
      return server;
    });
    cleanup.push(() => upstream.close());
    const { url } = await serve({ kind: 'http', url: upstream.url });
    const { asked, cancel } = await callThenCancel(url, 'hold');
    await asked;
    await cancel();
    await cancelledUpstream;
  });
});

describe('2025-06-18 on either side (v1 SDK 1.17)', () => {
  it('a 2025-06-18 upstream (enum + enumNames) is answered by a 2026-07-28 host', async () => {
    const { url } = await serve(UPSTREAM_2025_06_18);
    const { client, ui } = await host2026(url, [{ color: '#228b22', folded: false }]);
    const result = await callToolWithElicitation(client, { name: 'pick_color', arguments: {} });
    expect(JSON.parse(textOf(result)!)).toEqual({
      action: 'accept',
      content: { color: '#228b22', folded: false },
    });
    const field = (ui.prompts[0] as { fields: { name: string; options?: unknown }[] }).fields[0];
    expect(field?.options).toEqual([
      { value: '#b22222', label: 'Firebrick red' },
      { value: '#228b22', label: 'Forest green' },
    ]);
  });

  it('a 2025-06-18 host is sent the form its revision reads (no mode; a titled choice as enum + enumNames)', async () => {
    const { url } = await serve(UPSTREAM_2025);
    const client = new Client117(
      { name: 'host-2025-06-18', version: '1.0.0' },
      { capabilities: { elicitation: {} } },
    );
    const seen: unknown[] = [];
    client.setRequestHandler(ElicitRequestSchema117, async (request) => {
      seen.push(request.params);
      return { action: 'accept', content: BOOKING };
    });
    await client.connect(new Http117(url));
    cleanup.push(() => client.close());
    const result = await client.callTool({ name: 'book', arguments: {} });
    expect(JSON.parse(textOf(result)!)).toEqual({ action: 'accept', content: BOOKING });
    expect(seen[0]).not.toHaveProperty('mode');
    expect(seen[0]).toMatchObject({
      requestedSchema: {
        properties: { seating: { enum: ['indoors', 'terrace'], enumNames: ['Indoors', 'Terrace'] } },
      },
    });
  });
});

describe('upstream runs the tool as a task (Tasks extension, SDK v2 and elicitkit)', () => {
  it("a 2025-11-25 host gets the task's input_required pushed; its answer goes up as tasks/update", async () => {
    const upstream = await startTaskServer({ pollIntervalMs: 50 });
    cleanup.push(() => upstream.close());
    const { url } = await serve({ kind: 'http', url: upstream.url });
    const { client, seen } = await host2025(url, () => ({ action: 'accept', content: { n: 7 } }));
    const result = await client.callTool({ name: 'count', arguments: {} });
    expect(textOf(result)).toBe('n=7');
    expect(seen[0]).toMatchObject({ message: 'How many?' });
  });

  it('a 2026-07-28 host without the extension answers the task question in a round', async () => {
    const upstream = await startTaskServer({ pollIntervalMs: 50 });
    cleanup.push(() => upstream.close());
    const { url } = await serve({ kind: 'http', url: upstream.url });
    const { client } = await host2026(url, [{}]); // confirm: a form with no fields, accepted
    const statuses: string[] = [];
    const result = await callToolWithElicitation(
      client,
      { name: 'approve', arguments: { what: 'the report' } },
      { tasks: false, onTaskStatus: ({ status }) => statuses.push(status) },
    );
    expect(textOf(result)).toMatch(/^Approved the report: part 1 by task-server/);
    expect(statuses).toEqual([]); // no task reached this host
  });

  it("[T-09] [T-21] a 2026-07-28 host that declares the extension gets a task of its own: asked by tasks/get, answered by tasks/update, upstream's status passed on", async () => {
    const upstream = await startTaskServer({ pollIntervalMs: 50 });
    cleanup.push(() => upstream.close());
    const { url } = await serve({ kind: 'http', url: upstream.url });
    const { client, ui } = await host2026(url, [{}]);
    const statuses: string[] = [];
    const messages = new Set<string>();
    const taskIds = new Set<string>();
    const result = await callToolWithElicitation(
      client,
      { name: 'approve', arguments: { what: 'the report' } },
      {
        onTaskStatus: ({ taskId, status, statusMessage }) => {
          taskIds.add(taskId);
          statuses.push(status);
          if (statusMessage) messages.add(statusMessage);
        },
      },
    );
    expect(textOf(result)).toMatch(/^Approved the report: part 1 by task-server/);
    expect(ui.prompts.map((prompt) => prompt.message)).toEqual(['Approve the report?']);
    expect(statuses).toContain('input_required');
    expect(statuses.at(-1)).toBe('completed');
    expect(taskIds.size).toBe(1);
    // Upstream's task said how it was doing; the host's task says it too.
    expect(messages).toContain('Preparing the report');
  });

  it('[T-15] a host cancelling its task cancels the upstream call', async () => {
    const upstream = await startTaskServer({ pollIntervalMs: 50 });
    cleanup.push(() => upstream.close());
    const { bridge, url } = await serve({ kind: 'http', url: upstream.url });
    const client = new Client(
      { name: 'host', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    const call = new AbortController();
    // The person is asked, and the host gives the call up instead of answering.
    installElicitation(client, {
      ui: {
        form: () => {
          call.abort(new Error('the person left'));
          return new Promise(() => {});
        },
        url: async () => ({ action: 'decline' }),
      },
      modes: ['form'],
    });
    await client.connect(new StreamableHTTPClientTransport(url));
    cleanup.push(() => client.close());
    const result = callToolWithElicitation(client, { name: 'count', arguments: {} }, { signal: call.signal });
    await expect(result).rejects.toThrow('the person left');
    await vi.waitFor(() => expect(bridge.held).toBe(0));
  });
});

describe('resources and prompts', () => {
  it('pass through as they are, to hosts of either revision', async () => {
    const upstream = await serveV1Sessions(() => {
      const server = createV1Server();
      server.registerResource('menu', 'bistro://menu', { mimeType: 'text/plain' }, async (uri) => ({
        contents: [{ uri: uri.href, text: 'Soup of the day' }],
      }));
      server.registerPrompt('greet', { description: 'Greets a guest' }, async () => ({
        messages: [{ role: 'user', content: { type: 'text', text: 'Welcome!' } }],
      }));
      return server;
    });
    cleanup.push(() => upstream.close());
    const { url } = await serve({ kind: 'http', url: upstream.url });
    const modern = (await host2026(url, [])).client;
    const legacy = (await host2025(url, () => ({ action: 'decline' }))).client;
    for (const client of [modern, legacy] as const) {
      const listed = await client.listResources();
      expect(listed.resources.map((resource) => resource.uri)).toEqual(['bistro://menu']);
      const read = await client.readResource({ uri: 'bistro://menu' });
      expect(read.contents).toEqual([{ uri: 'bistro://menu', text: 'Soup of the day' }]);
      const prompt = await client.getPrompt({ name: 'greet' });
      expect(prompt.messages[0]?.content).toEqual({ type: 'text', text: 'Welcome!' });
    }
  });

  it('[M-01] a form upstream asks while building a prompt reaches hosts of either revision', async () => {
    const upstream = await serveV1Sessions(() => {
      const server = createV1Server();
      server.registerPrompt('greet', { description: 'Greets a guest by name' }, async (extra) => {
        const answer = await extra.sendRequest(
          {
            method: 'elicitation/create',
            params: {
              mode: 'form',
              message: 'Who is coming?',
              requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
            } as never,
          },
          ElicitResultSchema,
        );
        const name = answer.action === 'accept' ? String(answer.content?.name) : answer.action;
        return { messages: [{ role: 'user', content: { type: 'text', text: `Welcome, ${name}!` } }] };
      });
      return server;
    });
    cleanup.push(() => upstream.close());
    const { url } = await serve({ kind: 'http', url: upstream.url });
    const modern = await host2026(url, [{ name: 'Ada' }]);
    const legacy = await host2025(url, () => ({ action: 'accept', content: { name: 'Grace' } }));
    const textOfPrompt = (prompt: { messages: { content: unknown }[] }) =>
      (prompt.messages[0]?.content as { text?: string } | undefined)?.text;
    expect(textOfPrompt(await modern.client.getPrompt({ name: 'greet' }))).toBe('Welcome, Ada!');
    expect(modern.ui.prompts).toHaveLength(1);
    expect(textOfPrompt(await legacy.client.getPrompt({ name: 'greet' }))).toBe('Welcome, Grace!');
    expect(legacy.seen).toHaveLength(1);
  });
});

describe('identity upstream', () => {
  it('behind authenticate, upstreamHeaders gives each principal its own upstream token and sessions', async () => {
    const upstream = await serveV1Sessions(createV1Server);
    cleanup.push(() => upstream.close());
    const bridge = createBridge({
      upstream: { kind: 'http', url: upstream.url },
      upstreamHeaders: ({ authInfo }) => ({
        Authorization: `Bearer upstream-${String(authInfo?.extra?.sub)}`,
      }),
    });
    const served = await serveBridgeHttp(bridge, {
      authenticate: requireBearerAuth({
        verifier: staticTokenVerifier({ 'token-alice': 'alice', 'token-bob': 'bob' }),
      }),
    });
    cleanup.push(() => served.close());
    const answer = () => ({ action: 'accept', content: BOOKING });
    const alice = await host2025(served.url!, answer, { Authorization: 'Bearer token-alice' });
    const bob = await host2025(served.url!, answer, { Authorization: 'Bearer token-bob' });
    for (const host of [alice, bob, alice]) await host.client.callTool({ name: 'book', arguments: {} });
    const calls = upstream.opened.filter((session) => session.authorization !== undefined);
    expect(calls.map((session) => session.authorization)).toEqual([
      'Bearer upstream-alice',
      'Bearer upstream-bob',
    ]);
  });

  it('a header upstreamHeaders should not give fails the call, naming it; nothing is sent', async () => {
    const upstream = await serveV1Sessions(createV1Server);
    cleanup.push(() => upstream.close());
    const bridge = createBridge({
      upstream: { kind: 'http', url: upstream.url },
      upstreamHeaders: () => ({ 'X-Token': 'a\r\nInjected: yes' }),
    });
    const served = await serveBridgeHttp(bridge);
    cleanup.push(() => served.close());
    const { client } = await host2025(served.url!, () => ({ action: 'accept', content: BOOKING }));
    await expect(client.callTool({ name: 'book', arguments: {} })).rejects.toThrow(
      /upstreamHeaders gave an invalid header: "X-Token"/,
    );
    expect(upstream.opened.filter((session) => session.authorization !== undefined)).toEqual([]);
  });
});

describe('what upstream asks outside any call', () => {
  it('roots asked as upstream connects (server-everything does) are answered, none yet, not failed', async () => {
    const bridge = createBridge({
      upstream: {
        kind: 'stdio',
        command: NODE_TS[0]!,
        args: [...NODE_TS.slice(1), join(import.meta.dirname, 'helpers/roots-at-connect.ts')],
      },
    });
    const served = await serveBridgeHttp(bridge);
    cleanup.push(() => served.close());
    const client = new Client({ name: 'host', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(served.url!));
    cleanup.push(() => client.close());
    const result = await client.callTool({ name: 'roots_outcome', arguments: {} });
    expect(textOf(result)).toBe('{"roots":[]}');
  });
});

describe('what the host is not asked', () => {
  it('[E-01] a form asking for a secret: never a decline nobody gave; upstream and the host both hear why', async () => {
    const heard: string[] = [];
    const upstream = await serveV1Sessions(() => {
      const server = createV1Server();
      server.registerTool('sign_in', { description: 'Asks a password in form mode' }, async (extra) => {
        try {
          const params = {
            mode: 'form',
            message: 'Sign in',
            requestedSchema: {
              type: 'object',
              properties: { password: { type: 'string', title: 'Password' } },
            },
          };
          heard.push(
            JSON.stringify(
              await extra.sendRequest({ method: 'elicitation/create', params } as never, ElicitResultSchema),
            ),
          );
        } catch (error) {
          const { code, message } = error as { code?: number; message: string };
          heard.push(`error ${code}: ${message}`);
        }
        return { content: [{ type: 'text', text: 'done' }] };
      });
      return server;
    });
    cleanup.push(() => upstream.close());
    const lines: string[] = [];
    const bridge = createBridge({
      upstream: { kind: 'http', url: upstream.url },
      log: (line) => lines.push(line),
    });
    const served = await serveBridgeHttp(bridge);
    cleanup.push(() => served.close());
    const { client, seen } = await host2025(served.url!, () => ({
      action: 'accept',
      content: { password: 'x' },
    }));
    await expect(client.callTool({ name: 'sign_in', arguments: {} })).rejects.toThrow(
      /must not ask for secrets/,
    );
    expect(seen).toEqual([]);
    await vi.waitFor(() => expect(heard).toHaveLength(1));
    expect(heard[0]).toMatch(
      /^error -32602: .*The host cannot be asked this form: Form mode must not ask for secrets/,
    );
    expect(lines).toEqual([
      expect.stringMatching(
        /^elicitkit bridge: the host could not be asked an upstream form \(sensitive-field\)/,
      ),
    ]);
  });

  it('[F-05] a 2025-06-18 host is asked a multi-select as yes/no fields; upstream gets the list it asked for', async () => {
    const upstream = await serveV1Sessions(() => {
      const server = createV1Server();
      server.registerTool('extras', { description: 'Asks a multi-select' }, async (extra) => {
        const params = {
          mode: 'form',
          message: 'Extras?',
          requestedSchema: {
            type: 'object',
            properties: {
              extras: {
                type: 'array',
                title: 'Extras',
                items: {
                  anyOf: [
                    { const: 'cake', title: 'Birthday cake' },
                    { const: 'window', title: 'Window seat' },
                  ],
                },
              },
            },
          },
        };
        const result = await extra.sendRequest(
          { method: 'elicitation/create', params } as never,
          ElicitResultSchema,
        );
        return { content: [{ type: 'text', text: JSON.stringify(result) }] };
      });
      return server;
    });
    cleanup.push(() => upstream.close());
    const served = await serveBridgeHttp(createBridge({ upstream: { kind: 'http', url: upstream.url } }));
    cleanup.push(() => served.close());
    const host = new Client117(
      { name: 'host-2025-06-18', version: '1.0.0' },
      { capabilities: { elicitation: {} } },
    );
    const asked: { requestedSchema: { properties: Record<string, unknown> } }[] = [];
    host.setRequestHandler(ElicitRequestSchema117, async (request) => {
      asked.push(request.params as (typeof asked)[number]);
      return { action: 'accept', content: { 'extras.1': false, 'extras.2': true } };
    });
    await host.connect(new Http117(served.url!));
    cleanup.push(() => host.close());
    const result = await host.callTool({ name: 'extras', arguments: {} });
    expect(JSON.parse(textOf(result as never)!)).toEqual({
      action: 'accept',
      content: { extras: ['window'] },
    });
    expect(asked[0]!.requestedSchema.properties).toEqual({
      'extras.1': { type: 'boolean', title: 'Extras: Birthday cake', default: false },
      'extras.2': { type: 'boolean', title: 'Extras: Window seat', default: false },
    });
  });

  it('refuses options out of range, naming them', () => {
    const upstream: Upstream = { kind: 'http', url: new URL('http://127.0.0.1:1/mcp') };
    expect(() => createBridge({ upstream, maxHeldCalls: 0 })).toThrow(/maxHeldCalls/);
    expect(() => createBridge({ upstream, holdMs: 10 })).toThrow(/holdMs/);
  });
});

describe('progress and logging', () => {
  it("pass through to the host's call: progress under the host's token, log messages as they came", async () => {
    const upstream = await serveV1Sessions(() => {
      const server = createV1Server();
      server.server.registerCapabilities({ logging: {} });
      server.registerTool('report', { description: 'Reports as it goes, then asks' }, async (extra) => {
        const progressToken = extra._meta?.progressToken;
        if (progressToken !== undefined) {
          await extra.sendNotification({
            method: 'notifications/progress',
            params: { progressToken, progress: 1, total: 2, message: 'Half way' },
          });
        }
        await extra.sendNotification({
          method: 'notifications/message',
          params: { level: 'info', logger: 'report', data: 'collected 128 rows' },
        });
        return confirmUpstream(extra, 'Send it?');
      });
      return server;
    });
    cleanup.push(() => upstream.close());
    const { url } = await serve({ kind: 'http', url: upstream.url });
    const { client } = await host2025(url, () => ({ action: 'accept', content: {} }));
    const logs: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
      logs.push(notification.params);
    });
    const progress: unknown[] = [];
    const result = await client.callTool({ name: 'report', arguments: {} }, undefined, {
      onprogress: (p) => progress.push(p),
    });
    expect(JSON.parse(textOf(result)!)).toEqual({ action: 'accept', content: {} });
    expect(progress).toEqual([{ progress: 1, total: 2, message: 'Half way' }]);
    expect(logs).toEqual([{ level: 'info', logger: 'report', data: 'collected 128 rows' }]);
  });
});

/** An upstream whose `grow` tool announces that its tool list changed. */
async function changingUpstream() {
  const upstream = await serveMcpHttp(() => {
    const server = new McpServer({ name: 'changing', version: '1.0.0' });
    server.registerTool('grow', { description: 'Adds a tool' }, async () => {
      upstream.handler.notify.toolsChanged();
      return { content: [{ type: 'text', text: 'grown' }] };
    });
    return server;
  });
  cleanup.push(() => upstream.close());
  return upstream;
}

describe('list changes', () => {
  it("upstream's list changes reach a 2025 session and a 2026-07-28 subscription", async () => {
    const upstream = await changingUpstream();
    const served = await serveBridgeHttp(createBridge({ upstream: { kind: 'http', url: upstream.url } }));
    cleanup.push(() => served.close());
    let toldLegacy!: () => void;
    const legacyTold = new Promise<void>((resolve) => (toldLegacy = resolve));
    const legacy = (await host2025(served.url!, () => ({ action: 'decline' }))).client;
    legacy.setNotificationHandler(ToolListChangedNotificationSchema, async () => toldLegacy());
    let toldModern!: () => void;
    const modernTold = new Promise<void>((resolve) => (toldModern = resolve));
    const modern = new Client(
      { name: 'host-2026', version: '1.0.0' },
      {
        versionNegotiation: { mode: { pin: '2026-07-28' } },
        listChanged: { tools: { autoRefresh: false, debounceMs: 0, onChanged: () => toldModern() } },
      },
    );
    await modern.connect(new StreamableHTTPClientTransport(served.url!));
    cleanup.push(() => modern.close());
    expect(modern.autoOpenedSubscription).toBeDefined(); // connect waits for the acknowledgement
    // A list goes through the bridge's shared upstream connection, which is subscribed once it is connected.
    await legacy.listTools();
    expect(textOf(await legacy.callTool({ name: 'grow', arguments: {} }))).toBe('grown');
    await Promise.all([legacyTold, modernTold]);
  });
});

describe('list changes on stdio', () => {
  it("upstream's list changes reach a 2026-07-28 host's subscription on serveBridgeStdio", async () => {
    const upstream = await changingUpstream();
    // The host's end and the bridge's end of one stdio connection (in memory: the SDK's stdio entry serves it).
    const [hostEnd, bridgeEnd] = InMemoryTransport.createLinkedPair();
    const served = serveBridgeStdio(createBridge({ upstream: { kind: 'http', url: upstream.url } }), {
      transport: bridgeEnd,
    });
    cleanup.push(() => served.close());
    let told!: () => void;
    const changed = new Promise<void>((resolve) => (told = resolve));
    const host = new Client(
      { name: 'host-2026', version: '1.0.0' },
      {
        versionNegotiation: { mode: { pin: '2026-07-28' } },
        listChanged: { tools: { autoRefresh: false, debounceMs: 0, onChanged: () => told() } },
      },
    );
    await host.connect(hostEnd);
    cleanup.push(() => host.close());
    expect(host.autoOpenedSubscription).toBeDefined();
    // A list goes through the bridge's shared upstream connection, which is subscribed once it is connected.
    await host.listTools();
    expect(textOf(await host.callTool({ name: 'grow', arguments: {} }))).toBe('grown');
    await changed;
  });
});

describe('sampling and roots', () => {
  const SAMPLED = { role: 'assistant', content: { type: 'text', text: 'Paris' }, model: 'host-model' };

  it("[M-02] a 2026-07-28 upstream's sampling and roots requests are pushed to a 2025 host and answered", async () => {
    const upstream = await serveMcpHttp(createConformanceServer);
    cleanup.push(() => upstream.close());
    const { url } = await serve({ kind: 'http', url: upstream.url });
    const host = new V1Client(
      { name: 'host-2025', version: '1.0.0' },
      { capabilities: { sampling: {}, roots: {} } },
    );
    const asked: string[] = [];
    host.setRequestHandler(CreateMessageRequestSchema, async (request) => {
      asked.push(request.method);
      return SAMPLED as never;
    });
    host.setRequestHandler(ListRootsRequestSchema, async (request) => {
      asked.push(request.method);
      return { roots: [{ uri: 'file:///work', name: 'work' }] };
    });
    await host.connect(new V1HttpTransport(url));
    cleanup.push(() => host.close());
    const sampled = await host.callTool({ name: 'test_input_required_result_sampling', arguments: {} });
    expect(textOf(sampled)).toBe('Sampled: {"type":"text","text":"Paris"}');
    const roots = await host.callTool({ name: 'test_input_required_result_list_roots', arguments: {} });
    expect(textOf(roots)).toBe('Roots: 1');
    expect(asked).toEqual(['sampling/createMessage', 'roots/list']);
  });

  it("[M-04] a 2026-07-28 host answers them in rounds, under upstream's keys; one without sampling is not asked it", async () => {
    const upstream = await serveMcpHttp(createConformanceServer);
    cleanup.push(() => upstream.close());
    const { url } = await serve({ kind: 'http', url: upstream.url });
    const sampler = new Client(
      { name: 'host-2026', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } }, capabilities: { sampling: {} } },
    );
    const keys: unknown[] = [];
    sampler.setRequestHandler('sampling/createMessage', async (_request, ctx) => {
      keys.push(ctx.mcpReq.id);
      return SAMPLED as never;
    });
    await sampler.connect(new StreamableHTTPClientTransport(url));
    cleanup.push(() => sampler.close());
    const sampled = await sampler.callTool({ name: 'test_input_required_result_sampling', arguments: {} });
    expect(textOf(sampled)).toBe('Sampled: {"type":"text","text":"Paris"}');
    expect(keys).toEqual(['capital_question']);
    // Declared sampling only: upstream is told so, and asks by sampling rather than by a form (M-04 end to end).
    const chose = await sampler.callTool({ name: 'test_input_required_result_capabilities', arguments: {} });
    expect(textOf(chose)).toBe('Sampled a greeting.');
  });

  it('[M-09] a sampling result too large to keep in the sealed state is asked again, then fails upstream', async () => {
    const upstream = await serveMcpHttp(createConformanceServer);
    cleanup.push(() => upstream.close());
    const { url } = await serve({ kind: 'http', url: upstream.url });
    const sampler = new Client(
      { name: 'host-2026', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } }, capabilities: { sampling: {} } },
    );
    let asked = 0;
    sampler.setRequestHandler('sampling/createMessage', async () => {
      asked++;
      const huge = 'x'.repeat(MAX_RELAYED_RESULT_BYTES);
      return { ...SAMPLED, content: { type: 'text', text: huge } } as never;
    });
    await sampler.connect(new StreamableHTTPClientTransport(url));
    cleanup.push(() => sampler.close());
    await expect(
      sampler.callTool({ name: 'test_input_required_result_sampling', arguments: {} }),
    ).rejects.toThrow();
    expect(asked).toBe(DEFAULT_MAX_ANSWER_ATTEMPTS);
  });
});

describe('URL mode', () => {
  const URL_MODE = { elicitation: { url: {} } };

  /**
   * A v1 SDK 1.32 upstream (a session per connection) whose `link` tool pushes a URL elicitation, waits for the page
   * (`finish`, what the browser side would do), says so with `notifications/elicitation/complete`, and completes.
   */
  async function linkingUpstream() {
    const pages = new Map<string, () => void>();
    const upstream = await serveV1Sessions(() => {
      const server = createV1Server();
      server.registerTool('link', { description: 'Links an account in the browser' }, async (extra) => {
        const elicitationId = randomUUID();
        const finished = new Promise<void>((resolve) => pages.set(elicitationId, resolve));
        const url = `https://accounts.example.com/link/${elicitationId}`;
        const answer = await extra.sendRequest(
          {
            method: 'elicitation/create',
            params: { mode: 'url', message: 'Link your account', url, elicitationId } as never,
          },
          ElicitResultSchema,
        );
        if (answer.action !== 'accept')
          return { content: [{ type: 'text', text: `not linked (${answer.action})` }] };
        await finished;
        await server.server.notification({
          method: 'notifications/elicitation/complete',
          params: { elicitationId },
        });
        return { content: [{ type: 'text', text: 'linked' }] };
      });
      return server;
    });
    cleanup.push(() => upstream.close());
    const finish = () => {
      for (const done of pages.values()) done();
    };
    return { url: upstream.url, finish };
  }

  it("[E-17] a 2025 host consents to upstream's URL under an id of the bridge's own, and hears it completed", async () => {
    const upstream = await linkingUpstream();
    const { url } = await serve({ kind: 'http', url: upstream.url });
    const { client: host, seen } = await host2025(
      url,
      () => {
        queueMicrotask(upstream.finish); // the person went through the page
        return { action: 'accept' };
      },
      {},
      URL_MODE,
    );
    const asked = seen as { url?: unknown; elicitationId?: unknown }[];
    let completed!: (id: string) => void;
    const completion = new Promise<string>((resolve) => (completed = resolve));
    host.setNotificationHandler(ElicitationCompleteNotificationSchema, async (notice) =>
      completed(notice.params.elicitationId),
    );
    expect(textOf(await host.callTool({ name: 'link', arguments: {} }))).toBe('linked');
    expect(asked).toHaveLength(1);
    expect(String(asked[0]?.url)).toMatch(/^https:\/\/accounts\.example\.com\/link\//);
    // The host's id is the bridge's, not upstream's (which names the flow in the URL).
    expect(String(asked[0]?.url)).not.toContain(String(asked[0]?.elicitationId));
    expect(await completion).toBe(asked[0]?.elicitationId);
  });

  it('[M-17] a 2026-07-28 host consents in a round and opens the URL itself; its retry gets the result', async () => {
    const upstream = await linkingUpstream();
    const { url } = await serve({ kind: 'http', url: upstream.url });
    const client = new Client(
      { name: 'host-2026', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    const opened: string[] = [];
    const ui = scriptedUI([{ url: { action: 'consent' } }]);
    installElicitation(client, {
      ui,
      modes: ['url'],
      opener: async (href) => {
        opened.push(href);
        upstream.finish();
      },
    });
    await client.connect(new StreamableHTTPClientTransport(url));
    cleanup.push(() => client.close());
    expect(textOf(await callToolWithElicitation(client, { name: 'link', arguments: {} }))).toBe('linked');
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatch(/^https:\/\/accounts\.example\.com\/link\//);
  });

  it('[E-23] a -32042 from upstream reaches the host as a URL to consent to; the call goes on once the page is done', async () => {
    let linked = false;
    let announce: (() => Promise<void>) | undefined;
    const upstream = await serveV1Sessions(() => {
      const server = createV1Server();
      server.registerTool('linked_only', { description: 'Needs a linked account' }, async () => {
        if (linked) return { content: [{ type: 'text', text: 'done with the linked account' }] };
        const elicitationId = 'link-1';
        announce = async () => {
          linked = true;
          await server.server.notification({
            method: 'notifications/elicitation/complete',
            params: { elicitationId },
          });
        };
        throw new UrlElicitationRequiredError([
          { mode: 'url', message: 'Link first', url: 'https://accounts.example.com/link/1', elicitationId },
        ]);
      });
      return server;
    });
    cleanup.push(() => upstream.close());
    const { url } = await serve({ kind: 'http', url: upstream.url });
    const { client: host, seen } = await host2025(
      url,
      () => {
        queueMicrotask(() => void announce?.()); // the person went through the page
        return { action: 'accept' };
      },
      {},
      URL_MODE,
    );
    expect(textOf(await host.callTool({ name: 'linked_only', arguments: {} }))).toBe(
      'done with the linked account',
    );
    expect(seen).toEqual([
      expect.objectContaining({ mode: 'url', url: 'https://accounts.example.com/link/1' }),
    ]);
  });

  it('[E-22] a -32042 from an upstream that never says the page is done: the bridge tries the call again itself', async () => {
    let linked = false;
    const upstream = await serveV1Sessions(() => {
      const server = createV1Server();
      server.registerTool('linked_only', { description: 'Needs a linked account' }, async () => {
        if (linked) return { content: [{ type: 'text', text: 'done with the linked account' }] };
        throw new UrlElicitationRequiredError([
          {
            mode: 'url',
            message: 'Link first',
            url: 'https://accounts.example.com/link/1',
            elicitationId: 'l1',
          },
        ]);
      });
      return server;
    });
    cleanup.push(() => upstream.close());
    const clock = new ManualClock();
    const bridge = createBridge({ upstream: { kind: 'http', url: upstream.url }, clock, tasks: false });
    const served = await serveMcpHttp(() => bridge.server());
    cleanup.push(
      () => bridge.close(),
      () => served.close(),
    );
    let consented!: () => void;
    const consent = new Promise<void>((resolve) => (consented = resolve));
    const { client: host } = await host2025(
      served.url,
      () => {
        linked = true; // the person went through the page; upstream sends no completion notice
        consented();
        return { action: 'accept' };
      },
      {},
      URL_MODE,
    );
    const result = host.callTool({ name: 'linked_only', arguments: {} });
    const ended = result.then(() => 'ended' as const);
    await consent;
    // The bridge waits to try again, as a person would press "retry now": time moves until the call ends (the
    // consent prompt's own timer is on the clock too, which is why this is a loop).
    for (let waited = 0; (await Promise.race([ended, clock.whenPending(1)])) !== 'ended'; ) {
      expect(waited).toBeLessThan(10 * DEFAULT_URL_RETRY_MS);
      clock.advance(DEFAULT_URL_RETRY_MS);
      waited += DEFAULT_URL_RETRY_MS;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(textOf(await result)).toBe('done with the linked account');
  });

  it("[M-17] a 2026-07-28 upstream's URL input request is pushed to a 2025 host; consent goes back as accept", async () => {
    const upstream = await serveMcpHttp(() => {
      const server = new McpServer({ name: 'linking-2026', version: '1.0.0' });
      server.registerTool('link', { description: 'Links an account in the browser' }, async (ctx) => {
        const answer = ctx.mcpReq.inputResponses?.link as { action?: string } | undefined;
        if (answer) return { content: [{ type: 'text', text: `link: ${answer.action}` }] };
        // Built by hand: the SDK's builder makes form requests only.
        return {
          resultType: 'input_required',
          inputRequests: {
            link: {
              method: 'elicitation/create',
              params: {
                mode: 'url',
                message: 'Link your account',
                url: 'https://accounts.example.com/link/2026',
              },
            },
          },
        } as never;
      });
      return server;
    });
    cleanup.push(() => upstream.close());
    const { url } = await serve({ kind: 'http', url: upstream.url });
    const { client: host, seen: asked } = await host2025(url, () => ({ action: 'accept' }), {}, URL_MODE);
    expect(textOf(await host.callTool({ name: 'link', arguments: {} }))).toBe('link: accept');
    expect(asked).toEqual([
      expect.objectContaining({ mode: 'url', url: 'https://accounts.example.com/link/2026' }),
    ]);
  });

  it('[M-04] a decline reaches upstream as a decline; a host without URL mode is never asked (upstream hears -32602)', async () => {
    const upstream = await linkingUpstream();
    const { url } = await serve({ kind: 'http', url: upstream.url });
    const { client: decliner } = await host2025(url, () => ({ action: 'decline' }), {}, URL_MODE);
    expect(textOf(await decliner.callTool({ name: 'link', arguments: {} }))).toBe('not linked (decline)');
    // Form mode only: upstream is told so; a server that pushes a URL anyway is refused, as any such client refuses it.
    const { client: formsOnly, seen } = await host2025(url, () => ({ action: 'accept' }));
    const refused = textOf(await formsOnly.callTool({ name: 'link', arguments: {} }));
    expect(refused).toMatch(/-32602.*"url" was not declared/);
    expect(seen).toEqual([]);
  });
});

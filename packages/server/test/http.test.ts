import { request as httpRequest } from 'node:http';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { McpServer } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ServedMcpHttp, serveMcpHttp } from '../src/http/index.js';
import { enableElicitation } from '../src/index.js';
import { callTool, registerTools } from './helpers/harness.js';
import { type ToolEvent, transportTools } from './helpers/tools.js';

/** Which HTTP exchange carried each `elicitation/create`: the tool call's POST stream, or the standalone GET. */
type Carrier = 'POST' | 'GET';

let served: ServedMcpHttp;
const events: ToolEvent[] = [];

beforeAll(async () => {
  served = await serveMcpHttp(() => {
    const server = enableElicitation(new McpServer({ name: 'elicitkit-http-test', version: '1.0.0' }));
    registerTools(server, {
      ...transportTools((event) => events.push(event), 200),
      // The SDK's own call, for contrast: no relatedRequestId.
      rawSdk: async (ctx) =>
        ctx.mcpReq.elicitInput({
          message: 'raw',
          requestedSchema: { type: 'object', properties: { x: { type: 'string' } } },
        }),
    });
    return server;
  });
});

afterAll(async () => {
  await served.close();
});

interface HttpSession {
  client: Client;
  transport: StreamableHTTPClientTransport;
  carriers: Carrier[];
}

async function connect(answer: (params: unknown) => unknown): Promise<HttpSession> {
  const carriers: Carrier[] = [];
  // Reads a copy of every SSE response to see which exchange delivered each elicitation request.
  const recordingFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (!response.headers.get('content-type')?.includes('text/event-stream') || !response.body)
      return response;
    const [mine, theirs] = response.body.tee();
    const method = (init?.method ?? 'GET') as Carrier;
    void (async () => {
      const decoder = new TextDecoder();
      const reader = mine.getReader();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        const text = decoder.decode(chunk.value);
        for (const _ of text.matchAll(/"method":"elicitation\/create"/g)) carriers.push(method);
      }
    })().catch(() => {});
    return new Response(theirs, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
  const transport = new StreamableHTTPClientTransport(served.url, { fetch: recordingFetch });
  const client = new Client(
    { name: 'http-test', version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } } },
  );
  client.setRequestHandler('elicitation/create', async (request) => answer(request.params) as never);
  await client.connect(transport);
  return { client, transport, carriers };
}

/** fetch() will not send a made-up Host header; node:http will. */
function statusWithHost(host: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      served.url,
      { method: 'POST', headers: { host, 'content-type': 'application/json' } },
      (response) => {
        response.resume();
        resolve(response.statusCode);
      },
    );
    request.on('error', reject);
    request.end('{}');
  });
}

function started(): { asked: Promise<void>; answer: () => Promise<never> } {
  let resolve!: () => void;
  const asked = new Promise<void>((r) => {
    resolve = r;
  });
  return {
    asked,
    answer: () => {
      resolve();
      return new Promise<never>(() => {});
    },
  };
}

describe('elicitForm over sessionful Streamable HTTP (127.0.0.1, real SDK client)', () => {
  it('sends the request on the tool call’s own stream (relatedRequestId), unlike the raw SDK call', async () => {
    const { client, carriers } = await connect(() => ({ action: 'accept', content: { name: 'Ada' } }));
    try {
      expect(await callTool(client, 'contact')).toEqual({ action: 'accept', data: { name: 'Ada' } });
      expect(carriers).toEqual(['POST']);
      await callTool(client, 'rawSdk').catch(() => undefined);
      // The SDK's elicitInput leaves relatedRequestId out: its request went to the standalone GET stream
      // (and is dropped when no GET stream is open).
      expect(carriers.slice(1)).toEqual(['GET']);
    } finally {
      await client.close();
    }
  });

  it('asks a schema that changes on every call, in one session', async () => {
    const { client } = await connect((params) => {
      const name = Object.keys(
        (params as { requestedSchema: { properties: object } }).requestedSchema.properties,
      )[0]!;
      return { action: 'accept', content: { [name]: 1 } };
    });
    try {
      const results = [];
      for (let i = 0; i < 3; i++) results.push(await callTool(client, 'changing'));
      expect(results).toEqual([0, 1, 2].map((i) => ({ action: 'accept', data: { [`answer${i}`]: 1 } })));
    } finally {
      await client.close();
    }
  });

  it('times out when the client never answers', async () => {
    const { client } = await connect(() => new Promise(() => {}));
    try {
      expect(await callTool(client, 'patient')).toMatchObject({ code: 'elicitation-timeout' });
    } finally {
      await client.close();
    }
  });

  it('cancels the elicitation when the tool call is cancelled', async () => {
    const { asked, answer } = started();
    const { client } = await connect(answer);
    try {
      const controller = new AbortController();
      const call = callTool(client, 'watched', { signal: controller.signal }).catch(() => 'aborted');
      await asked;
      controller.abort();
      expect(await call).toBe('aborted');
      await vi.waitFor(() =>
        expect(events).toContainEqual({
          tool: 'watched',
          outcome: expect.objectContaining({
            code: 'elicitation-aborted',
            details: { reason: 'tool-call-cancelled' },
          }),
        }),
      );
    } finally {
      await client.close();
    }
  });

  it('ends with a typed error when the client ends its session mid-form', async () => {
    events.length = 0;
    const before = served.handler.sessionCount;
    const { asked, answer } = started();
    const { client, transport } = await connect(answer);
    void callTool(client, 'watched').catch(() => {});
    await asked;
    await transport.terminateSession();
    await client.close();
    await vi.waitFor(() =>
      expect(events).toContainEqual({
        tool: 'watched',
        outcome: expect.objectContaining({
          code: 'elicitation-aborted',
          details: { reason: 'disconnected' },
        }),
      }),
    );
    await vi.waitFor(() => expect(served.handler.sessionCount).toBe(before));
  });

  it('ends with a typed error when the client just drops the connection mid-form', async () => {
    events.length = 0;
    const { asked, answer } = started();
    const { client } = await connect(answer);
    void callTool(client, 'watched').catch(() => {});
    await asked;
    await client.close();
    await vi.waitFor(
      () =>
        expect(events).toContainEqual({
          tool: 'watched',
          outcome: expect.objectContaining({
            code: 'elicitation-aborted',
            details: { reason: 'disconnected' },
          }),
        }),
      { timeout: 5000 },
    );
  });

  it('refuses requests for another Host (DNS rebinding) and requests without a session', async () => {
    expect(await statusWithHost('evil.example')).toBe(403);
    expect(await statusWithHost(`localhost:${served.url.port}`)).toBe(400);
    const sessionless = await fetch(served.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(sessionless.status).toBe(400);
    const unknown = await fetch(served.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-session-id': 'nope',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(unknown.status).toBe(404);
    expect((await fetch(new URL('/elsewhere', served.url))).status).toBe(404);
  });
});

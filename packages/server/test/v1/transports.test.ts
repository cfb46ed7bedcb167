import { fileURLToPath } from 'node:url';
import {
  Client as V2Client,
  StreamableHTTPClientTransport as V2HttpTransport,
} from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { AuthInfo } from '@modelcontextprotocol/server';
import { Client as Client117 } from 'mcp-sdk-1-17/client/index.js';
import { StdioClientTransport as Stdio117 } from 'mcp-sdk-1-17/client/stdio.js';
import { StreamableHTTPClientTransport as Http117 } from 'mcp-sdk-1-17/client/streamableHttp.js';
import { ElicitRequestSchema as ElicitRequestSchema117 } from 'mcp-sdk-1-17/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { NODE_TS } from '../../../../test/support/node-ts.js';
import { type ServedMcpHttp, serveMcpHttp } from '../../src/http/index.js';
import type { V1McpServer } from '../../src/index.js';
import { makeServer } from '../helpers/peers.js';
import { type ToolEvent, transportTools } from '../helpers/tools.js';

/**
 * v1 SDK servers over real transports: stdio (the v1 SDK's own, in a child process) and Streamable HTTP with
 * sessions (`serveMcpHttp` with a factory that makes v1 servers), each answered by the v1 SDK's client (1.32, a
 * 2025-11-25 peer) and by 1.17 (a 2025-06-18 peer).
 */

const fixture = fileURLToPath(new URL('../fixtures/stdio-server-v1.ts', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const ANSWER = { action: 'accept', content: { name: 'Ada', age: 36 } };

type Clients = 'sdk 1.32' | 'sdk 1.17';

function client(kind: Clients, received: unknown[], answer: () => unknown = () => ANSWER) {
  const handler = async (request: { params: unknown }) => {
    received.push(request.params);
    return answer() as never;
  };
  if (kind === 'sdk 1.17') {
    const made = new Client117({ name: 'v117', version: '1' }, { capabilities: { elicitation: {} } });
    made.setRequestHandler(ElicitRequestSchema117, handler);
    return made;
  }
  const made = new V1Client({ name: 'v132', version: '1' }, { capabilities: { elicitation: { form: {} } } });
  made.setRequestHandler(ElicitRequestSchema, handler);
  return made;
}

async function call(c: { callTool(params: unknown): Promise<unknown> }, tool: string): Promise<unknown> {
  const result = (await c.callTool({ name: tool, arguments: {} })) as { content: Array<{ text: string }> };
  return JSON.parse(result.content[0]?.text ?? 'null');
}

describe.each(['sdk 1.32', 'sdk 1.17'] as const)('a v1 SDK server over stdio, %s client', (kind) => {
  it('[E-27] asks a form on the call, and a call cancelled mid-form ends it typed', async () => {
    const received: unknown[] = [];
    const events: ToolEvent[] = [];
    const Transport = kind === 'sdk 1.17' ? Stdio117 : StdioClientTransport;
    const transport = new Transport({
      command: process.execPath,
      args: [...NODE_TS.slice(1), fixture],
      cwd: repoRoot,
      env: { ...getDefaultEnvironment(), ELICITKIT_TEST_TIMEOUT_MS: '60000' },
      stderr: 'pipe',
    });
    let onEvent = () => {};
    const evented = new Promise<void>((resolve) => {
      onEvent = resolve;
    });
    let buffered = '';
    transport.stderr?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.startsWith('{')) continue;
        events.push(JSON.parse(line) as ToolEvent);
        onEvent();
      }
    });
    let onAsked = () => {};
    const asked = new Promise<void>((resolve) => {
      onAsked = resolve;
    });
    let first = true;
    const c = client(kind, received, () => {
      if (first) {
        first = false;
        return ANSWER;
      }
      onAsked();
      return new Promise(() => {});
    });
    await c.connect(transport as never);
    try {
      expect(await call(c, 'contact')).toEqual({ action: 'accept', data: { name: 'Ada', age: 36 } });
      // F-04: a 2025-06-18 client gets no `mode`; a 2025-11-25 one does.
      expect((received[0] as { mode?: string }).mode).toBe(kind === 'sdk 1.17' ? undefined : 'form');
      const stop = new AbortController();
      const watched = c
        .callTool({ name: 'watched', arguments: {} }, undefined, { signal: stop.signal })
        .catch(() => {});
      await asked;
      stop.abort();
      await watched;
      await evented;
      expect(events).toEqual([
        {
          tool: 'watched',
          outcome: expect.objectContaining({
            code: 'elicitation-aborted',
            details: { reason: 'tool-call-cancelled' },
          }),
        },
      ]);
    } finally {
      await c.close();
    }
  }, 60_000);
});

const byName = async (request: Request): Promise<AuthInfo | Response> => {
  const user = (request.headers.get('authorization') ?? '').replace(/^Bearer /, '');
  if (!user) return new Response('no token', { status: 401 });
  return { token: user, clientId: 'test-client', scopes: [], extra: { sub: user } };
};

describe('v1 SDK servers over Streamable HTTP with sessions', () => {
  let served: ServedMcpHttp | undefined;
  afterEach(async () => {
    await served?.close();
    served = undefined;
  });

  const serve = (options: Parameters<typeof serveMcpHttp>[1] = {}) =>
    serveMcpHttp(
      () =>
        makeServer(
          'v1 McpServer',
          transportTools(() => {}, 60_000),
        ).instance as V1McpServer,
      { authenticate: byName, ...options },
    );

  it.each(['sdk 1.32', 'sdk 1.17'] as const)(
    '[E-27] a form round trip on a session, %s client',
    async (kind) => {
      served = await serve();
      const received: unknown[] = [];
      const c = client(kind, received);
      const Transport = kind === 'sdk 1.17' ? Http117 : StreamableHTTPClientTransport;
      await c.connect(
        new Transport(served.url, { requestInit: { headers: { authorization: 'Bearer alice' } } }) as never,
      );
      expect(await call(c, 'contact')).toEqual({ action: 'accept', data: { name: 'Ada', age: 36 } });
      expect((received[0] as { mode?: string }).mode).toBe(kind === 'sdk 1.17' ? undefined : 'form');
      expect(served.handler.sessionCount).toBe(1);
      await c.close();
    },
  );

  it('authenticate and the session caps hold for v1 sessions: the cap refuses without making a server', async () => {
    let made = 0;
    served = await serveMcpHttp(
      () => {
        made++;
        return makeServer('v1 McpServer', {}).instance as V1McpServer;
      },
      { authenticate: byName, maxSessionsPerPrincipal: 1 },
    );
    const initialize = (token?: string) =>
      fetch(served!.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...(token && { authorization: `Bearer ${token}` }),
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: '2025-11-25',
            capabilities: {},
            clientInfo: { name: 'cap', version: '1' },
          },
        }),
      }).then(async (response) => {
        await response.arrayBuffer();
        return response.status;
      });
    expect(await initialize()).toBe(401);
    expect(await initialize('alice')).toBe(200);
    expect(await initialize('alice')).toBe(429);
    expect(await initialize('alice')).toBe(429);
    expect(made).toBe(1);
  });

  it('[M-19] a 2026-07-28 request to a factory that makes v1 servers is answered -32022 with the revisions it has, and is no serving error', async () => {
    // A refusal a stranger can ask for any number of times: nothing reaches onError (issue 29).
    const reported: unknown[] = [];
    served = await serve({ onError: (error) => reported.push(error) });
    const response = await fetch(served.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: 'Bearer alice',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/list',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/list',
        params: {
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': {},
            'io.modelcontextprotocol/clientInfo': { name: 'modern', version: '1' },
          },
        },
      }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      id: 7,
      error: { code: -32022, data: { supported: ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] } },
    });
    expect(reported).toEqual([]);
  });

  it('a v2 client negotiating the revision falls back to a 2025-11-25 session on a v1 factory, and is asked', async () => {
    served = await serve();
    const received: unknown[] = [];
    const c = new V2Client(
      { name: 'negotiating', version: '1' },
      { capabilities: { elicitation: { form: {} } } },
    );
    c.setRequestHandler('elicitation/create', async (request) => {
      received.push(request.params);
      return { action: 'accept', content: { name: 'Ada' } };
    });
    await c.connect(
      new V2HttpTransport(served.url, { requestInit: { headers: { authorization: 'Bearer alice' } } }),
    );
    expect(await call(c as never, 'contact')).toEqual({ action: 'accept', data: { name: 'Ada' } });
    expect(received).toHaveLength(1);
    await c.close();
  });
});

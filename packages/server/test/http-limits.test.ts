import { request as httpRequest } from 'node:http';
import { type AuthInfo, McpServer } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createMcpHttpHandler,
  type McpHttpHandler,
  type McpHttpOptions,
  serveMcpHttp,
} from '../src/http/index.js';

const URL_ = 'http://127.0.0.1/mcp';
const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const initialize = (id = 1) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'limits', version: '1' } },
  });

/** The bearer token is the user's name: enough to tell principals apart in these tests. */
const byName = async (request: Request): Promise<AuthInfo> => {
  const user = (request.headers.get('authorization') ?? '').replace(/^Bearer /, '');
  return { token: user, clientId: 'test-client', scopes: [], extra: { sub: user } };
};

const handlers: McpHttpHandler[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(handlers.splice(0).map((h) => h.close()));
});

function handler(options: McpHttpOptions): McpHttpHandler {
  const made = createMcpHttpHandler(() => new McpServer({ name: 'limits', version: '1' }), {
    allowedHosts: false,
    authenticate: byName,
    ...options,
  });
  handlers.push(made);
  return made;
}

async function open(
  h: McpHttpHandler,
  user: string,
): Promise<{ status: number; session: string | null; body: { id?: unknown; error?: { message?: string } } }> {
  const response = await h.fetch(
    new Request(URL_, {
      method: 'POST',
      headers: { ...HEADERS, authorization: `Bearer ${user}` },
      body: initialize(),
    }),
  );
  const text = await response.text();
  const json = text.startsWith('{') ? JSON.parse(text) : JSON.parse(/data: (.*)/.exec(text)?.[1] ?? 'null');
  return { status: response.status, session: response.headers.get('mcp-session-id'), body: json };
}

/** A ping in a session, read to the end (an exchange is in flight until its response is read). */
async function ping(h: McpHttpHandler, user: string, session: string): Promise<number> {
  const response = await h.fetch(
    new Request(URL_, {
      method: 'POST',
      headers: { ...HEADERS, authorization: `Bearer ${user}`, 'mcp-session-id': session },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }),
    }),
  );
  await response.text();
  return response.status;
}

/** The standalone GET stream: the session is in use while it stays open. */
const listen = (h: McpHttpHandler, user: string, session: string) =>
  h.fetch(
    new Request(URL_, {
      headers: { accept: 'text/event-stream', authorization: `Bearer ${user}`, 'mcp-session-id': session },
    }),
  );

/** An endless chunked body that counts what was pulled from it. */
function endless(): { body: ReadableStream<Uint8Array>; pulled: () => number } {
  let pulled = 0;
  const chunk = new Uint8Array(1024).fill(0x20);
  return {
    body: new ReadableStream({
      pull(controller) {
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    }),
    pulled: () => pulled,
  };
}

describe('MCP endpoint: request bodies are bounded while they are read', () => {
  it('answers 413 to a chunked initialize and stops reading past the bound', async () => {
    const h = handler({ maxBodyBytes: 16 * 1024 });
    const stream = endless();
    const response = await h.fetch(
      new Request(URL_, {
        method: 'POST',
        headers: { ...HEADERS, authorization: 'Bearer alice' },
        body: stream.body,
        duplex: 'half',
      } as RequestInit),
    );
    expect(response.status).toBe(413);
    expect(response.headers.get('connection')).toBe('close');
    expect((await response.json()).error).toMatchObject({
      code: -32000,
      message: expect.stringMatching(/16384/),
    });
    expect(stream.pulled()).toBeLessThanOrEqual(16 * 1024 + 2 * 1024);
    expect(h.sessionCount).toBe(0);
  });

  it('bounds the POSTs of an open session the same way', async () => {
    const h = handler({ maxBodyBytes: 16 * 1024 });
    const { session } = await open(h, 'alice');
    const stream = endless();
    const response = await h.fetch(
      new Request(URL_, {
        method: 'POST',
        headers: { ...HEADERS, authorization: 'Bearer alice', 'mcp-session-id': session ?? '' },
        body: stream.body,
        duplex: 'half',
      } as RequestInit),
    );
    expect(response.status).toBe(413);
    expect(stream.pulled()).toBeLessThanOrEqual(16 * 1024 + 2 * 1024);
    expect(await ping(h, 'alice', session ?? '')).toBe(200);
  });

  it('refuses a declared Content-Length over the bound without reading, and reads nothing before authenticating', async () => {
    const h = handler({
      maxBodyBytes: 1024,
      authenticate: async () => new Response('who are you', { status: 401 }),
    });
    const stream = endless();
    const refused = await h.fetch(
      new Request(URL_, {
        method: 'POST',
        headers: HEADERS,
        body: stream.body,
        duplex: 'half',
      } as RequestInit),
    );
    expect(refused.status).toBe(401);
    expect(refused.headers.get('connection')).toBe('close');
    expect(stream.pulled()).toBeLessThanOrEqual(1024);
    const declared = handler({ maxBodyBytes: 1024 });
    const big = await declared.fetch(
      new Request(URL_, {
        method: 'POST',
        headers: { ...HEADERS, authorization: 'Bearer alice' },
        body: 'x'.repeat(2048),
      }),
    );
    expect(big.status).toBe(413);
  });

  it('answers 413 over real HTTP to a chunked POST with no Content-Length', async () => {
    const served = await serveMcpHttp(() => new McpServer({ name: 'limits', version: '1' }), {
      maxBodyBytes: 4096,
    });
    try {
      const status = await new Promise<number | undefined>((resolve, reject) => {
        const request = httpRequest(served.url, { method: 'POST', headers: HEADERS }, (response) => {
          response.resume();
          resolve(response.statusCode);
        });
        request.on('error', reject);
        for (let i = 0; i < 8; i++) request.write('x'.repeat(1024));
        request.end();
      });
      expect(status).toBe(413);
    } finally {
      await served.close();
    }
  });

  it('passes the @hono/node-server bindings to the fallback (the login throttle reads the peer address there)', async () => {
    const served = await serveMcpHttp(() => new McpServer({ name: 'limits', version: '1' }), {
      fallback: (_request, bindings) =>
        Response.json({
          peer: (bindings as { incoming?: { socket: { remoteAddress?: string } } })?.incoming?.socket
            .remoteAddress,
        }),
    });
    try {
      expect(await (await fetch(new URL('/login', served.url))).json()).toEqual({ peer: '127.0.0.1' });
    } finally {
      await served.close();
    }
  });
});

describe('MCP endpoint: sessions are bounded per principal, in total, and in idle time', () => {
  it('refuses with 429 at the principal’s cap, then replaces its longest-idle session after a minute (injected clock)', async () => {
    let now = 1_000_000;
    const h = handler({ maxSessionsPerPrincipal: 2, clock: { now: () => now } });
    const first = await open(h, 'alice');
    now += 1;
    const second = await open(h, 'alice');
    const refused = await open(h, 'alice');
    expect([first.status, second.status, refused.status]).toEqual([200, 200, 429]);
    expect(refused.body).toMatchObject({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32000, data: { reason: 'session-limit', scope: 'principal', limit: 2 } },
    });
    expect(refused.body.error?.message).toMatch(/Too many open sessions for these credentials/);
    // Another principal is not affected.
    expect((await open(h, 'bob')).status).toBe(200);
    now += 60_000;
    // Both idle for a minute now: the longest-idle one (the first) makes room, and its id is gone.
    expect((await open(h, 'alice')).status).toBe(200);
    expect(h.sessionCount).toBe(3);
    expect(await ping(h, 'alice', first.session ?? '')).toBe(404);
    expect(await ping(h, 'alice', second.session ?? '')).toBe(200);
  });

  it('never replaces a session with an exchange in flight (an open GET stream)', async () => {
    let now = 1_000_000;
    const h = handler({ maxSessionsPerPrincipal: 1, clock: { now: () => now } });
    const only = await open(h, 'alice');
    const stream = await listen(h, 'alice', only.session ?? '');
    expect(stream.status).toBe(200);
    now += 10 * 60_000;
    expect((await open(h, 'alice')).status).toBe(429);
    // Closing the stream makes the session idle from now: replaceable a minute later.
    await stream.body?.cancel();
    expect((await open(h, 'alice')).status).toBe(429);
    now += 60_000;
    expect((await open(h, 'alice')).status).toBe(200);
  });

  it('refuses with 503 past the total cap, and never closes another principal’s session for it', async () => {
    const stderr = vi.spyOn(console, 'error').mockImplementation(() => {});
    const h = handler({ maxSessions: 2 });
    const alice = await open(h, 'alice');
    expect((await open(h, 'bob')).status).toBe(200);
    const carol = await open(h, 'carol');
    expect(carol.status).toBe(503);
    expect(carol.body.error).toMatchObject({ code: -32000, data: { scope: 'total', limit: 2 } });
    expect(await ping(h, 'alice', alice.session ?? '')).toBe(200);
    expect(h.sessionCount).toBe(2);
    // A refusal on purpose, which a stranger can ask for again and again: not a serving error, never logged.
    expect(stderr).not.toHaveBeenCalled();
  });

  it('closes sessions idle for the timeout (injected clock), not those with an exchange in flight', async () => {
    let now = 1_000_000;
    const h = handler({ sessionIdleTimeoutMs: 60_000, clock: { now: () => now } });
    const idle = await open(h, 'alice');
    const listening = await open(h, 'bob');
    const stream = await listen(h, 'bob', listening.session ?? '');
    now += 59_999;
    expect(await ping(h, 'alice', idle.session ?? '')).toBe(200);
    now += 60_000;
    expect(await ping(h, 'alice', idle.session ?? '')).toBe(404);
    // Bob's GET stream stayed open the whole time: his session is in use, not abandoned.
    expect(await ping(h, 'bob', listening.session ?? '')).toBe(200);
    await stream.body?.cancel();
    now += 60_000;
    // A new initialize sweeps: the abandoned session is closed without anyone touching it.
    await open(h, 'carol');
    expect(h.sessionCount).toBe(1);
  });

  it('refuses nonsense limits when it is built', () => {
    expect(() => handler({ maxSessions: 0 })).toThrow(RangeError);
    expect(() => handler({ sessionIdleTimeoutMs: -1 })).toThrow(RangeError);
  });
});

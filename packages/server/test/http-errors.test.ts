import { McpServer } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMcpHttpHandler, type McpHttpHandler } from '../src/http/index.js';

/**
 * No silent 500 (issue 19): an internal error while serving is logged by default, one line on stderr with no body,
 * header, query or secret; `onError` takes it over; the client gets a JSON-RPC error, never a bare 500.
 */

const SECRET = 'sk-live-0123456789';
const initialize = () =>
  new Request(`http://127.0.0.1/mcp?token=${SECRET}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${SECRET}`,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: `client ${SECRET}`, version: '1' },
      },
    }),
  });

const handlers: McpHttpHandler[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(handlers.splice(0).map((h) => h.close()));
});

function failing(onError?: (error: Error) => void): McpHttpHandler {
  const handler = createMcpHttpHandler(
    () => {
      throw new TypeError(
        "Cannot read properties of undefined (reading 'includes')\n    at installDiscoverHandler",
      );
    },
    { allowedHosts: false, ...(onError && { onError }) },
  );
  handlers.push(handler);
  return handler;
}

describe('errors while serving', () => {
  it('a throwing server factory is logged as one line on stderr, and the client gets a JSON-RPC 500', async () => {
    const stderr = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await failing().fetch(initialize());
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      error: { code: -32603, message: 'Internal error (logged by the server)' },
      id: null,
    });
    expect(stderr).toHaveBeenCalledTimes(1);
    const line = String(stderr.mock.calls[0]?.[0]);
    expect(line).toBe(
      "elicitkit: internal error while serving POST /mcp: TypeError: Cannot read properties of undefined (reading 'includes')",
    );
    expect(line).not.toContain(SECRET);
  });

  it('onError takes it over: the error goes there, nothing to stderr', async () => {
    const stderr = vi.spyOn(console, 'error').mockImplementation(() => {});
    const seen: Error[] = [];
    const response = await failing((error) => seen.push(error)).fetch(initialize());
    expect(response.status).toBe(500);
    expect(seen.map((e) => e.name)).toEqual(['TypeError']);
    expect(stderr).not.toHaveBeenCalled();
  });

  it("a client's own protocol mistakes are not logged by default (a stranger could fill the log)", async () => {
    const stderr = vi.spyOn(console, 'error').mockImplementation(() => {});
    const handler = createMcpHttpHandler(() => new McpServer({ name: 'ok', version: '1' }), {
      allowedHosts: false,
    });
    handlers.push(handler);
    const bad = await handler.fetch(
      new Request('http://127.0.0.1/mcp', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{',
      }),
    );
    expect(bad.status).toBe(400);
    const opened = await handler.fetch(initialize());
    expect(opened.status).toBe(200);
    const session = opened.headers.get('mcp-session-id') ?? '';
    const wrongVersion = await handler.fetch(
      new Request('http://127.0.0.1/mcp', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-session-id': session,
          'mcp-protocol-version': '1999-01-01',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }),
      }),
    );
    expect(wrongVersion.status).toBe(400);
    expect(stderr).not.toHaveBeenCalled();
  });
});

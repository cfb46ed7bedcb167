import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { McpServer, requireBearerAuth } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServedMcpHttp, serveMcpHttp } from '../src/http/index.js';
import { enableElicitation } from '../src/index.js';
import { bearerIdentity, staticTokenVerifier } from '../src/url/index.js';

const verifier = staticTokenVerifier({ 'token-alice': 'alice', 'token-bob': 'bob' });
let served: ServedMcpHttp;
const factoryUsers: (string | undefined)[] = [];

beforeAll(async () => {
  const resolveUser = bearerIdentity();
  served = await serveMcpHttp(
    ({ authInfo }) => {
      factoryUsers.push(authInfo?.extra?.sub as string | undefined);
      const server = enableElicitation(new McpServer({ name: 'auth-test', version: '1.0.0' }));
      server.registerTool('whoami', {}, async (ctx) => ({
        content: [{ type: 'text', text: String(await resolveUser({ authInfo: ctx.http?.authInfo })) }],
      }));
      return server;
    },
    { authenticate: requireBearerAuth({ verifier }) },
  );
});
afterAll(async () => {
  await served.close();
});

async function connectAs(
  token: string,
): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const transport = new StreamableHTTPClientTransport(served.url, {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  const client = new Client({ name: 't', version: '1' });
  await client.connect(transport);
  return { client, transport };
}

const post = (headers: Record<string, string>) =>
  fetch(served.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list', params: {} }),
  });

describe('serveMcpHttp({ authenticate })', () => {
  it('[E-31] hands the verified user to tool handlers and to the server factory', async () => {
    const { client } = await connectAs('token-alice');
    const result = await client.callTool({ name: 'whoami', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'alice' }]);
    expect(factoryUsers).toContain('alice');
    await client.close();
  });

  it('answers a missing or unknown token with the 401 challenge', async () => {
    expect((await post({})).status).toBe(401);
    expect((await post({ Authorization: 'Bearer nope' })).status).toBe(401);
  });

  it("[E-29] another user's valid token cannot use a session id: the session stays bound to who opened it", async () => {
    const { client, transport } = await connectAs('token-alice');
    const sessionId = transport.sessionId ?? '';
    expect(sessionId).not.toBe('');
    const hijack = await post({ Authorization: 'Bearer token-bob', 'mcp-session-id': sessionId });
    expect(hijack.status).toBe(403);
    const own = await post({ Authorization: 'Bearer token-alice', 'mcp-session-id': sessionId });
    expect(own.status).toBe(200);
    await client.close();
  });
});

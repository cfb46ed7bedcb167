import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  type ExampleCalendar,
  MCP_SCOPE,
  startExampleCalendar,
} from '../../examples/demo/src/calendar/index.js';

/** Example Calendar's accounts, for the sign-in page Chromium fills. */
export const SIGN_IN_USERS = {
  alice: { password: 'alice-password', events: [] },
  bob: { password: 'bob-password', events: [] },
};

export interface ProtectedServer {
  /** The MCP endpoint, a protected resource (RFC 9728). */
  url: URL;
  /** The authorization server: oidc-provider, with dynamic registration, PKCE, refresh and revocation. */
  calendar: ExampleCalendar;
  /** Every access token presented and accepted, in order. */
  accepted: string[];
  /** From now on the server refuses every token issued so far as expired (the refresh token still works). */
  expireTokens(): void;
  close(): Promise<void>;
}

type Session = { server: McpServer; transport: StreamableHTTPServerTransport };

function createWhoami(): McpServer {
  const server = new McpServer({ name: 'protected-v1', version: '1.0.0' });
  server.registerTool(
    'whoami',
    { description: 'Who is signed in, and a nickname they choose' },
    async (extra) => {
      const answer = await server.server.elicitInput(
        {
          message: 'Pick a nickname',
          requestedSchema: {
            type: 'object',
            properties: { nickname: { type: 'string' } },
            required: ['nickname'],
          },
        },
        { relatedRequestId: extra.requestId },
      );
      const nickname = answer.action === 'accept' ? String(answer.content?.nickname) : `(${answer.action})`;
      return {
        content: [
          { type: 'text', text: `signed in as ${extra.authInfo?.extra?.accountId}; nickname ${nickname}` },
        ],
      };
    },
  );
  return server;
}

/**
 * A v1 SDK server behind MCP authorization, as a real remote server is: `401` with
 * `WWW-Authenticate: Bearer resource_metadata="…"` without a valid token, its protected resource metadata at
 * `/.well-known/oauth-protected-resource/mcp`, tokens from a real oidc-provider (Example Calendar) checked for this
 * resource. One session per `initialize`, on 127.0.0.1 and free ports.
 */
export async function startProtectedServer(): Promise<ProtectedServer> {
  const sessions = new Map<string, Session>();
  const accepted: string[] = [];
  let expiredBefore = 0;
  let handler: (request: IncomingMessage, response: ServerResponse) => void = (_q, s) =>
    void s.writeHead(503).end();
  const http = createServer((request, response) => handler(request, response));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const url = new URL(`${origin}/mcp`);
  const metadataUrl = `${origin}/.well-known/oauth-protected-resource/mcp`;
  const calendar = await startExampleCalendar({ users: SIGN_IN_USERS, mcpResources: [url.href] });

  async function authorize(request: IncomingMessage): Promise<AuthInfo | undefined> {
    const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token || (accepted.indexOf(token) !== -1 && accepted.indexOf(token) < expiredBefore))
      return undefined;
    const verified = await calendar.verifyAccessToken(token, url.href);
    if (!verified) return undefined;
    if (!accepted.includes(token)) accepted.push(token);
    return {
      token,
      clientId: verified.clientId,
      scopes: verified.scopes,
      expiresAt: verified.expiresAt,
      extra: { accountId: verified.accountId },
    };
  }

  handler = async (request, response) => {
    const path = new URL(request.url ?? '/', origin).pathname;
    if (path === '/.well-known/oauth-protected-resource/mcp') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          resource: url.href,
          authorization_servers: [calendar.issuer],
          scopes_supported: [MCP_SCOPE],
        }),
      );
      return;
    }
    if (path !== '/mcp') return void response.writeHead(404).end();
    const auth = await authorize(request);
    if (!auth) {
      response.writeHead(401, {
        'www-authenticate': `Bearer resource_metadata="${metadataUrl}", scope="${MCP_SCOPE}"`,
        'content-type': 'application/json',
      });
      response.end(JSON.stringify({ error: 'invalid_token' }));
      return;
    }
    (request as IncomingMessage & { auth?: AuthInfo }).auth = auth;
    const id = request.headers['mcp-session-id'];
    const known = typeof id === 'string' ? sessions.get(id) : undefined;
    if (known) return known.transport.handleRequest(request, response);
    const server = createWhoami();
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sessionId) => void sessions.set(sessionId, { server, transport }),
    });
    await server.connect(transport);
    await transport.handleRequest(request, response);
  };

  return {
    url,
    calendar,
    accepted,
    expireTokens: () => {
      expiredBefore = accepted.length;
    },
    async close() {
      for (const { server } of sessions.values()) await server.close().catch(() => {});
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await calendar.close();
    },
  };
}

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { callToolWithElicitation, installElicitation } from '@elicitkit/client';
import { createRelay } from '@elicitkit/client/relay';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Hono } from 'hono';
import type { DemoUser } from './users.js';
import { WEB_HOST_DIR } from './web-host/routes.js';

export const AGENT_HOST_PATH = '/agent/';

/** What the agent host needs of the demo: who is signed in, the users' MCP tokens, and the demo's own MCP endpoint. */
export interface AgentHostOptions {
  /** The signed-in user of a browser request (the demo's session cookie), or undefined. */
  signedIn(request: Request): Promise<string | undefined>;
  users: readonly DemoUser[];
  /** The demo's `/mcp`, on the address this process listens on. */
  mcp: URL;
}

/**
 * Issue 27 in the demo: an agent on the server. Each signed-in person gets the demo's own MCP client acting for them
 * (their bearer token; no LLM: the page's buttons pick the tool), whose questions reach their pages through the relay
 * (`/elicitkit/…`); the page shows them with `@elicitkit/web` and each call's outcome when it ends.
 */
export function agentHost(options: AgentHostOptions) {
  const relay = createRelay({ authenticate: options.signedIn });
  const agents = new Map<string, Promise<Client>>();

  /** The person's agent client, connected once and kept (one per demo user: a bounded set). */
  const agentOf = (user: string): Promise<Client> => {
    let agent = agents.get(user);
    if (!agent) {
      const token = options.users.find((u) => u.name === user)?.token;
      if (!token) return Promise.reject(new Error(`no MCP token for ${user}`));
      agent = connectAgent(options.mcp, token, user, relay).catch((error: unknown) => {
        agents.delete(user);
        throw error;
      });
      agents.set(user, agent);
    }
    return agent;
  };

  const app = new Hono();
  app.get('/agent', (c) => c.redirect(AGENT_HOST_PATH));
  app.get(AGENT_HOST_PATH, async (c) => {
    if (!(await options.signedIn(c.req.raw)))
      return c.redirect(`/login?next=${encodeURIComponent(AGENT_HOST_PATH)}`);
    try {
      const page = await readFile(join(WEB_HOST_DIR, 'agent.html'));
      return c.body(page, 200, PAGE_HEADERS);
    } catch {
      return c.text('The agent host page is not built: run "npm run build".', 404);
    }
  });
  app.get(`${AGENT_HOST_PATH}tools`, async (c) => {
    const user = await options.signedIn(c.req.raw);
    if (!user) return c.json({ error: 'unauthenticated' }, 401);
    const { tools } = await (await agentOf(user)).listTools();
    return c.json({ tools: tools.map((tool) => ({ name: tool.name, description: tool.description ?? '' })) });
  });
  app.post(`${AGENT_HOST_PATH}call`, async (c) => {
    const user = await options.signedIn(c.req.raw);
    if (!user) return c.json({ error: 'unauthenticated' }, 401);
    // The page's own fetch: JSON from this origin only (a cross-site form can send neither).
    const origin = c.req.header('origin');
    if (
      !/^application\/json/.test(c.req.header('content-type') ?? '') ||
      (origin && origin !== new URL(c.req.url).origin)
    ) {
      return c.json({ error: 'forbidden' }, 403);
    }
    const { tool } = (await c.req.json().catch(() => ({}))) as { tool?: unknown };
    if (typeof tool !== 'string' || tool.length > 128) return c.json({ error: 'name a tool' }, 400);
    try {
      const result = (await callToolWithElicitation(await agentOf(user), { name: tool, arguments: {} })) as {
        content?: { type: string; text?: string }[];
        isError?: boolean;
      };
      const text = (result.content ?? []).map((block) => block.text ?? '').join('\n');
      return c.json({ text, isError: result.isError === true });
    } catch (error) {
      return c.json({
        text: `The call failed: ${String((error as Error).message ?? error).slice(0, 500)}`,
        isError: true,
      });
    }
  });
  app.all('/elicitkit/*', (c) => relay.fetch(c.req.raw));

  return {
    routes: app,
    async close() {
      const open = [...agents.values()];
      agents.clear();
      for (const agent of open) await (await agent.catch(() => undefined))?.close();
    },
  };
}

async function connectAgent(mcp: URL, token: string, user: string, relay: ReturnType<typeof createRelay>) {
  const client = new Client({ name: 'bistro-agent', version: '1.0.0' });
  installElicitation(client, { ui: relay.ui({ principal: user }), opener: relay.opener });
  await client.connect(
    new StreamableHTTPClientTransport(mcp, {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-cache',
};

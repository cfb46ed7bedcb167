import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { installElicitation } from '@elicitkit/client';
import { createRelay, type RelayCall, type RelayStore } from '@elicitkit/client/relay';
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
  /** Where the relay keeps questions and calls: SQLite under `--data` (through restarts), or Redis (`--redis`). */
  store: RelayStore & { close(): void | Promise<void> };
  /**
   * The demo's stand-in for a channel that cannot run a page (email, Slack): each new question's link to a page that
   * shows just it. The person signs in there; only they can answer it, once.
   */
  onAnswerLink?: (principal: string, link: URL) => void;
  /** Where browsers reach the demo (its public origin behind a proxy): answer links point there. */
  pages: URL;
  /** Looks for calls to take over this often, in ms (a shared store: another instance may die); default only at start. */
  recoverEveryMs?: number;
}

/**
 * Issue 27 in the demo: an agent on the server. Each signed-in person gets the demo's own MCP client acting for them
 * (their bearer token; no LLM: the page's buttons pick the tool), whose questions reach their pages through the relay
 * (`/elicitkit/…`); the page shows them with `@elicitkit/web` and each call's outcome when it ends.
 */
export function agentHost(options: AgentHostOptions) {
  const relay = createRelay({
    authenticate: options.signedIn,
    store: options.store,
    ...(options.onAnswerLink && {
      onAsked: (question) =>
        options.onAnswerLink?.(
          question.principal,
          new URL(`${AGENT_HOST_PATH}?question=${encodeURIComponent(question.id)}`, options.pages),
        ),
    }),
  });
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

  const outcomes = new Outcomes();
  const running = new Map<string, number>();
  let closing = false;
  /** Runs a call for `user` (or goes on with one a previous life of the demo left), keeping its outcome for them. */
  const runCall = async (user: string, tool: string, resume?: RelayCall) => {
    running.set(user, (running.get(user) ?? 0) + 1);
    let text: string;
    try {
      const params = { name: tool, arguments: {} };
      const result = await relay.call(await agentOf(user), { principal: user }, params, resume && { resume });
      text = (result.content ?? []).map((block) => ('text' in block ? block.text : '')).join('\n');
    } catch (error) {
      // Stopped with the process: the next life goes on with the call.
      if (closing) return;
      text = `The call failed: ${String((error as Error).message ?? error).slice(0, 500)}`;
    }
    const left = (running.get(user) ?? 1) - 1;
    if (left > 0) running.set(user, left);
    else running.delete(user);
    outcomes.add(user, tool, text);
  };

  /** Goes on with the calls a previous life (or a dead instance) left; tells their people of those that cannot. */
  const recover = async () => {
    const { resumable, lost } = await relay.recover();
    for (const call of lost) outcomes.add(call.principal, call.params.name, LOST_CALL);
    for (const call of resumable) void runCall(call.principal, call.params.name, call);
  };
  let recovering: ReturnType<typeof setInterval> | undefined;

  const app = new Hono();
  app.get('/agent', (c) => c.redirect(AGENT_HOST_PATH));
  app.get(AGENT_HOST_PATH, async (c) => {
    // An answer link (`?question=`) comes back to itself after the sign-in.
    if (!(await options.signedIn(c.req.raw))) {
      const { pathname, search } = new URL(c.req.url);
      return c.redirect(`/login?next=${encodeURIComponent(`${pathname}${search}`)}`);
    }
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
    return c.json({
      user,
      tools: tools.map((tool) => ({ name: tool.name, description: tool.description ?? '' })),
    });
  });
  app.post(`${AGENT_HOST_PATH}call`, async (c) => {
    const user = await options.signedIn(c.req.raw);
    if (!user) return c.json({ error: 'unauthenticated' }, 401);
    // The page's own fetch: JSON from this origin only (a cross-site form can send neither).
    const origin = c.req.header('origin');
    const json = /^application\/json/.test(c.req.header('content-type') ?? '');
    if (!json || (origin && origin !== new URL(c.req.url).origin)) return c.json({ error: 'forbidden' }, 403);
    const { tool } = (await c.req.json().catch(() => ({}))) as { tool?: unknown };
    if (typeof tool !== 'string' || tool.length > 128) return c.json({ error: 'name a tool' }, 400);
    // The call runs on the server, whatever the page does meanwhile (a reload, a second tab): its outcome is kept for
    // the person and reaches their pages through `outcomes`.
    if ((running.get(user) ?? 0) >= MAX_RUNNING_CALLS) {
      return c.json({ error: `at most ${MAX_RUNNING_CALLS} calls at once` }, 429);
    }
    void runCall(user, tool);
    return c.json({ started: tool }, 202);
  });
  app.get(`${AGENT_HOST_PATH}outcomes`, async (c) => {
    const user = await options.signedIn(c.req.raw);
    if (!user) return c.json({ error: 'unauthenticated' }, 401);
    const after = Number(c.req.query('after') ?? 0);
    return c.json({
      outcomes: await outcomes.after(user, Number.isFinite(after) ? after : 0, c.req.raw.signal),
    });
  });
  app.all('/elicitkit/*', (c) => relay.fetch(c.req.raw));

  return {
    routes: app,
    /**
     * Goes on with what the previous life left (once this process serves `/mcp`): 2026 calls and tasks resume,
     * their questions still up; a call that cannot (a 2025 request) is reported to its person as lost.
     */
    async resume() {
      await recover();
      if (options.recoverEveryMs) {
        recovering = setInterval(
          () =>
            void recover().catch((error: unknown) =>
              console.error('agent host: recovering calls failed', error),
            ),
          options.recoverEveryMs,
        );
        recovering.unref();
      }
    },
    async close() {
      closing = true;
      clearInterval(recovering);
      relay.close();
      outcomes.close();
      const open = [...agents.values()];
      agents.clear();
      for (const agent of open) await (await agent.catch(() => undefined))?.close();
      await options.store.close();
    },
  };
}

async function connectAgent(mcp: URL, token: string, user: string, relay: ReturnType<typeof createRelay>) {
  // The current revision (2026-07-28): its rounds and tasks are what a restart can pick up again.
  const client = new Client(
    { name: 'bistro-agent', version: '1.0.0' },
    { versionNegotiation: { mode: 'auto' } },
  );
  // Tasks too (the Tasks extension): a long-running tool's question reaches the person the same way.
  installElicitation(client, { ui: relay.ui({ principal: user }), opener: relay.opener, tasks: true });
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

const LOST_CALL =
  'The call was lost when the agent restarted: it was a 2025 request, which lives only as long as its connection.';

/** Calls one person may have running on the server at once. */
const MAX_RUNNING_CALLS = 8;

/** One call's outcome, numbered per person. */
interface Outcome {
  seq: number;
  tool: string;
  text: string;
}

/** How long a page's request for new outcomes is held open when there are none yet. */
const OUTCOME_WAIT_MS = 25_000;
/** Outcomes kept per person (older ones go). */
const MAX_OUTCOMES = 50;

/** Each person's recent call outcomes, and the pages waiting for the next one (a long poll). */
class Outcomes {
  readonly #byUser = new Map<string, { seq: number; items: Outcome[] }>();
  readonly #waiting = new Map<string, Set<() => void>>();

  add(user: string, tool: string, text: string): void {
    // Numbered from the clock: a page that lived through a restart of the demo still asks for what is new.
    const kept = this.#byUser.get(user) ?? { seq: Date.now(), items: [] };
    kept.seq++;
    kept.items.push({ seq: kept.seq, tool, text });
    if (kept.items.length > MAX_OUTCOMES) kept.items.shift();
    this.#byUser.set(user, kept);
    for (const wake of this.#waiting.get(user) ?? []) wake();
  }

  /** The outcomes after `seq`; none yet: waits for the next, up to a while (or until the page goes). */
  async after(user: string, seq: number, signal: AbortSignal): Promise<Outcome[]> {
    const newer = () => (this.#byUser.get(user)?.items ?? []).filter((item) => item.seq > seq);
    if (newer().length > 0 || signal.aborted) return newer();
    await new Promise<void>((resolve) => {
      const waiting = this.#waiting.get(user) ?? new Set();
      this.#waiting.set(user, waiting);
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        waiting.delete(done);
        resolve();
      };
      const timer = setTimeout(done, OUTCOME_WAIT_MS);
      signal.addEventListener('abort', done, { once: true });
      waiting.add(done);
    });
    return newer();
  }

  close(): void {
    for (const waiting of this.#waiting.values()) for (const wake of [...waiting]) wake();
  }
}

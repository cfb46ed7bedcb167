import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  confirm,
  elicitForm,
  enableElicitation,
  integer,
  longRunning,
  reportStatus,
  step,
} from '@elicitkit/server';
import { serveMcpHttp } from '@elicitkit/server/http';
import { SqliteTaskStore } from '@elicitkit/server/sqlite';
import { createTasks, type TaskStore, type Tasks } from '@elicitkit/server/tasks';
import { staticTokenVerifier } from '@elicitkit/server/url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { McpServer, requireBearerAuth } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { type InstallElicitationOptions, installElicitation } from '../../src/index.js';

/** Tokens the task server accepts when it authenticates: each is one principal (T-19). */
export const TOKENS = { 'token-alice': 'alice', 'token-bob': 'bob' };

/**
 * A real elicitkit server (v2 SDK, `@elicitkit/server` with a task engine) over Streamable HTTP on
 * 127.0.0.1, with long-running tools: `approve` (a status line, a confirmation, a step, a result) and `count`
 * (a number 1-9, asked again when invalid).
 */
export async function startTaskServer(
  options: { sqliteFile?: string; store?: TaskStore; authenticate?: boolean; pollIntervalMs?: number } = {},
) {
  const tasks: Tasks = createTasks({
    ...(options.sqliteFile && { store: new SqliteTaskStore({ file: options.sqliteFile }) }),
    ...(options.store && { store: options.store }),
    ...(options.pollIntervalMs !== undefined && { pollIntervalMs: options.pollIntervalMs }),
  });
  const served = await serveMcpHttp(
    () => {
      const server = enableElicitation(new McpServer({ name: 'task-server', version: '1.0.0' }), { tasks });
      server.registerTool(
        'approve',
        { description: 'Asks for approval, then works.', inputSchema: z.object({ what: z.string() }) },
        longRunning(async ({ what }, ctx) => {
          await reportStatus(ctx, `Preparing ${what}`);
          const ok = await confirm(ctx, `Approve ${what}?`);
          if (!ok.confirmed) return { content: [{ type: 'text', text: `Not approved (${ok.action}).` }] };
          const part = await step(ctx, 'part-1', () => ({ done: 1 }));
          await reportStatus(ctx, `Part ${part.done} done`, { progress: 1, total: 2 });
          return { content: [{ type: 'text', text: `Approved ${what}.` }] };
        }),
      );
      server.registerTool(
        'count',
        { description: 'Asks a number.' },
        longRunning(async (ctx) => {
          const n = await elicitForm(ctx, {
            message: 'How many?',
            schema: { n: integer({ minimum: 1, maximum: 9 }) },
          });
          return { content: [{ type: 'text', text: n.action === 'accept' ? `n=${n.data.n}` : n.action }] };
        }),
      );
      return server;
    },
    {
      ...(options.authenticate && {
        authenticate: requireBearerAuth({ verifier: staticTokenVerifier(TOKENS) }),
      }),
    },
  );
  return {
    url: served.url,
    tasks,
    /** Stops listening and closes the engine and its store (records stay in a SQLite file). */
    close: async () => {
      await served.close();
      await tasks.close();
    },
  };
}

/** A fresh SQLite file in a temporary folder, removed by `remove`. */
export function sqliteFile(): { file: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'elicitkit-client-tasks-'));
  return { file: join(dir, 'tasks.db'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A host: a v2 SDK client with elicitkit installed, connected to `url` (as `token`'s principal if given). */
export async function connectHost(url: URL, options: InstallElicitationOptions, token?: string) {
  const client = new Client(
    { name: 'task-host', version: '1.0.0' },
    { versionNegotiation: { mode: 'auto' } },
  );
  const host = installElicitation(client, options);
  await client.connect(
    new StreamableHTTPClientTransport(url, {
      ...(token && { requestInit: { headers: { authorization: `Bearer ${token}` } } }),
    }),
  );
  return { client, host };
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveMcpHttp } from '@elicitkit/server/http';
import { SqliteTaskStore } from '@elicitkit/server/sqlite';
import { createTasks, type TaskStore, type Tasks } from '@elicitkit/server/tasks';
import { staticTokenVerifier } from '@elicitkit/server/url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { requireBearerAuth } from '@modelcontextprotocol/server';
import { taskTestServer } from '../../../../test/support/task-tools.js';
import { type InstallElicitationOptions, installElicitation } from '../../src/index.js';

/** Tokens the task server accepts when it authenticates: each is one principal (T-19). */
export const TOKENS = { 'token-alice': 'alice', 'token-bob': 'bob' };

/**
 * A real elicitkit server (v2 SDK, `@elicitkit/server` with a task engine) over Streamable HTTP on
 * 127.0.0.1, with the shared long-running tools (test/support/task-tools.ts): `approve` (a status line, a
 * confirmation, a step, a result) and `count` (a number 1-9, asked again when invalid).
 */
export async function startTaskServer(
  options: { sqliteFile?: string; store?: TaskStore; authenticate?: boolean; pollIntervalMs?: number } = {},
) {
  const tasks: Tasks = createTasks({
    ...(options.sqliteFile && { store: new SqliteTaskStore({ file: options.sqliteFile }) }),
    ...(options.store && { store: options.store }),
    ...(options.pollIntervalMs !== undefined && { pollIntervalMs: options.pollIntervalMs }),
  });
  const served = await serveMcpHttp(() => taskTestServer(tasks, 'task-server'), {
    ...(options.authenticate && {
      authenticate: requireBearerAuth({ verifier: staticTokenVerifier(TOKENS) }),
    }),
  });
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

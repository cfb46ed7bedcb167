// @needs redis-server
import type { Clock } from '@elicitkit/core';
import { RedisTaskStore } from '@elicitkit/server/redis';
import { ProtocolError } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestRedis } from '../../../server/test/redis/redis-server.js';
import {
  callToolWithElicitation,
  getTask,
  isElicitkitError,
  resumeTask,
  type TaskStatusReport,
} from '../../src/index.js';
import { scriptedUI } from '../../src/testing/index.js';
import { connectHost, sqliteFile, startTaskServer } from '../helpers/task-server.js';

let cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of cleanup.reverse()) await close();
  cleanup = [];
});

/** Time that passes at once: records each pause the host asks for (no real sleeps in tests). */
function recordingClock(): Clock & { slept: number[] } {
  const slept: number[] = [];
  return {
    slept,
    now: () => Date.now(),
    sleep: (ms, signal) => {
      slept.push(ms);
      return new Promise((resolve) => {
        signal.throwIfAborted();
        setImmediate(resolve);
      });
    },
  };
}

const text = (result: unknown) => (result as { content: { text: string }[] }).content[0]?.text;

/** A form answer that says yes to a confirmation (no fields). */
const yes = { form: { action: 'submit' as const, content: {} } };

/** A UI whose forms are shown and never answered (the person walked away); `asked` resolves when one is. */
function walkedAwayUI() {
  let shown!: () => void;
  const asked = new Promise<void>((resolve) => {
    shown = resolve;
  });
  const ui = scriptedUI([], {
    form: () => {
      shown();
      return new Promise(() => {});
    },
  });
  return { ui, asked };
}

async function host(url: URL, ui = scriptedUI(), token?: string, clock = recordingClock()) {
  const connected = await connectHost(url, { ui, rateLimit: false, clock }, token);
  cleanup.push(() => connected.client.close());
  return { ...connected, ui, clock };
}

async function server(options: Parameters<typeof startTaskServer>[0] = {}) {
  const started = await startTaskServer(options);
  cleanup.push(started.close);
  return started;
}

describe('tasks on the host (Tasks extension, io.modelcontextprotocol/tasks)', () => {
  it('[T-23] [T-24] [T-25] callToolWithElicitation declares the extension, follows the task at its poll interval, asks through the pipeline, answers by tasks/update', async () => {
    const { url } = await server({ pollIntervalMs: 700 });
    const { client, ui, clock } = await host(url, scriptedUI([yes]));
    const seen: TaskStatusReport[] = [];
    const result = await callToolWithElicitation(
      client,
      { name: 'approve', arguments: { what: 'the budget' } },
      { onTaskStatus: (status) => seen.push(status) },
    );
    expect(text(result)).toBe('Approved the budget: part 1 by task-server, finished by task-server.');
    expect(ui.prompts).toHaveLength(1);
    expect(ui.prompts[0]).toMatchObject({ kind: 'form', message: 'Approve the budget?' });
    const statuses = seen.map((s) => s.status);
    expect(statuses[0]).toBe('working');
    expect(statuses).toContain('input_required');
    expect(statuses.at(-1)).toBe('completed');
    expect(new Set(seen.map((s) => s.taskId)).size).toBe(1);
    expect(seen.find((s) => s.status === 'input_required')?.statusMessage).toBe('Preparing the budget');
    expect(seen.at(-1)?.statusMessage).toBe('Part 1 done by task-server (1/2)');
    // T-24: every pause is the server's interval, doubled while nothing changes, at most 8×.
    expect(clock.slept.length).toBeGreaterThan(0);
    for (const ms of clock.slept) expect([700, 1400, 2800, 5600]).toContain(ms);
  });

  it('[T-14] [T-25] a question with fields is validated by the host, then answered by tasks/update', async () => {
    const { url } = await server();
    const ui = scriptedUI([{ form: { action: 'submit', content: { n: 3 } } }]);
    const { client } = await host(url, ui);
    // The host validates before sending, so an invalid answer never leaves it: one prompt, one answer.
    const result = await callToolWithElicitation(client, { name: 'count', arguments: {} });
    expect(text(result)).toBe('n=3');
    expect(ui.prompts).toHaveLength(1);
  });

  it('[T-23] tasks: false does not declare the extension: the same tool runs in 2026 rounds', async () => {
    const { url } = await server();
    const seen: TaskStatusReport[] = [];
    const { client } = await host(url, scriptedUI([yes]));
    const result = await callToolWithElicitation(
      client,
      { name: 'approve', arguments: { what: 'x' } },
      { tasks: false, onTaskStatus: (status) => seen.push(status) },
    );
    expect(text(result)).toBe('Approved x: part 1 by task-server, finished by task-server.');
    expect(seen).toEqual([]);
  });

  it('[T-24] the host goes away mid-question; a new host resumes the task by id, answers, and the tool finishes', async () => {
    const { url } = await server();
    const away = walkedAwayUI();
    const first = await host(url, away.ui);
    let taskId = '';
    const call = callToolWithElicitation(
      first.client,
      { name: 'approve', arguments: { what: 'the launch' } },
      { onTaskStatus: (status) => (taskId = status.taskId) }, // the app persists the id
    );
    const ended = call.then(
      () => 'resolved',
      (error: unknown) => error,
    );
    await away.asked;
    await first.client.close(); // the host process goes away
    expect(await ended).not.toBe('resolved');
    expect(taskId).not.toBe('');

    const second = await host(url, scriptedUI([yes]));
    const result = await resumeTask(second.client, taskId);
    expect(text(result)).toBe('Approved the launch: part 1 by task-server, finished by task-server.');
    expect(second.ui.prompts[0]).toMatchObject({ message: 'Approve the launch?' });
  });

  it('[T-24] with a SQLite task store, the server restarts between the question and the answer; a new host resumes and finishes', async () => {
    const db = sqliteFile();
    cleanup.push(db.remove);
    const before = await startTaskServer({ sqliteFile: db.file });
    const away = walkedAwayUI();
    const first = await connectHost(before.url, { ui: away.ui, rateLimit: false, clock: recordingClock() });
    let taskId = '';
    const call = callToolWithElicitation(
      first.client,
      { name: 'approve', arguments: { what: 'the archive' } },
      { onTaskStatus: (status) => (taskId = status.taskId) },
    ).catch((error: unknown) => error);
    await away.asked;
    await first.client.close();
    await call;
    await before.close(); // the server process goes away too

    const after = await server({ sqliteFile: db.file });
    const second = await host(after.url, scriptedUI([yes]));
    expect(await getTask(second.client, taskId)).toMatchObject({
      taskId,
      status: 'input_required',
      questions: 1,
    });
    const result = await resumeTask(second.client, taskId);
    expect(text(result)).toBe('Approved the archive: part 1 by task-server, finished by task-server.');
  });

  it('[T-07] [T-24] two instances on one redis-server: asked through A, the host goes away, answered through B', async () => {
    const redis = await startTestRedis();
    cleanup.push(() => redis.dispose());
    const keyPrefix = `client-tasks-${process.pid}:`;
    const a = await server({ store: new RedisTaskStore({ redis: redis.url, keyPrefix }) });
    const b = await server({ store: new RedisTaskStore({ redis: redis.url, keyPrefix }) });
    const away = walkedAwayUI();
    const first = await host(a.url, away.ui);
    let taskId = '';
    const call = callToolWithElicitation(
      first.client,
      { name: 'approve', arguments: { what: 'the merger' } },
      { onTaskStatus: (status) => (taskId = status.taskId) },
    ).catch((error: unknown) => error);
    await away.asked;
    await first.client.close();
    await call;

    const second = await host(b.url, scriptedUI([yes]));
    expect(text(await resumeTask(second.client, taskId))).toBe(
      'Approved the merger: part 1 by task-server, finished by task-server.',
    );
    expect(second.ui.prompts[0]).toMatchObject({ message: 'Approve the merger?' });
  });

  it('[T-19] another principal can neither read nor answer the task: it is an unknown id to them', async () => {
    const { url } = await server({ authenticate: true });
    const away = walkedAwayUI();
    const alice = await host(url, away.ui, 'token-alice');
    let taskId = '';
    const call = callToolWithElicitation(
      alice.client,
      { name: 'approve', arguments: { what: 'the payroll' } },
      { onTaskStatus: (status) => (taskId = status.taskId) },
    ).catch((error: unknown) => error);
    await away.asked;
    await alice.client.close();
    await call;

    const bob = await host(url, scriptedUI([yes]), 'token-bob');
    const read = await getTask(bob.client, taskId).catch((error: unknown) => error);
    expect(read).toBeInstanceOf(ProtocolError);
    expect((read as ProtocolError).code).toBe(-32602);
    const answered = await resumeTask(bob.client, taskId).catch((error: unknown) => error);
    expect((answered as ProtocolError).code).toBe(-32602);
    expect(bob.ui.prompts).toEqual([]);

    const aliceAgain = await host(url, scriptedUI([yes]), 'token-alice');
    expect(text(await resumeTask(aliceAgain.client, taskId))).toBe(
      'Approved the payroll: part 1 by task-server, finished by task-server.',
    );
  });

  it('[T-15] aborting the call sends tasks/cancel: the task ends cancelled', async () => {
    const { url } = await server();
    const away = walkedAwayUI();
    const { client } = await host(url, away.ui);
    const abort = new AbortController();
    let taskId = '';
    const call = callToolWithElicitation(
      client,
      { name: 'approve', arguments: { what: 'the move' } },
      { signal: abort.signal, onTaskStatus: (status) => (taskId = status.taskId) },
    ).catch((error: unknown) => error);
    await away.asked;
    abort.abort(new Error('the person closed the tab'));
    expect(await call).toMatchObject({ message: 'the person closed the tab' });
    const other = await host(url);
    await expect.poll(async () => (await getTask(other.client, taskId)).status).toBe('cancelled');
  });

  it('[T-23] a host installed with tasks: true follows a task on a plain client.callTool too', async () => {
    const { url } = await server();
    const ui = scriptedUI([yes]);
    const connected = await connectHost(url, { ui, rateLimit: false, clock: recordingClock(), tasks: true });
    cleanup.push(() => connected.client.close());
    const seen: TaskStatusReport[] = [];
    connected.host.on('task', (status) => seen.push(status));
    const result = await connected.client.callTool({ name: 'approve', arguments: { what: 'plain' } });
    expect(text(result)).toBe('Approved plain: part 1 by task-server, finished by task-server.');
    expect(seen.at(-1)?.status).toBe('completed');
  });

  it('resumeTask refuses a task id that is not one, before sending anything', async () => {
    const { url } = await server();
    const { client } = await host(url);
    const error = await resumeTask(client, '../../etc/passwd x').catch((e: unknown) => e);
    expect(isElicitkitError(error) && error.code).toBe('invalid-option');
  });
});

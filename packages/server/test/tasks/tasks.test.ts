import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { McpServer, requireBearerAuth } from '@modelcontextprotocol/server';
import { afterAll, describe, expect, it } from 'vitest';
import { effects, taskTestServer } from '../../../../test/support/task-tools.js';
import { type ServedMcpHttp, serveMcpHttp } from '../../src/http/index.js';
import { enableElicitation, longRunning } from '../../src/index.js';
import { SqliteTaskStore } from '../../src/sqlite/index.js';
import { createTasks, MemoryTaskStore, type Tasks } from '../../src/tasks/index.js';
import { staticTokenVerifier } from '../../src/url/index.js';
import { taskWireClient } from './wire-client.js';

const opened: { close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const thing of opened.reverse()) await thing.close();
});

async function serve(tasks: Tasks, instance = 'a', authenticate = false): Promise<ServedMcpHttp> {
  const verifier = staticTokenVerifier({ 'token-alice': 'alice', 'token-bob': 'bob' });
  const served = await serveMcpHttp(() => taskTestServer(tasks, instance), {
    ...(authenticate && { authenticate: requireBearerAuth({ verifier }) }),
  });
  opened.push(served);
  return served;
}

const text = (task: { result?: { content?: { text?: string }[] } }) => task.result?.content?.[0]?.text;
const asking = (task: { status: string }) => task.status === 'input_required';

describe('long-running tools over the Tasks extension', () => {
  it('[T-06] [T-09] [T-13] [T-24] a task asks, the client goes away, a new client resumes it by id and answers', async () => {
    const tasks = createTasks();
    const served = await serve(tasks);
    const first = taskWireClient(served.url);
    const handle = await first.call('approve', { what: 'the budget' });
    expect(handle).toMatchObject({ resultType: 'task', status: 'working', ttlMs: expect.any(Number) });
    expect(Object.keys(handle)).not.toContain('result');
    const waiting = await first.waitFor(handle.taskId, asking);
    const [key] = Object.keys(waiting.inputRequests);
    expect(waiting.inputRequests[key as string]).toMatchObject({
      method: 'elicitation/create',
      params: { mode: 'form', message: 'Approve the budget?' },
    });
    expect(waiting.statusMessage).toBe('Preparing the budget');
    // The first client is gone; a second one knows only the id (a host restarted).
    const second = taskWireClient(served.url);
    expect(await second.update(handle.taskId, { [key as string]: { action: 'accept' } })).toEqual({
      resultType: 'complete',
    });
    const done = await second.waitFor(handle.taskId, (t) => t.status === 'completed');
    expect(text(done)).toBe('Approved the budget: part 1 by a, finished by a.');
    expect(done.statusMessage).toBe('Part 1 done by a (1/2)');
  });

  it('[T-02] [T-05] the same tool answers without a task when the request does not declare the extension', async () => {
    const tasks = createTasks();
    const served = await serve(tasks);
    const plain = taskWireClient(served.url, { tasks: false });
    const first = await plain.call('count');
    expect(first).toMatchObject({ resultType: 'input_required' }); // a 2026 round, as today
    expect(first.taskId).toBeUndefined();
  });

  it('[T-12] [T-14] an invalid answer is asked again under a new key; a decline ends the tool normally', async () => {
    const tasks = createTasks();
    const served = await serve(tasks);
    const client = taskWireClient(served.url);
    const { taskId } = await client.call('count');
    const asked = await client.waitFor(taskId, asking);
    const [key] = Object.keys(asked.inputRequests) as [string];
    await client.update(taskId, { [key]: { action: 'accept', content: { n: 42 } } });
    const again = await client.waitFor(taskId, (t) => asking(t) && !(key in t.inputRequests));
    const [second] = Object.keys(again.inputRequests) as [string];
    expect(second).not.toBe(key);
    expect(again.inputRequests[second].params.message).toContain('The previous answer was not accepted');
    await client.update(taskId, { [key]: { action: 'accept', content: { n: 3 } } }); // spent key: ignored
    expect((await client.get(taskId)).status).toBe('input_required');
    await client.update(taskId, { [second]: { action: 'decline' } });
    expect(text(await client.waitFor(taskId, (t) => t.status === 'completed'))).toBe('decline');
  });

  it('[T-15] [T-17] cancel ends a waiting task; an unknown or malformed id is -32602; cancel again is an ack', async () => {
    const tasks = createTasks();
    const served = await serve(tasks);
    const client = taskWireClient(served.url);
    const { taskId } = await client.call('count');
    await client.waitFor(taskId, asking);
    expect(await client.cancel(taskId)).toEqual({ resultType: 'complete' });
    expect((await client.get(taskId)).status).toBe('cancelled');
    expect(await client.cancel(taskId)).toEqual({ resultType: 'complete' });
    for (const id of ['nope', 'A'.repeat(43)]) {
      expect((await client.rpc('tasks/get', { taskId: id })).error?.code).toBe(-32602);
    }
  });

  it('[T-19] another principal can neither read, answer nor cancel the task: it answers as for an unknown id', async () => {
    const tasks = createTasks();
    const served = await serve(tasks, 'a', true);
    const alice = taskWireClient(served.url, { token: 'token-alice' });
    const bob = taskWireClient(served.url, { token: 'token-bob' });
    const { taskId } = await alice.call('count');
    const asked = await alice.waitFor(taskId, asking);
    const [key] = Object.keys(asked.inputRequests) as [string];
    const unknown = await bob.rpc('tasks/get', { taskId: 'B'.repeat(43) });
    for (const [method, params] of [
      ['tasks/get', { taskId }],
      ['tasks/update', { taskId, inputResponses: { [key]: { action: 'accept', content: { n: 1 } } } }],
      ['tasks/cancel', { taskId }],
    ] as const) {
      const { error } = await bob.rpc(method, params);
      expect(error).toEqual(unknown.error);
    }
    const still = await alice.get(taskId);
    expect(still.status).toBe('input_required');
    expect(Object.keys(still.inputRequests)).toEqual([key]);
  });

  it('[T-10] a task past its ttlMs reads as expired (injected clock)', async () => {
    let now = Date.now();
    const tasks = createTasks({ clock: { now: () => now }, ttlMs: 60_000 });
    const served = await serve(tasks);
    const client = taskWireClient(served.url);
    const { taskId, ttlMs } = await client.call('count');
    expect(ttlMs).toBe(60_000);
    await client.waitFor(taskId, asking);
    now += 60_000;
    const { error } = await client.rpc('tasks/get', { taskId });
    expect(error).toMatchObject({ code: -32602, message: 'Failed to retrieve task: Task has expired' });
  });

  it('[T-13] bounds: an answer larger than maxAnswerBytes is refused, and so are updates past the rate', async () => {
    const tasks = createTasks({ maxAnswerBytes: 1024, maxUpdatesPerMinute: 1 });
    const served = await serve(tasks);
    const client = taskWireClient(served.url);
    const { taskId } = await client.call('count');
    const asked = await client.waitFor(taskId, asking);
    const [key] = Object.keys(asked.inputRequests) as [string];
    const big = await client.rpc('tasks/update', {
      taskId,
      inputResponses: { [key]: { action: 'accept', content: { n: 'x'.repeat(2000) } } },
    });
    expect(big.error?.code).toBe(-32602);
    expect(big.error?.message).toContain('at most 1024');
    await client.update(taskId, { [key]: { action: 'accept', content: { n: 0 } } }); // invalid: asked again
    const again = await client.waitFor(taskId, (t) => asking(t) && !(key in t.inputRequests));
    const [second] = Object.keys(again.inputRequests) as [string];
    const limited = await client.rpc('tasks/update', {
      taskId,
      inputResponses: { [second]: { action: 'decline' } },
    });
    expect(limited.error?.message).toContain('updates of this task in a minute');
  });

  it('[T-11] a host that polls much faster than pollIntervalMs is slowed down; at the asked pace it never is (injected clock)', async () => {
    let now = Date.now();
    const tasks = createTasks({ clock: { now: () => now }, pollIntervalMs: 1000, maxPollsPerInterval: 2 });
    const served = await serve(tasks);
    const client = taskWireClient(served.url);
    const { taskId } = await client.call('count');
    // A burst of twice the rate goes through, the next poll in the same instant is refused with when to come back.
    for (let poll = 0; poll < 4; poll++)
      expect((await client.rpc('tasks/get', { taskId })).error).toBeUndefined();
    const refused = await client.rpc('tasks/get', { taskId });
    expect(refused.error).toMatchObject({ code: -32600, data: { retryAfterMs: 500 } });
    expect(refused.error?.message).toContain('polled much faster than its pollIntervalMs (1000 ms)');
    // Back at the asked pace (and even twice it), every poll is answered.
    for (let poll = 0; poll < 10; poll++) {
      now += 500;
      expect((await client.rpc('tasks/get', { taskId })).error).toBeUndefined();
    }
  });

  it('bounds: a principal holds at most maxTasksPerPrincipal tasks', async () => {
    const tasks = createTasks({ maxTasksPerPrincipal: 2 });
    const served = await serve(tasks);
    const client = taskWireClient(served.url);
    await client.call('count');
    await client.call('count');
    const third = await client.rpc('tools/call', { name: 'count', arguments: {} });
    expect(third.error?.message).toContain('maxTasksPerPrincipal');
  });

  it('[T-03] a required long-running tool answers -32021 naming the extension to a request without it', async () => {
    const tasks = createTasks();
    const server = () => {
      const s = enableElicitation(new McpServer({ name: 'req', version: '1' }), { tasks });
      s.registerTool(
        'job',
        {},
        longRunning(async () => ({ content: [] }), { required: true }),
      );
      return s;
    };
    const served = await serveMcpHttp(server);
    opened.push(served);
    const { error } = await taskWireClient(served.url, { tasks: false }).rpc('tools/call', {
      name: 'job',
      arguments: {},
    });
    expect(error).toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } } },
    });
  });

  it('[T-07] survives a server restart on the same SQLite file: asked before, answered after, step run once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'elicitkit-tasks-'));
    const file = join(dir, 'tasks.db');
    try {
      const before = createTasks({ store: new SqliteTaskStore({ file }) });
      const first = await serveMcpHttp(() => taskTestServer(before, 'before'));
      const client = taskWireClient(first.url);
      const { taskId } = await client.call('approve', { what: 'the release' });
      const asked = await client.waitFor(taskId, asking);
      await first.close();
      await before.close();

      const after = createTasks({ store: new SqliteTaskStore({ file }) });
      const second = await serveMcpHttp(() => taskTestServer(after, 'after'));
      const resumed = taskWireClient(second.url);
      expect(await resumed.get(taskId)).toMatchObject({
        status: 'input_required',
        inputRequests: asked.inputRequests,
      });
      const effectsBefore = effects.get('part-1') ?? 0;
      await resumed.update(taskId, { [Object.keys(asked.inputRequests)[0] as string]: { action: 'accept' } });
      const done = await resumed.waitFor(taskId, (t) => t.status === 'completed');
      expect(text(done)).toBe('Approved the release: part 1 by after, finished by after.');
      expect((effects.get('part-1') ?? 0) - effectsBefore).toBe(1);
      await second.close();
      await after.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('[T-18] task ids are 256-bit base64url, never repeated', async () => {
    const tasks = createTasks({ store: new MemoryTaskStore() });
    const served = await serve(tasks);
    const client = taskWireClient(served.url);
    const ids = new Set<string>();
    for (let i = 0; i < 20; i++) ids.add((await client.call('count')).taskId);
    expect(ids.size).toBe(20);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

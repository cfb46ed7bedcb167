import type { Clock } from '@elicitkit/core';
import { describe, expect, it } from 'vitest';
import { isElicitkitError, type TaskStatusReport } from '../../src/index.js';
import { driveTask, pollInterval, type TaskRequests } from '../../src/tasks/task-driver.js';

/**
 * A hostile server's side of the task methods, scripted: each `tasks/get` answers the next state (the last
 * one again once the script runs out). What the host spends on it is what these tests bound.
 */
function hostilePeer(states: Record<string, unknown>[]) {
  const calls: { method: string; taskId: string; inputResponses?: Record<string, unknown> }[] = [];
  let next = 0;
  const requests: TaskRequests = {
    get: async (taskId) => {
      calls.push({ method: 'tasks/get', taskId });
      return states[Math.min(next++, states.length - 1)];
    },
    update: async (taskId, inputResponses) => {
      calls.push({ method: 'tasks/update', taskId, inputResponses });
      return {};
    },
    cancel: async (taskId) => {
      calls.push({ method: 'tasks/cancel', taskId });
      return {};
    },
  };
  return { requests, calls };
}

function instantClock(): Clock & { slept: number[] } {
  const slept: number[] = [];
  return { slept, now: () => 0, sleep: async (ms) => void slept.push(ms) };
}

const ID = 'task-1';
const task = (fields: Record<string, unknown>) => ({
  taskId: ID,
  status: 'working',
  createdAt: 'x',
  lastUpdatedAt: 'same',
  ttlMs: null,
  ...fields,
});
const ask = (message: string) => ({
  method: 'elicitation/create',
  params: { mode: 'form', message, requestedSchema: { type: 'object', properties: {} } },
});

function drive(states: Record<string, unknown>[], options: { maxTaskPolls?: number } = {}) {
  const peer = hostilePeer(states);
  const clock = instantClock();
  const reports: TaskStatusReport[] = [];
  const asked: string[] = [];
  const run = driveTask(
    {
      answer: async (key) => {
        asked.push(key);
        return { ok: true, answer: { action: 'accept', content: {} } };
      },
      requests: peer.requests,
      clock,
      report: (status) => reports.push(status),
    },
    { taskId: ID },
    { maxTaskPolls: options.maxTaskPolls ?? 50, maxInputRequests: 20 },
    new AbortController().signal,
  );
  return { run, peer, clock, reports, asked };
}

const codeOf = (error: unknown) => (isElicitkitError(error) ? error.code : error);

describe('a hostile server cannot make the host spend without bound on a task', () => {
  it('[T-24] the poll interval is the server’s, between a floor and a ceiling', () => {
    expect(pollInterval(undefined)).toBe(1_000);
    expect(pollInterval(0)).toBe(100);
    expect(pollInterval(-5)).toBe(100);
    expect(pollInterval(86_400_000)).toBe(60_000);
    expect(pollInterval(1_234.6)).toBe(1_235);
  });

  it('[T-24] an unchanged task is polled slower and slower, at most 8× the interval, and a change resets the pace', async () => {
    const working = task({ pollIntervalMs: 500 });
    const states = [
      working,
      working,
      working,
      working,
      working,
      working,
      task({ lastUpdatedAt: 'later', pollIntervalMs: 500 }),
      task({ status: 'completed', result: { content: [] } }),
    ];
    const { run, clock } = drive(states);
    await run;
    expect(clock.slept).toEqual([500, 1000, 2000, 4000, 4000, 4000, 500]);
  });

  it('[T-24] a task still running after maxTaskPolls polls ends the follow with task-poll-limit (the task is left alone)', async () => {
    const { run, peer } = drive([task({ pollIntervalMs: 0 })], { maxTaskPolls: 5 });
    expect(codeOf(await run.catch((e: unknown) => e))).toBe('task-poll-limit');
    expect(peer.calls.filter((c) => c.method === 'tasks/get')).toHaveLength(6);
    expect(peer.calls.some((c) => c.method === 'tasks/cancel')).toBe(false);
  });

  it('a task response larger than 4 MiB is refused as invalid-task, not kept or passed on (the task is left running)', async () => {
    const huge = task({
      status: 'completed',
      result: { content: [{ type: 'text', text: 'x'.repeat(4 * 1024 * 1024) }] },
    });
    const { run, peer } = drive([task({}), huge]);
    const error = await run.catch((e: unknown) => e);
    expect(codeOf(error)).toBe('invalid-task');
    expect((error as Error).message).toMatch(/^task: \d+ bytes; at most 4194304 are accepted$/);
    expect(peer.calls.some((c) => c.method === 'tasks/cancel')).toBe(false);
  });

  it('[T-25] a key listed again after its answer is not asked again; new keys are', async () => {
    const first = task({ status: 'input_required', inputRequests: { a: ask('A?') } });
    const both = task({ status: 'input_required', inputRequests: { a: ask('A?'), b: ask('B?') } });
    const { run, asked, peer } = drive([
      first,
      first,
      both,
      both,
      task({ status: 'completed', result: { content: [] } }),
    ]);
    await run;
    expect(asked).toEqual(['a', 'b']);
    expect(
      peer.calls.filter((c) => c.method === 'tasks/update').map((c) => Object.keys(c.inputResponses ?? {})),
    ).toEqual([['a'], ['b']]);
  });

  it('[T-09] too many input requests at once, a malformed task, or an answer for another task is refused as invalid-task', async () => {
    const flood = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, ask('?')]));
    for (const bad of [
      task({ status: 'input_required', inputRequests: flood }),
      task({ status: 'input_required' }),
      task({ status: 'completed' }),
      task({ status: 'paused' }),
      task({ taskId: 'task-2' }),
      task({ taskId: 'x'.repeat(257) }),
      task({ taskId: 'bad id\u202e' }),
      'not an object',
    ]) {
      const { run } = drive([bad as Record<string, unknown>]);
      expect(codeOf(await run.catch((e: unknown) => e))).toBe('invalid-task');
    }
  });

  it('status messages are cut to 1,000 characters and neutralized before the app hears them', async () => {
    const message = `\u001b[31mred\u001b[0m \u202eevil${'x'.repeat(5_000)}`;
    const { run, reports } = drive([
      task({ statusMessage: message }),
      task({ status: 'completed', result: { content: [] } }),
    ]);
    await run;
    const shown = reports[0]?.statusMessage ?? '';
    expect(shown.length).toBeLessThanOrEqual(1_000);
    expect(shown).not.toMatch(/[\u001b\u202e]/);
  });

  it('[T-16] a failed task ends with task-failed carrying the JSON-RPC code; a server-cancelled one with task-cancelled', async () => {
    const failed = drive([task({ status: 'failed', error: { code: -32603, message: 'boom' } })]);
    const error = await failed.run.catch((e: unknown) => e);
    expect(codeOf(error)).toBe('task-failed');
    expect((error as { details: unknown }).details).toEqual({ taskId: ID, errorCode: -32603 });
    const cancelled = drive([task({ status: 'cancelled' })]);
    expect(codeOf(await cancelled.run.catch((e: unknown) => e))).toBe('task-cancelled');
  });
});

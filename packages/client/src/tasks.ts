import { UsageError } from '@elicitkit/core';
import type { CallToolResult, Client } from '@modelcontextprotocol/client';
import { ClientErrorCode } from './errors.js';
import { followTask, installedHost, type TaskOptions, taskRequestsOf } from './installed.js';
import { MAX_INPUT_REQUESTS_PER_ROUND } from './rounds/round-driver.js';
import type { TaskSnapshot } from './tasks/task-driver.js';

/** The task modules, fetched when first used (a page that never meets a task does not load them). */
async function taskModules() {
  const [read, driver] = await Promise.all([
    import('./tasks/task-read.js'),
    import('./tasks/task-driver.js'),
  ]);
  return { ...read, ...driver };
}

async function checkTaskId(taskId: string): Promise<void> {
  const { taskIdProblem } = await taskModules();
  const problem = taskIdProblem(taskId);
  if (problem) {
    throw new UsageError(
      ClientErrorCode.InvalidOption,
      `${problem}, got ${JSON.stringify(String(taskId).slice(0, 80))}`,
      {
        details: { option: 'taskId' },
      },
    );
  }
}

/**
 * Picks up a task by id, e.g. after the host restarted (T-24): follows it as `callToolWithElicitation` does
 * (questions through the pipeline, answers by `tasks/update`, status to `onTaskStatus`) and resolves with the
 * tool's result. Aborting `signal` sends `tasks/cancel`. Another principal's task reads as unknown (-32602).
 */
export async function resumeTask(
  client: Client,
  taskId: string,
  options: TaskOptions & { signal?: AbortSignal } = {},
): Promise<CallToolResult> {
  await checkTaskId(taskId);
  return (await followTask(installedHost(client), { taskId }, options, options.signal)) as CallToolResult;
}

/** Reads a task once (`tasks/get`): its status and message, how many questions wait, its result or error. */
export async function getTask(
  client: Client,
  taskId: string,
  options: { signal?: AbortSignal } = {},
): Promise<TaskSnapshot> {
  await checkTaskId(taskId);
  const requests = taskRequestsOf(installedHost(client));
  const signal = options.signal ?? new AbortController().signal;
  const { readTask, snapshotOf } = await taskModules();
  return snapshotOf(readTask(await requests.get(taskId, signal), taskId, MAX_INPUT_REQUESTS_PER_ROUND));
}

/** Asks the server to cancel a task (`tasks/cancel`, cooperative: T-15); resolves once it acknowledged. */
export async function cancelTask(client: Client, taskId: string): Promise<void> {
  await checkTaskId(taskId);
  await taskRequestsOf(installedHost(client)).cancel(taskId);
}

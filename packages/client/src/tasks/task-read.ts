import { isJsonObject, PeerError } from '@elicitkit/core';
import { ClientErrorCode } from '../errors.js';
import { MAX_INPUT_REQUESTS_PER_ROUND } from '../rounds/round-driver.js';
import type { TaskState } from '../ui.js';

/** The extension's identifier, as declared under `extensions` in a request's client capabilities (T-23). */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** Longest task id accepted; ours are 43 characters, anything this long is not an id. */
export const MAX_TASK_ID_LENGTH = 256;
/** Longest status message passed on to the app; longer ones are cut. */
export const MAX_STATUS_MESSAGE_LENGTH = 1_000;

const STATES: ReadonlySet<string> = new Set([
  'working',
  'input_required',
  'completed',
  'failed',
  'cancelled',
]);
/** Printable ASCII only: the id goes back in `Mcp-Name` headers and is shown; nothing else needs to be in it. */
const TASK_ID = /^[\x21-\x7e]+$/;

/** A task as read from a handle or a `tasks/get` result, every field checked. */
export interface ReadTask {
  taskId: string;
  status: TaskState;
  statusMessage?: string;
  pollIntervalMs?: number;
  lastUpdatedAt?: string;
  inputRequests?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { code?: number; message: string };
}

/** Whether `value` is a task handle (`CreateTaskResult`, T-06). */
export function isTaskHandle(value: unknown): boolean {
  return isJsonObject(value) && value.resultType === 'task';
}

/** Checks a task id given by the app (to resume) or the server; a bad one is `invalid` with its reason. */
export function taskIdProblem(taskId: unknown): string | undefined {
  if (typeof taskId !== 'string') return 'taskId must be a string';
  if (taskId.length === 0 || taskId.length > MAX_TASK_ID_LENGTH)
    return `taskId must be 1 to ${MAX_TASK_ID_LENGTH} characters`;
  if (!TASK_ID.test(taskId)) return 'taskId must be printable ASCII without spaces';
  return undefined;
}

/**
 * Reads a task without trusting it (T-06, T-09): a known status, a bounded id and message, a bounded
 * `inputRequests` object on `input_required`, a `result` object on `completed`. `expectedId` pins the id a
 * poll must answer for.
 */
export function readTask(value: unknown, expectedId?: string): ReadTask {
  const invalid = (message: string, taskId = expectedId) =>
    new PeerError(ClientErrorCode.InvalidTask, `task: ${message}`, {
      details: taskId === undefined ? {} : { taskId },
    });
  if (!isJsonObject(value)) throw invalid('not an object');
  const problem = taskIdProblem(value.taskId);
  if (problem) throw invalid(problem);
  const taskId = value.taskId as string;
  if (expectedId !== undefined && taskId !== expectedId) throw invalid('answered for another taskId');
  const { status, statusMessage, pollIntervalMs, lastUpdatedAt } = value;
  if (typeof status !== 'string' || !STATES.has(status)) throw invalid('unknown status', taskId);
  const task: ReadTask = { taskId, status: status as TaskState };
  if (typeof statusMessage === 'string' && statusMessage.length > 0) {
    task.statusMessage = statusMessage.slice(0, MAX_STATUS_MESSAGE_LENGTH);
  }
  if (typeof pollIntervalMs === 'number' && Number.isFinite(pollIntervalMs))
    task.pollIntervalMs = pollIntervalMs;
  if (typeof lastUpdatedAt === 'string') task.lastUpdatedAt = lastUpdatedAt.slice(0, 64);
  if (status === 'input_required') {
    const { inputRequests } = value;
    if (!isJsonObject(inputRequests)) throw invalid('input_required without an inputRequests object', taskId);
    const count = Object.keys(inputRequests).length;
    if (count > MAX_INPUT_REQUESTS_PER_ROUND) {
      throw invalid(`${count} input requests; at most ${MAX_INPUT_REQUESTS_PER_ROUND} are accepted`, taskId);
    }
    task.inputRequests = inputRequests;
  }
  if (status === 'completed') {
    if (!isJsonObject(value.result)) throw invalid('completed without a result object', taskId);
    task.result = value.result;
  }
  if (status === 'failed' && isJsonObject(value.error)) {
    const { code, message } = value.error;
    task.error = {
      ...(typeof code === 'number' && { code }),
      message: typeof message === 'string' ? message.slice(0, MAX_STATUS_MESSAGE_LENGTH) : 'no message',
    };
  }
  return task;
}

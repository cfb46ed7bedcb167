import { isJsonObject, PeerError } from '@elicitkit/core';
import type { ClientErrorCode } from '../errors.js';
import type { TaskState } from '../ui.js';

// This folder is fetched with the first task (`import()`): it imports values from core only, so that a
// bundler does not split the client's own modules into a chunk shared with it (the web budget). Codes are
// written out, checked against `ClientErrorCode` by type.
export const INVALID_TASK = 'invalid-task' satisfies ClientErrorCode;

/** Longest task id accepted; ours are 43 characters, anything this long is not an id. */
export const MAX_TASK_ID_LENGTH = 256;
/** Longest status message passed on to the app; longer ones are cut. */
export const MAX_STATUS_MESSAGE_LENGTH = 1_000;
/**
 * Largest task (a handle or a `tasks/get` result, its `result` and `inputRequests` included) passed on to the app
 * and kept while following it, in UTF-8 bytes of its JSON: the server side's default request bound. A larger one
 * is refused as `invalid-task` (the task is left running: resume it by id once the server sends less).
 */
export const MAX_TASK_RESPONSE_BYTES = 4 * 1024 * 1024;

const encoder = new TextEncoder();

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

/** Checks a task id given by the app (to resume) or the server; a bad one is `invalid` with its reason. */
export function taskIdProblem(taskId: unknown): string | undefined {
  if (typeof taskId !== 'string') return 'taskId must be a string';
  if (taskId.length === 0 || taskId.length > MAX_TASK_ID_LENGTH)
    return `taskId must be 1 to ${MAX_TASK_ID_LENGTH} characters`;
  if (!TASK_ID.test(taskId)) return 'taskId must be printable ASCII without spaces';
  return undefined;
}

/**
 * Reads a task without trusting it (T-06, T-09): bounded in size as a whole, a known status, a bounded id and
 * message, a bounded `inputRequests` object on `input_required`, a `result` object on `completed`. `expectedId` pins the id a
 * poll must answer for.
 */
export function readTask(value: unknown, expectedId: string | undefined, maxInputRequests: number): ReadTask {
  const invalid = (message: string, taskId = expectedId) =>
    new PeerError(INVALID_TASK, `task: ${message}`, {
      details: taskId === undefined ? {} : { taskId },
    });
  if (!isJsonObject(value)) throw invalid('not an object');
  const bytes = encoder.encode(JSON.stringify(value)).byteLength;
  if (bytes > MAX_TASK_RESPONSE_BYTES)
    throw invalid(`${bytes} bytes; at most ${MAX_TASK_RESPONSE_BYTES} are accepted`);
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
    if (count > maxInputRequests) {
      throw invalid(`${count} input requests; at most ${maxInputRequests} are accepted`, taskId);
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

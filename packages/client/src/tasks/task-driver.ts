import { type Clock, isJsonObject, PeerError, sanitizeForDisplay, timerSleep } from '@elicitkit/core';
import type { ClientErrorCode } from '../errors.js';
import { answerBatch } from '../rounds/answer-batch.js';
import type { AnswerInputRequest } from '../rounds/round-driver.js';
import type { TaskStatusReport } from '../ui.js';
import {
  DEFAULT_TASK_POLL_INTERVAL_MS,
  MAX_TASK_POLL_INTERVAL_MS,
  MIN_TASK_POLL_INTERVAL_MS,
} from './limits.js';
import { INVALID_TASK, type ReadTask, readTask } from './task-read.js';

/** The three task requests, as the SDK seam sends them (declaring the extension, `Mcp-Name` set: T-23, T-26). */
export interface TaskRequests {
  get(taskId: string, signal: AbortSignal): Promise<unknown>;
  update(taskId: string, inputResponses: Record<string, unknown>, signal: AbortSignal): Promise<unknown>;
  cancel(taskId: string): Promise<unknown>;
}

/** Polling bounds of one task (what a hostile server could make this host spend). */
export interface TaskLimits {
  /** `tasks/get` polls before a `PeerError` `task-poll-limit` (the task is left running). */
  maxTaskPolls: number;
  /** Input requests listed at once (the 2026 rounds' bound). */
  maxInputRequests: number;
}

/** An unchanged task is polled at most this many times slower than the server suggests. */
const MAX_BACKOFF_FACTOR = 8;
/** Questions one task may ask in all; a server listing new keys forever is a flood. */
export const MAX_TASK_QUESTIONS = 256;

/** What drives a task: how to answer, how to reach the server, the host's time, and who hears the status. */
export interface TaskDriverParts {
  answer: AnswerInputRequest;
  requests: TaskRequests;
  clock: Clock;
  report: (status: TaskStatusReport) => void;
  /** The answers of one batch of questions reached the server (`tasks/update` acknowledged). */
  updated?: () => void;
  /** Ask one poll's new questions all at once (a UI that shows every prompt together: `ElicitationUI.concurrent`). */
  concurrent?: boolean;
}

/**
 * Follows one task to its end (T-24, T-25): reports each state, asks every new `inputRequests` entry through
 * the pipeline (keys already answered are not asked again), answers with `tasks/update`, and polls `tasks/get`
 * at the server's `pollIntervalMs` (bounded; doubled while nothing changes, up to 8×). Resolves with the
 * tool's result; a `failed` or server-`cancelled` task is a `PeerError`. When `cancelOn` aborts, sends
 * `tasks/cancel` (best effort) and rejects with its reason; when only `signal` aborts (the connection went
 * away), the task is left for a later {@link driveTask} by id.
 */
export async function driveTask(
  parts: TaskDriverParts,
  start: { handle: unknown } | { taskId: string },
  limits: TaskLimits,
  signal: AbortSignal,
  cancelOn?: AbortSignal,
): Promise<Record<string, unknown>> {
  let taskId = 'taskId' in start ? start.taskId : undefined;
  try {
    const task =
      'handle' in start
        ? readTask(start.handle, undefined, limits.maxInputRequests)
        : readTask(await parts.requests.get(start.taskId, signal), start.taskId, limits.maxInputRequests);
    taskId = task.taskId;
    return await follow(parts, task, limits, signal);
  } catch (error) {
    if (cancelOn?.aborted) {
      // Cooperative (T-15): the server acknowledges; the task ends when it notices.
      if (taskId !== undefined) await parts.requests.cancel(taskId).catch(() => undefined);
      throw cancelOn.reason;
    }
    throw error;
  }
}

async function follow(
  parts: TaskDriverParts,
  first: ReadTask,
  limits: TaskLimits,
  signal: AbortSignal,
): Promise<Record<string, unknown>> {
  const { taskId } = first;
  const answered = new Set<string>();
  let task = first;
  let polls = 0;
  let backoff = 1;
  for (;;) {
    signal.throwIfAborted();
    let changed = false;
    if (task.status === 'input_required') {
      // T-25: a key asked once is never asked again, however often a poll lists it.
      const fresh = Object.entries(task.inputRequests ?? {}).filter(([key]) => !answered.has(key));
      if (fresh.length > 0) {
        parts.report(reportOf(task));
        changed = true;
        if (answered.size + fresh.length > MAX_TASK_QUESTIONS) {
          throw new PeerError(INVALID_TASK, `task: more than ${MAX_TASK_QUESTIONS} questions in one task`, {
            details: { taskId },
          });
        }
        const responses: Record<string, unknown> = {};
        const outcomes = await answerBatch(fresh, parts.answer, signal, parts.concurrent === true);
        for (const [key, outcome] of outcomes) {
          responses[key] = outcome.answer;
          answered.add(key);
        }
        await parts.requests.update(taskId, responses, signal); // T-25: answers go by tasks/update
        parts.updated?.();
      }
    }
    if (task.status === 'completed') {
      parts.report(reportOf(task));
      return task.result as Record<string, unknown>;
    }
    if (task.status === 'failed') {
      parts.report(reportOf(task));
      const detail = task.error?.message ?? task.statusMessage ?? 'no reason given';
      throw new PeerError(
        'task-failed' satisfies ClientErrorCode,
        `the task failed: ${sanitizeForDisplay(detail)}`,
        {
          details: { taskId, ...(task.error?.code !== undefined && { errorCode: task.error.code }) },
        },
      );
    }
    if (task.status === 'cancelled') {
      parts.report(reportOf(task));
      throw new PeerError('task-cancelled' satisfies ClientErrorCode, 'the server cancelled the task', {
        details: { taskId },
      });
    }
    const waitMs = Math.min(pollInterval(task.pollIntervalMs) * backoff, MAX_TASK_POLL_INTERVAL_MS);
    if (!changed) parts.report({ ...reportOf(task), nextPollMs: waitMs });
    polls += 1;
    if (polls > limits.maxTaskPolls) {
      throw new PeerError(
        'task-poll-limit' satisfies ClientErrorCode,
        `the task was still ${task.status} after ${limits.maxTaskPolls} polls (maxTaskPolls); resume it by id later`,
        { details: { taskId } },
      );
    }
    // Just answered: poll at once to see the task move on.
    if (!changed) await (parts.clock.sleep?.bind(parts.clock) ?? timerSleep)(waitMs, signal);
    const previous = task;
    task = readTask(await parts.requests.get(taskId, signal), taskId, limits.maxInputRequests);
    // Any change brings the poll back to the server's pace; an unchanged task is polled slower, up to 8×.
    const moved =
      changed ||
      task.status !== previous.status ||
      task.lastUpdatedAt !== previous.lastUpdatedAt ||
      task.statusMessage !== previous.statusMessage;
    backoff = moved ? 1 : Math.min(backoff * 2, MAX_BACKOFF_FACTOR);
  }
}

/** T-24: the server's interval, between the floor and the ceiling; the default when it gives none. */
export function pollInterval(suggested: number | undefined): number {
  if (suggested === undefined) return DEFAULT_TASK_POLL_INTERVAL_MS;
  return Math.min(Math.max(Math.round(suggested), MIN_TASK_POLL_INTERVAL_MS), MAX_TASK_POLL_INTERVAL_MS);
}

function reportOf(task: ReadTask): TaskStatusReport {
  return {
    taskId: task.taskId,
    status: task.status,
    ...(task.statusMessage !== undefined && { statusMessage: sanitizeForDisplay(task.statusMessage) }),
  };
}

/** A task's state as `getTask` read it: the status report, and the result or error once it has ended. */
export interface TaskSnapshot extends TaskStatusReport {
  /** Questions waiting for an answer (`input_required`). */
  questions: number;
  /** The tool's result (`completed`): a `CallToolResult`. */
  result?: Record<string, unknown>;
  /** The JSON-RPC error (`failed`); `message` sanitized. */
  error?: { code?: number; message: string };
}

/** A read task as a {@link TaskSnapshot}. */
export function snapshotOf(task: ReadTask): TaskSnapshot {
  return {
    ...reportOf(task),
    questions: isJsonObject(task.inputRequests) ? Object.keys(task.inputRequests).length : 0,
    ...(task.result && { result: task.result }),
    ...(task.error && { error: { ...task.error, message: sanitizeForDisplay(task.error.message) } }),
  };
}

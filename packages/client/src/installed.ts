import { integerOption, UsageError } from '@elicitkit/core';
import { answerInputRequest } from './era/request-2026.js';
import { ClientErrorCode } from './errors.js';
import type { HostParts } from './host-parts.js';
import type { RoundLimits } from './rounds/limits.js';
import { type AnswerInputRequest, MAX_INPUT_REQUESTS_PER_ROUND, RoundDriver } from './rounds/round-driver.js';
import type { ClientSeam } from './sdk/seam.js';
import { DEFAULT_MAX_TASK_POLLS } from './tasks/limits.js';
import type { TaskRequests } from './tasks/task-driver.js';
import type { TaskStatusReport } from './ui.js';

/** A client's host, as `installElicitation` left it: its SDK seam and its parts. */
export interface InstalledHost {
  seam: ClientSeam;
  parts: HostParts;
}

const hosts = new WeakMap<object, InstalledHost>();

/** Records `client`'s host, for the retry drivers to find. */
export function registerHost(client: object, host: InstalledHost): void {
  hosts.set(client, host);
}

/** Whether `installElicitation` ran on `client`. */
export function isInstalled(client: object): boolean {
  return hosts.has(client);
}

/** `client`'s host, or a `UsageError` `not-installed`. */
export function installedHost(client: object): InstalledHost {
  const host = hosts.get(client);
  if (!host) {
    throw new UsageError(
      ClientErrorCode.NotInstalled,
      'call installElicitation(client, options) before connect to use URL elicitation retries',
    );
  }
  return host;
}

/** How `host` answers one 2026 input request: the pipeline, or the SDK's own handlers for sampling and roots. */
function inputAnswerFor(host: InstalledHost): AnswerInputRequest {
  const { parts, seam } = host;
  const other = seam.otherInputRequest?.bind(seam);
  return (key, entry, signal) => answerInputRequest(parts.pipeline, key, entry, signal, other);
}

/** A fresh round driver for one 2026 call on `host`: the pipeline answers, the SDK's own handlers take sampling and roots. */
export function roundDriverFor(host: InstalledHost, limits: RoundLimits, signal: AbortSignal): RoundDriver {
  return new RoundDriver(
    {
      answer: inputAnswerFor(host),
      surface: host.parts.surface,
      clock: host.parts.clock,
      concurrent: host.parts.surface.ui.concurrent === true,
    },
    limits,
    signal,
  );
}

/** `host`'s task requests, or a `UsageError` `tasks-unavailable` off 2026-07-28 or on the v1 SDK. */
export function taskRequestsOf(host: InstalledHost): TaskRequests {
  const requests = host.seam.taskRequests?.();
  if (!requests) {
    throw new UsageError(
      ClientErrorCode.TasksUnavailable,
      'tasks need a v2 SDK client connected on protocol revision 2026-07-28 (the Tasks extension does not exist before)',
    );
  }
  return requests;
}

/** Options of a call that may become a task (Tasks extension, `io.modelcontextprotocol/tasks`). */
export interface TaskOptions {
  /**
   * Declare the Tasks extension on this call (T-23), so a long-running tool may answer with a task the host
   * then follows. Default true; it takes effect on 2026-07-28 with the v2 SDK only.
   */
  tasks?: boolean;
  /**
   * Hears the task's id, status and status message (sanitized) on its handle and on every poll: keep
   * `taskId` to resume it after a restart with `resumeTask`. Also the host's `task` event.
   */
  onTaskStatus?: (status: TaskStatusReport) => void;
  /** `tasks/get` polls before a `PeerError` `task-poll-limit` (the task is left running). Default 10,000. */
  maxTaskPolls?: number;
  /** Hears that the answers to the task's questions reached the server (`tasks/update` acknowledged). */
  onTaskAnswered?: (taskId: string) => void;
}

/**
 * Follows a task on `host` to its result (T-24, T-25): its questions through the same pipeline as every
 * other request, its status to the host's `task` event and `onTaskStatus`. Stops when the connection closes,
 * leaving the task to be resumed by id.
 */
export async function followTask(
  host: InstalledHost,
  start: { handle: unknown } | { taskId: string },
  options: TaskOptions = {},
  /** Aborting it cancels the task (`tasks/cancel`); the connection closing does not. */
  cancelOn?: AbortSignal,
): Promise<Record<string, unknown>> {
  const { parts, seam } = host;
  const maxTaskPolls = integerOption('maxTaskPolls', options.maxTaskPolls ?? DEFAULT_MAX_TASK_POLLS, {
    min: 1,
  });
  // Fetched with the first task: a page that never meets one does not load the follower (web budget).
  const { driveTask } = await import('./tasks/task-driver.js');
  const closed = seam.closeSignal();
  const signal = cancelOn ? AbortSignal.any([cancelOn, closed.signal]) : closed.signal;
  let taskId = 'taskId' in start ? start.taskId : undefined;
  const report = (status: TaskStatusReport) => {
    taskId = status.taskId;
    parts.events.emit('task', status);
    try {
      options.onTaskStatus?.(status);
    } catch (error) {
      seam.reportError(error instanceof Error ? error : new Error(String(error)));
    }
  };
  try {
    return await driveTask(
      {
        answer: inputAnswerFor(host),
        concurrent: parts.surface.ui.concurrent === true,
        requests: taskRequestsOf(host),
        clock: parts.clock,
        report,
        updated: () => {
          try {
            if (taskId !== undefined) options.onTaskAnswered?.(taskId);
          } catch (error) {
            seam.reportError(error instanceof Error ? error : new Error(String(error)));
          }
        },
      },
      start,
      { maxTaskPolls, maxInputRequests: MAX_INPUT_REQUESTS_PER_ROUND },
      signal,
      cancelOn,
    );
  } finally {
    closed.dispose();
  }
}

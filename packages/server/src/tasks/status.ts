import { sanitizeForDisplay } from '@elicitkit/core';
import { scopeOf } from '../delivery/scope.js';
import type { HandlerContext } from '../sdk/seam.js';
import { taskScopeOf } from './scope.js';

/** How far along a handler is: `progress` of `total` (both in the handler's own unit). */
export interface StatusProgress {
  progress: number;
  total?: number;
}

const MAX_STATUS_CHARS = 500;
const counters = new WeakMap<object, number>();

/**
 * Tells the client what the handler is doing, one call for every path:
 *
 * ```ts
 * await reportStatus(ctx, 'Collecting rows', { progress: 1, total: 3 });
 * ```
 *
 * In a task it becomes the task's `statusMessage` (T-21: tasks carry no progress notifications), seen on the next
 * `tasks/get`. Elsewhere, when the request asked for progress (a `progressToken`), it goes out as
 * `notifications/progress` with the message; otherwise nothing is sent. Never throws for a client gone away.
 */
export async function reportStatus(
  ctx: HandlerContext,
  message: string,
  progress?: StatusProgress,
): Promise<void> {
  const text = sanitizeForDisplay(String(message), { maxLength: MAX_STATUS_CHARS });
  const running = taskScopeOf(ctx)?.running;
  if (running) {
    const suffix =
      progress === undefined
        ? ''
        : ` (${progress.progress}${progress.total === undefined ? '' : `/${progress.total}`})`;
    await running.write((record) => ({ ...record, statusMessage: `${text}${suffix}` })).catch(() => false);
    return;
  }
  // Through the SDK seam, so v1 and v2 servers alike.
  const call = scopeOf(ctx).call;
  const token = call.progressToken;
  if (token === undefined) return;
  // Progress must increase on every notification: without a figure, count the calls.
  const count = (counters.get(call) ?? 0) + 1;
  counters.set(call, count);
  await call
    .notify('notifications/progress', {
      progressToken: token,
      progress: progress?.progress ?? count,
      ...(progress?.total !== undefined && { total: progress.total }),
      message: text,
    })
    .catch(() => {});
}

import { isJsonObject } from '@elicitkit/core';

/** The extension's identifier, as declared under `extensions` in a request's client capabilities (T-23). */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

/** Whether `value` is a task handle (`CreateTaskResult`, T-06). */
export function isTaskHandle(value: unknown): boolean {
  return isJsonObject(value) && value.resultType === 'task';
}

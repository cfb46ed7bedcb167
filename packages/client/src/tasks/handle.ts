import { isJsonObject } from '@elicitkit/core';

export { TASKS_EXTENSION } from '@elicitkit/core';

/** Whether `value` is a task handle (`CreateTaskResult`, T-06). */
export function isTaskHandle(value: unknown): boolean {
  return isJsonObject(value) && value.resultType === 'task';
}

/**
 * @elicitkit/server/tasks: the engine behind long-running tools (the Tasks extension, `io.modelcontextprotocol/tasks`)
 * and where its records live. `createTasks({ store })` once per process, passed to every server's
 * `enableElicitation(server, { tasks })`; `MemoryTaskStore` for one process, `SqliteTaskStore` (`/sqlite`) and
 * `RedisTaskStore` (`/redis`) to survive restarts and share tasks between instances; `TaskStore` to write your own.
 * Tool code needs none of this: `longRunning` and `reportStatus` come from the root entry.
 *
 * @module @elicitkit/server/tasks
 */
export {
  createTasks,
  DEFAULT_MAX_TASK_ANSWER_BYTES,
  DEFAULT_MAX_TASK_POLLS_PER_INTERVAL,
  DEFAULT_MAX_TASK_RECORD_BYTES,
  DEFAULT_MAX_TASK_ROUNDS,
  DEFAULT_MAX_TASK_UPDATES_PER_MINUTE,
  DEFAULT_MAX_TASKS_PER_PRINCIPAL,
  DEFAULT_TASK_LEASE_MS,
  DEFAULT_TASK_POLL_INTERVAL_MS,
  DEFAULT_TASK_TTL_MS,
  Tasks,
  type TasksOptions,
} from './engine.js';
export type { StoredTask, TaskError, TaskRecord, TaskStatus } from './record.js';
export { MemoryTaskStore, type TaskStore } from './store.js';

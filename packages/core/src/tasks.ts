/**
 * The Tasks extension's identifier (`spec/ext-tasks/tasks.md`): what a client declares under `extensions` in a
 * request's client capabilities to receive tasks (T-23), and what a server names in `-32021` data. One home for
 * both sides.
 */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

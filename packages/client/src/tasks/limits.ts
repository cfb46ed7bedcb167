/** Default `maxTaskPolls`: at the server's 1 s default and the back-off, a day or more of waiting. */
export const DEFAULT_MAX_TASK_POLLS = 10_000;
/** Poll interval when the server suggests none (T-24). */
export const DEFAULT_TASK_POLL_INTERVAL_MS = 1_000;
/** Floor of the poll interval: a server asking for 0 ms cannot make the host spin. */
export const MIN_TASK_POLL_INTERVAL_MS = 100;
/** Ceiling of the poll interval and of its back-off: a server asking for a day cannot stall the host. */
export const MAX_TASK_POLL_INTERVAL_MS = 60_000;

/**
 * @elicitkit/client: the host side of MCP elicitation. `installElicitation` declares the capability and guards
 * every request (validation, consent, URL safety, rate limits) on a v2 or v1 SDK client;
 * `callToolWithElicitation` and `requestWithElicitation` drive the -32042 retries and 2026-07-28 rounds;
 * `createElicitationHandler` is the same pipeline as a plain function for other MCP clients; `ElicitationUI`
 * is the contract a UI implements. Browser-safe: the system-browser opener is `@elicitkit/client/node`; test
 * helpers are `@elicitkit/client/testing`.
 *
 * @module @elicitkit/client
 */

export type { Clock } from '@elicitkit/core';
export {
  AbortedError,
  ElicitkitError,
  isElicitkitError,
  PeerError,
  RefusedError,
  UsageError,
} from '@elicitkit/core';
export {
  type CallCheckpoint,
  callToolWithElicitation,
  DEFAULT_CALL_TIMEOUT_MS,
  DEFAULT_MAX_RETRIES,
  requestWithElicitation,
  resumeToolCall,
  type UrlElicitationRetryOptions,
} from './calls.js';
export {
  ClientErrorCode,
  type ClientErrorDetails,
  type InputRequestDetails,
  type InputRequestIssue,
  promptUnanswerable,
  type RetryDetails,
  type TaskDetails,
} from './errors.js';
export {
  createElicitationHandler,
  type ElicitAnswer,
  type ElicitationHandler,
  type ElicitationHandlerOptions,
  type ElicitationRequestContext,
  type ServerIdentity,
} from './handler.js';
export type { ElicitationHostEvents, ElicitationHostEventType } from './host/events.js';
export { DEFAULT_MAX_INVALID_SUBMISSIONS, type InstallElicitationOptions } from './host-parts.js';
export { type ElicitationHost, installElicitation } from './install.js';
export type { TaskOptions } from './installed.js';
export type { UrlOpener } from './open/opener.js';
export { ALL_MODES, type ElicitationMode, elicitationCapabilities } from './pipeline/modes.js';
export { PromptQueue } from './policy/prompt-queue.js';
export { DEFAULT_RATE_LIMIT, type RateLimitOptions } from './policy/rate-limiter.js';
export {
  DEFAULT_MAX_PROMPT_ROUNDS,
  DEFAULT_MAX_WAIT_ROUNDS,
  type RoundLimits,
} from './rounds/limits.js';
export type { RetryRound } from './rounds/round-driver.js';
export type { V1Client } from './sdk/client-v1.js';
export { TASKS_EXTENSION } from './tasks/handle.js';
export {
  DEFAULT_MAX_TASK_POLLS,
  MAX_TASK_POLL_INTERVAL_MS,
  MIN_TASK_POLL_INTERVAL_MS,
} from './tasks/limits.js';
export type { TaskSnapshot } from './tasks/task-driver.js';
export { cancelTask, getTask, resumeTask } from './tasks.js';
export type * from './ui.js';

/**
 * @elicitkit/client: the host side of MCP elicitation. `installElicitation` declares the capability and guards
 * every request (validation, consent, URL safety, rate limits); `callToolWithElicitation` and
 * `requestWithElicitation` drive the -32042 retries and 2026-07-28 rounds; `ElicitationUI` is the contract a UI
 * implements. Test helpers are `@elicitkit/client/testing`.
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
  ClientErrorCode,
  type ClientErrorDetails,
  type InputRequestDetails,
  type InputRequestIssue,
  type RetryDetails,
} from './errors.js';
export type { ElicitationHostEvents, ElicitationHostEventType } from './host/events.js';
export { type ElicitationHost, type InstallElicitationOptions, installElicitation } from './install.js';
export { systemBrowserOpener, type UrlOpener } from './open/opener.js';
export { ALL_MODES, type ElicitationMode, elicitationCapabilities } from './pipeline/modes.js';
export { PromptQueue } from './policy/prompt-queue.js';
export { DEFAULT_RATE_LIMIT, type RateLimitOptions } from './policy/rate-limiter.js';
export {
  callToolWithElicitation,
  DEFAULT_MAX_PROMPT_ROUNDS,
  DEFAULT_MAX_RETRIES,
  DEFAULT_MAX_WAIT_ROUNDS,
  type RetryRound,
  requestWithElicitation,
  type UrlElicitationRetryOptions,
} from './retry/with-url-elicitation.js';
export type * from './ui.js';

/**
 * @elicitkit/server: typed MCP elicitation for server authors, on the official SDK, v2 or v1.
 * Form mode: `elicitForm` and the shorthands, field builders, safe defaults (E-01, E-09, E-47, E-60).
 * Web-standard APIs only: this entry loads neither hono, jose, openid-client nor any `node:` module, so forms run on
 * edge runtimes. URL mode is `@elicitkit/server/url` (flows and their pages), with `/store` (the store contract and
 * the memory store), `/vault` and `/login`; OAuth `/oauth`; HTTP hosting on Node `/http`; durable stores `/sqlite` and
 * `/redis`.
 *
 * @module @elicitkit/server
 */

export {
  AbortedError,
  type Clock,
  ElicitkitError,
  isElicitkitError,
  PeerError,
  RefusedError,
  systemClock,
  UsageError,
} from '@elicitkit/core';
export {
  assertCanElicit,
  canElicit,
  type ElicitationAvailability,
  type ElicitationMode,
  elicitationAvailability,
} from './delivery/capabilities.js';
export { deliverForm } from './delivery/deliver.js';
export { type ElicitationOptions, enableElicitation } from './delivery/enable.js';
export type {
  FallbackCall,
  FallbackOutcome,
  FallbackPolicy,
  FallbackReason,
  FormFallback,
} from './delivery/fallback-types.js';
export { DEFAULT_ELICITATION_TIMEOUT_MS, type DeliveryOptions } from './delivery/form-2025.js';
export { type HostInfo, hostOf } from './delivery/host-info.js';
export { keepCallAlive } from './delivery/keep-alive.js';
export { DEFAULT_MAX_ANSWER_ATTEMPTS } from './delivery/reask.js';
export {
  MAX_RELAYED_RESULT_BYTES,
  type RelayedRequest,
  relayInputRequest,
} from './delivery/relay-request.js';
export {
  completeRelayedUrl,
  type RelayedUrl,
  type RelayedUrlAnswer,
  relayUrlElicitation,
} from './delivery/relay-url.js';
export { isAskKey } from './delivery/round.js';
export { DEFAULT_MAX_ROUNDS, DEFAULT_MAX_STATE_BYTES, DEFAULT_STATE_TTL_MS } from './delivery/rounds.js';
export { type ProtocolEra, protocolEraOf } from './delivery/scope.js';
export { memoryOnceGuard, type OnceGuard, type StepOptions, step } from './delivery/step.js';
export { type ElicitFormOptions, elicitForm } from './elicit-form.js';
export {
  type AbortReason,
  type AnswerIssue,
  type SensitiveFieldFinding,
  ServerErrorCode,
  type ServerErrorDetails,
  type StateRejection,
} from './errors.js';
export {
  boolean,
  type Choices,
  type ChoiceValue,
  choice,
  date,
  dateTime,
  email,
  type Field,
  integer,
  type MultiChoiceOptions,
  multiChoice,
  type NumberOptions,
  number,
  type Presence,
  type TextOptions,
  text,
  uri,
} from './form/fields.js';
export {
  createFormRequest,
  type ElicitResultLike,
  type FormRequest,
  type FormRequestInput,
} from './form/form-request.js';
export type {
  FieldShape,
  FormData,
  FormResult,
  FormSchema,
  RawOption,
  RawProperty,
  RawRequestedSchema,
  StandardFormSchema,
} from './form/infer.js';
export { type FormRequestFindings, inspectFormRequest } from './form/inspect.js';
export type { LinkFinding } from './form/links.js';
export { ANONYMOUS, principalOf } from './principal.js';
export type { AnyMcpServer } from './sdk/adapt.js';
export { DEFAULT_PROGRESS_INTERVAL_MS } from './sdk/progress.js';
export type { HandlerContext, V1HandlerExtra } from './sdk/seam.js';
export type { V1McpServer, V1Server } from './sdk/v1.js';
export { ask, type ChooseOptions, type ConfirmResult, choose, confirm } from './shorthands.js';
export {
  generateStateKey,
  STATE_KEY_ENV,
  STATE_PREVIOUS_KEYS_ENV,
  type StateKeyInput,
} from './state/state-keys.js';
export {
  type LongRunningOptions,
  longRunning,
  startTask,
  taskCancelSignal,
} from './tasks/long-running.js';
export { TASKS_EXTENSION } from './tasks/record.js';
export { reportStatus, type StatusProgress } from './tasks/status.js';

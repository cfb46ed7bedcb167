/**
 * @elicitkit/server: typed MCP elicitation for server authors, on the official SDK v2.
 * Form mode: `elicitForm` and the shorthands, field builders, safe defaults (E-01, E-09, E-47, E-60).
 */

export {
  assertCanElicit,
  canElicit,
  type ElicitationAvailability,
  type ElicitationMode,
  elicitationAvailability,
} from './delivery/capabilities.js';
export { DEFAULT_ELICITATION_TIMEOUT_MS, type DeliveryOptions, deliverForm } from './delivery/form-2025.js';
export { type ElicitFormOptions, elicitForm } from './elicit-form.js';
export {
  type AbortReason,
  type AnswerIssue,
  ElicitationAbortedError,
  ElicitationFailedError,
  ElicitationTimeoutError,
  ElicitationUnsupportedError,
  InvalidAnswerError,
  InvalidOptionError,
  InvalidSchemaError,
  SensitiveFieldError,
  type SensitiveFieldFinding,
  type ServerErrorCode,
  UnsupportedProtocolEraError,
} from './errors.js';
export {
  boolean,
  type ChoiceValue,
  type ChoiceValues,
  choice,
  date,
  dateTime,
  email,
  Field,
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
  FormOutcome,
  FormSchema,
  RawProperty,
  RawRequestedSchema,
  StandardFormSchema,
} from './form/infer.js';
export { DEFAULT_MCP_MAX_BODY_BYTES } from './http/body-limit.js';
export {
  DEFAULT_MAX_SESSIONS,
  DEFAULT_MAX_SESSIONS_PER_PRINCIPAL,
  DEFAULT_SESSION_IDLE_TIMEOUT_MS,
  type McpSessionLimits,
} from './http/session-pool.js';
export {
  createMcpHttpHandler,
  type McpHttpHandler,
  type McpHttpOptions,
  type McpSessionContext,
  type ServedMcpHttp,
  type ServeMcpHttpOptions,
  serveMcpHttp,
} from './http/streamable-http.js';
export * from './oauth/index.js';
export { ask, type ChooseOptions, type ConfirmOutcome, choose, confirm } from './shorthands.js';
export * from './url/index.js';

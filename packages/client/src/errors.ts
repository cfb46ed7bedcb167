import { CoreErrorCode, type Issue, PeerError } from '@elicitkit/core';

/**
 * The codes `@elicitkit/client` throws to the host application. Each code is thrown as one class, by who is at
 * fault (see `ElicitkitError` in `@elicitkit/core`): the host's wiring ({@link UsageError}), the server
 * ({@link PeerError}), the person ({@link RefusedError}). Branch on `code`, never on `message`.
 * (Errors sent to a server travel as JSON-RPC errors instead: see `era/request-2025.ts`.)
 */
export const ClientErrorCode = {
  /** UsageError. An option is out of range, e.g. an empty or unknown `modes` list (E-08); `details.option`. */
  InvalidOption: 'invalid-option',
  /** UsageError. `installElicitation` after `connect`: capabilities can no longer be declared (E-07). */
  AlreadyConnected: 'already-connected',
  /** UsageError. `installElicitation` twice on one client. */
  AlreadyInstalled: 'already-installed',
  /** UsageError. A retry driver on a client without `installElicitation`. */
  NotInstalled: 'not-installed',
  /** UsageError. Not a client of a supported SDK, or a `@modelcontextprotocol/client` that lacks what 2026-07-28 rounds need. */
  UnsupportedSdk: 'unsupported-sdk',
  /** UsageError. The client comes from another copy of `@modelcontextprotocol/client` than elicitkit loads; `details.paths` names both. */
  DuplicateSdk: CoreErrorCode.DuplicateSdk,
  /** PeerError. -32042 without a non-empty `data.elicitations` list of URL-mode requests with ids. */
  InvalidUrlRequiredData: 'invalid-url-required-data',
  /** PeerError. A URL failed `analyzeUrl`; it was never shown or opened (E-49). */
  UrlBlocked: 'url-blocked',
  /** PeerError. The server sent -32042 but this host did not declare URL mode, so it runs no URL flow (E-09). */
  UrlModeNotDeclared: 'url-mode-not-declared',
  /** PeerError. 2026: an input request failed the pipeline's gates (undeclared mode, bad schema…). */
  InvalidInputRequest: 'invalid-input-request',
  /** PeerError. An `elicitation/create` handed to `createElicitationHandler` failed the pipeline's gates (2025-11-25). */
  InvalidRequest: 'invalid-request',
  /** PeerError. 2026: an input request this host does not serve (sampling, roots, unknown). */
  UnsupportedInputRequest: 'unsupported-input-request',
  /** PeerError. 2026: an `InputRequiredResult` of the wrong shape (M-02, M-03). */
  InvalidInputRequiredResult: 'invalid-input-required-result',
  /** PeerError. The server kept answering -32042 after `maxRetries` retries; `cause` is its last error. */
  RetryLimit: 'retry-limit',
  /** PeerError. The server asked again for a completed elicitation, or (2026) repeated a round unchanged. */
  RetryLoop: 'retry-loop',
  /** PeerError. 2026: the server still required input after `maxPromptRounds` rounds. */
  RoundLimit: 'round-limit',
  /** PeerError. 2026: the server held the retry of a consented URL flow more than `maxWaitRounds` times. */
  WaitLimit: 'wait-limit',
  /** UsageError. Tasks need the v2 SDK on a 2026-07-28 connection (the extension does not exist before). */
  TasksUnavailable: 'tasks-unavailable',
  /** PeerError. A task handle or `tasks/get` result of the wrong shape (Tasks extension); `details.taskId` when known. */
  InvalidTask: 'invalid-task',
  /** PeerError. The task ended `failed` (T-16); `details.errorCode` is the JSON-RPC error's code. */
  TaskFailed: 'task-failed',
  /** PeerError. The server cancelled the task (not this host). */
  TaskCancelled: 'task-cancelled',
  /** PeerError. The task was still running after `maxTaskPolls` polls; it is left running (resume it by id). */
  TaskPollLimit: 'task-poll-limit',
  /**
   * PeerError. Thrown by a UI that cannot put a prompt to anyone (a bridge whose host cannot be asked it, a form its
   * host's revision cannot show): the request fails with this message (2025: -32602; 2026: the call fails) and nobody is
   * said to have declined or cancelled. `details.reason` is why, as a code (`mode-not-declared`, `sensitive-field`…).
   */
  PromptUnanswerable: 'prompt-unanswerable',
  /** UsageError. The relay's SQLite file is open in another process: SQLite serves one at a time (Redis serves several). */
  RelayStoreInUse: 'relay-store-in-use',
  /** PeerError. Signing in to a server failed: its authorization server erred, lied (issuer, state) or was unreachable; `details.reason`. */
  SignInFailed: 'sign-in-failed',
  /** RefusedError. The person refused the sign-in at the authorization server (`access_denied`). */
  SignInRefused: 'sign-in-refused',
  /** AbortedError. Nobody came back from the sign-in page in time (`timeoutMs`). */
  SignInTimeout: 'sign-in-timeout',
  /** UsageError. The token store is readable by others (a file not mode 0600); `details.file`; nothing was read. */
  TokenStoreUnsafe: 'token-store-unsafe',
  /** RefusedError. The user declined to open a URL (E-04). */
  ConsentDeclined: 'consent-declined',
  /** RefusedError. The user dismissed the consent prompt (E-42). */
  ConsentCancelled: 'consent-cancelled',
  /** RefusedError. The user gave up waiting for the out-of-band flow (E-22). */
  WaitCancelled: 'wait-cancelled',
} as const;
export type ClientErrorCode = (typeof ClientErrorCode)[keyof typeof ClientErrorCode];

/** A schema finding on a rejected input request (the same data core reports). */
export type InputRequestIssue = Issue;

/** Where a rejected 2026-07-28 input request came from. */
export interface InputRequestDetails {
  /** The offending input request's key, when one was at fault. */
  inputRequestKey?: string;
  /** Schema findings, for `invalid-input-request` with a bad `requestedSchema`. */
  issues?: readonly InputRequestIssue[];
}

/** The flows a retry loop gave up on: `elicitationId`s on 2025-11-25, input-request keys on 2026-07-28. */
export interface RetryDetails {
  elicitationIds: readonly string[];
}

/** The task an error is about (Tasks extension), when its id was readable. */
export interface TaskDetails {
  taskId?: string;
}

/** `details` of each {@link ClientErrorCode}. */
export interface ClientErrorDetails {
  'invalid-option': { option: string };
  'already-connected': Record<never, never>;
  'already-installed': Record<never, never>;
  'not-installed': Record<never, never>;
  'unsupported-sdk': Record<never, never>;
  /** `package`: the SDK package loaded twice; `paths`: the client's copy, then elicitkit's. */
  'duplicate-sdk': { package: string; paths: readonly string[] };
  'invalid-url-required-data': Record<never, never>;
  /** `inputRequestKey` on 2026-07-28 (an input request), nothing more on 2025-11-25 (a -32042 list). */
  'url-blocked': InputRequestDetails;
  'url-mode-not-declared': Record<never, never>;
  'invalid-input-request': InputRequestDetails;
  'invalid-request': InputRequestDetails;
  'unsupported-input-request': InputRequestDetails;
  'invalid-input-required-result': InputRequestDetails;
  'retry-limit': RetryDetails;
  'retry-loop': RetryDetails;
  'round-limit': RetryDetails;
  'wait-limit': RetryDetails;
  'tasks-unavailable': Record<never, never>;
  'invalid-task': TaskDetails;
  'task-failed': TaskDetails & { errorCode?: number };
  'task-cancelled': TaskDetails;
  'task-poll-limit': TaskDetails;
  /** `reason`: why nobody could be asked, as a code. */
  'prompt-unanswerable': { reason: string };
  /** `file`: the database file another process holds. */
  'relay-store-in-use': { file: string };
  /** `server`: the MCP server signed in to; `reason`: what went wrong, as a code. */
  'sign-in-failed': { server: string; reason: string };
  'sign-in-refused': { server: string };
  'sign-in-timeout': { server: string };
  /** `file`: the token file with loose permissions. */
  'token-store-unsafe': { file: string };
  /** `elicitationId`: the elicitation the user refused, when one was being asked about. */
  'consent-declined': { elicitationId?: string };
  'consent-cancelled': { elicitationId?: string };
  'wait-cancelled': { elicitationId?: string };
}

declare module '@elicitkit/core' {
  interface ElicitkitErrorDetailsMap extends ClientErrorDetails {}
}

/**
 * What a UI throws from `form` or `url` when it cannot put the prompt to anyone (see
 * `ClientErrorCode.PromptUnanswerable`): the request fails with `message`, never an answer nobody gave.
 *
 * ```ts
 * throw promptUnanswerable('the host declared no form mode', 'mode-not-declared');
 * ```
 */
export function promptUnanswerable(
  message: string,
  reason: string,
): PeerError<'prompt-unanswerable', { reason: string }> {
  return new PeerError(ClientErrorCode.PromptUnanswerable, message, { details: { reason } });
}

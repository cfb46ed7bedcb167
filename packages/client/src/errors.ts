import { ElicitkitError, type Issue } from '@elicitkit/core';

/**
 * Errors `@elicitkit/client` throws to the host application. Branch on `code`, never on `message`.
 * (Errors sent to a server travel as JSON-RPC errors instead: see `pipeline/invalid-params.ts`.)
 */

/** Why an {@link ElicitationSetupError} was thrown. */
export type ElicitationSetupErrorCode =
  | 'invalid-options' // an option is out of range, e.g. an empty or unknown `modes` list (E-08)
  | 'already-connected' // `installElicitation` after `connect`: capabilities can no longer be declared (E-07)
  | 'already-installed' // `installElicitation` twice on one client
  | 'not-installed' // `callToolWithElicitation` on a client without `installElicitation`
  | 'unsupported-sdk'; // the installed @modelcontextprotocol/client lacks what 2026-07-28 input requests need

/** The host wired elicitkit up wrongly. A programming error, not something a server can cause. */
export class ElicitationSetupError extends ElicitkitError {
  declare readonly code: ElicitationSetupErrorCode;

  constructor(code: ElicitationSetupErrorCode, message: string) {
    super(code, message);
  }
}

/** Why a {@link UrlElicitationRequiredDataError} was thrown. */
export type UrlElicitationRequiredErrorCode =
  | 'invalid-url-required-data' // -32042 without a non-empty `data.elicitations` list of URL-mode requests with ids
  | 'url-blocked' // a listed URL failed `analyzeUrl`; it was never shown (E-49)
  | 'url-mode-not-declared'; // the host did not declare URL mode, so it will not run URL flows (E-09)

/** A server answered -32042 (`URLElicitationRequiredError`) with something the retry loop refuses to act on. */
export class UrlElicitationRequiredDataError extends ElicitkitError {
  declare readonly code: UrlElicitationRequiredErrorCode;

  constructor(code: UrlElicitationRequiredErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
  }
}

/** How the user refused, in a {@link UrlElicitationRefusedError}. */
export type UrlElicitationRefusedCode =
  | 'consent-declined' // the user declined to open a URL (E-04)
  | 'consent-cancelled' // the user dismissed the consent prompt (E-42)
  | 'wait-cancelled'; // the user gave up waiting for the out-of-band flow (E-22)

/** The user said no to a URL flow that a call needed. The original call was not retried. */
export class UrlElicitationRefusedError extends ElicitkitError {
  declare readonly code: UrlElicitationRefusedCode;
  /** The elicitation the user refused, when one was being asked about. */
  readonly elicitationId: string | undefined;

  constructor(code: UrlElicitationRefusedCode, message: string, elicitationId?: string) {
    super(code, message);
    this.elicitationId = elicitationId;
  }
}

/** Which limit or loop ended an {@link ElicitationRetryError}. */
export type ElicitationRetryErrorCode =
  | 'retry-limit' // the server kept answering -32042 after `maxRetries` retries
  | 'retry-loop' // the server asked again for an elicitation that had already completed, or (2026) repeated a round unchanged
  | 'round-limit' // 2026: the server still required input after `maxPromptRounds` rounds
  | 'wait-limit'; // 2026: the server held or shed the retry of a consented URL flow more than `maxWaitRounds` times

/**
 * A retry loop gave up: the -32042 loop (2025; the server's last error is the `cause`) or the
 * multi round-trip loop (2026; the last `InputRequiredResult` is the `cause`).
 */
export class ElicitationRetryError extends ElicitkitError {
  declare readonly code: ElicitationRetryErrorCode;
  /** The flows concerned: `elicitationId`s on 2025, input-request keys on 2026. */
  readonly elicitationIds: readonly string[];

  constructor(
    code: ElicitationRetryErrorCode,
    message: string,
    elicitationIds: readonly string[],
    cause: unknown,
  ) {
    super(code, message, { cause });
    this.elicitationIds = elicitationIds;
  }
}

/** Why an {@link InputRequestRejectedError} was thrown. */
export type InputRequestRejectedCode =
  | 'invalid-input-request' // an input request failed the pipeline's gates (undeclared mode, bad schema, …)
  | 'url-blocked' // a URL input request failed `analyzeUrl`; it was never shown or opened (E-49)
  | 'unsupported-input-request' // an input request this host does not serve (sampling, roots, unknown)
  | 'invalid-input-required-result'; // an `InputRequiredResult` of the wrong shape (M-02, M-03)

/**
 * 2026-07-28: a server's `InputRequiredResult` asked for something the host refuses to act on. Nothing was
 * shown or opened, and the call was not retried: there is no way to answer one input request with an
 * error, and guessing an answer would mislead the server.
 */
export class InputRequestRejectedError extends ElicitkitError {
  declare readonly code: InputRequestRejectedCode;
  /** The offending input request's key, when one was at fault. */
  readonly inputRequestKey: string | undefined;
  /** Schema findings, for `invalid-input-request` with a bad `requestedSchema`. */
  readonly issues: readonly Issue[] | undefined;

  constructor(
    code: InputRequestRejectedCode,
    message: string,
    details: {
      inputRequestKey?: string;
      issues?: readonly Issue[];
    } = {},
  ) {
    super(code, message);
    this.inputRequestKey = details.inputRequestKey;
    this.issues = details.issues;
  }
}

import type { ContentIssue, ElicitationMode, Issue, SchemaIssue } from '@elicitkit/core';
import { AbortedError, CoreErrorCode, formatIssuePath, PeerError, UsageError } from '@elicitkit/core';

/**
 * The codes `@elicitkit/server` throws from its root entry (forms, shorthands, `step`, `enableElicitation`). Each code
 * is thrown as one class, by who is at fault (see `ElicitkitError` in `@elicitkit/core` for the rule): the author's
 * mistakes ({@link UsageError}) are thrown before anything is sent; the client's ({@link PeerError}) and stops
 * ({@link AbortedError}) after. Branch on `code` (stable), never on `message` (for people).
 */
export const ServerErrorCode = {
  /** UsageError. The requested schema breaks the spec's subset or a limit; nothing was sent. */
  InvalidSchema: 'invalid-schema',
  /** UsageError. An option is out of range or of the wrong type; `details.option` names it. */
  InvalidOption: 'invalid-option',
  /** UsageError. E-01/E-02: the form asks for a secret; `details.findings` says where. Nothing was sent. */
  SensitiveField: 'sensitive-field',
  /** UsageError. `enableElicitation(server)` was not called on the server running this handler. */
  ElicitationNotEnabled: 'elicitation-not-enabled',
  /**
   * UsageError. `enableElicitation` was given something it cannot work on: not an MCP server of a supported SDK, a
   * server whose handlers are already installed, or a v1 SDK version without what elicitkit needs; `details.problem`.
   */
  UnsupportedServer: 'unsupported-server',
  /**
   * UsageError. Two copies of `@modelcontextprotocol/server` are loaded: the server comes from another copy than
   * the one elicitkit imports, so nothing it does would reach that server; `details.paths` names both.
   */
  DuplicateSdk: CoreErrorCode.DuplicateSdk,
  /**
   * PeerError. E-09, F-03: the client cannot be asked this: it did not declare the elicitation mode, or its protocol
   * revision cannot carry it (`details.revision`: no elicitation before 2025-06-18; no URL mode and no multi-select
   * on 2025-06-18, `details.field`). Nothing was sent; `details.hint` says how to fall back.
   */
  ModeNotDeclared: 'mode-not-declared',
  /**
   * PeerError. This connection cannot carry a server-to-client request: a 2025-11-25 client served statelessly
   * (one fresh server per POST). Serve 2025-11-25 clients on sessions, or fall back as for `mode-not-declared`.
   */
  NoBackChannel: 'no-back-channel',
  /** PeerError. E-60: the client accepted with content that does not fit the schema; `details.issues`. */
  InvalidAnswer: 'invalid-answer',
  /** PeerError. The client answered with a JSON-RPC error or a malformed result; `cause` holds the SDK's error. */
  ElicitationFailed: 'elicitation-failed',
  /** PeerError. M-05/M-06: an echoed `requestState` failed verification; `details.reason` (for logs only). */
  RequestStateRejected: 'request-state-rejected',
  /** PeerError. M-07: a single-use `step` was asked to run again (an older `requestState` replayed). */
  StepReplayed: 'step-replayed',
  /** AbortedError. Nobody answered within `details.timeoutMs`; the request was cancelled on the client. */
  ElicitationTimeout: 'elicitation-timeout',
  /** AbortedError. The tool call was cancelled, the author's signal fired, or the client went away. */
  ElicitationAborted: 'elicitation-aborted',
} as const;
export type ServerErrorCode = (typeof ServerErrorCode)[keyof typeof ServerErrorCode];

/** Where a field looks like it asks for a secret, and why. */
export interface SensitiveFieldFinding {
  /** Property name in the requested schema. */
  field: string;
  /** Which text gave it away; `message` is reported on every field a secret could be typed into. */
  in: 'name' | 'title' | 'description' | 'message';
  /** The matched words, as found, e.g. `API key`. */
  match: string;
}

/** A finding about an answer: from core's check, or from the author's Standard Schema (`custom`). */
export type AnswerIssue = ContentIssue | Issue<'custom'>;

/** Why an elicitation stopped before an answer. */
export type AbortReason = 'tool-call-cancelled' | 'signal' | 'disconnected';

/** Why an echoed `requestState` was refused (reported to the server's `onError`, never to the client). */
export type StateRejection =
  | 'malformed'
  | 'too-large'
  | 'unknown-key'
  | 'tampered'
  | 'expired'
  | 'other-principal'
  | 'other-request';

/** `details` of each {@link ServerErrorCode}. */
export interface ServerErrorDetails {
  'invalid-schema': { issues: readonly SchemaIssue[] };
  'invalid-option': { option: string };
  'sensitive-field': { findings: readonly SensitiveFieldFinding[] };
  'elicitation-not-enabled': Record<never, never>;
  'unsupported-server': { problem: string };
  'duplicate-sdk': { package: string; paths: readonly string[] };
  'mode-not-declared': {
    mode: ElicitationMode;
    /** For the server's author: how to fall back (also logged once). */
    hint: string;
    /** Set when the client's protocol revision is what cannot carry it. */
    revision?: string;
    /** The field the revision cannot show (a multi-select on 2025-06-18). */
    field?: string;
  };
  'no-back-channel': { mode: ElicitationMode; hint: string };
  'invalid-answer': { issues: readonly AnswerIssue[] };
  'elicitation-failed': Record<never, never>;
  'request-state-rejected': { reason: StateRejection };
  'step-replayed': { step: string };
  'elicitation-timeout': { timeoutMs: number };
  'elicitation-aborted': { reason: AbortReason };
}

declare module '@elicitkit/core' {
  interface ElicitkitErrorDetailsMap extends ServerErrorDetails {}
}

/** An error of one server code, `details` typed by {@link ServerErrorDetails} (checks each factory below). */
type ServerError<Code extends ServerErrorCode> =
  | UsageError<Code, ServerErrorDetails[Code]>
  | PeerError<Code, ServerErrorDetails[Code]>
  | AbortedError<Code, ServerErrorDetails[Code]>;

export function invalidSchemaError(
  issues: readonly SchemaIssue[],
  options?: ErrorOptions,
): ServerError<'invalid-schema'> {
  return new UsageError(
    ServerErrorCode.InvalidSchema,
    `Invalid requested schema, nothing was sent: ${listIssues(issues)}`,
    { ...options, details: { issues } },
  );
}

export function invalidOptionError(option: string, problem: string): ServerError<'invalid-option'> {
  return new UsageError(ServerErrorCode.InvalidOption, `Invalid option ${option}: ${problem}.`, {
    details: { option },
  });
}

export function sensitiveFieldError(
  findings: readonly SensitiveFieldFinding[],
): ServerError<'sensitive-field'> {
  const where = findings.map((f) => `${f.field} (${f.in} says "${f.match}")`).join(', ');
  return new UsageError(
    ServerErrorCode.SensitiveField,
    `Form mode must not ask for secrets (MCP 2025-11-25, elicitation "User Interaction Model"): ${where}. ` +
      'Collect secrets through URL mode, on a page of your own server. If a field only looks like a secret, ' +
      "mark it with `.notSecret()` (builders) or list it in `notSecret: ['field']`.",
    { details: { findings } },
  );
}

export function elicitationNotEnabledError(): ServerError<'elicitation-not-enabled'> {
  return new UsageError(
    ServerErrorCode.ElicitationNotEnabled,
    'This handler runs on a server that elicitkit was not enabled on: call `enableElicitation(server, options)` ' +
      'once, right after creating the McpServer and before registering tools, prompts or resources.',
  );
}

/** Where the author can fall back, for `details.hint` and the log. */
const FALL_BACK =
  'Check `canElicit(ctx, mode)` first and fall back: take the value as a tool argument, or return a result that ' +
  'tells the user what is needed.';

/** What a person or agent reads: what the tool needed, in plain words. */
function needs(mode: ElicitationMode, field?: string): string {
  if (field !== undefined) return `This tool needs a form with a multiple-choice list ("${field}")`;
  return mode === 'url' ? 'This tool needs to send you to a web page' : 'This tool needs a form';
}

/**
 * E-09, F-03: catch it to fall back (take the value as a tool argument, or return a text asking the user). The message
 * is for whoever reads the tool's result; the author's hint is in `details.hint` (and logged by the caller).
 */
export function modeNotDeclaredError(
  mode: ElicitationMode,
  cannot?: { revision: string; field?: string },
): ServerError<'mode-not-declared'> {
  if (cannot) {
    const lacks =
      cannot.field !== undefined
        ? `multi-select fields ("${cannot.field}")`
        : mode === 'url'
          ? 'URL mode'
          : 'elicitation';
    const hint =
      `The client speaks protocol revision ${cannot.revision}, which has no ${lacks} (MCP 2025-06-18 elicitation; ` +
      `both parties MUST respect the negotiated protocol version), so nothing was sent. ${FALL_BACK}`;
    return new PeerError(
      ServerErrorCode.ModeNotDeclared,
      `${needs(mode, cannot.field)}, which this client's protocol version (${cannot.revision}) cannot show.`,
      {
        details: {
          mode,
          hint,
          revision: cannot.revision,
          ...(cannot.field !== undefined && { field: cannot.field }),
        },
      },
    );
  }
  const hint =
    `The client did not declare elicitation mode "${mode}", so no request was sent (MCP 2025-11-25, ` +
    `elicitation "Capabilities"). ${FALL_BACK}`;
  const cannotShow = mode === 'url' ? 'this client cannot open one' : 'this client cannot show one';
  return new PeerError(ServerErrorCode.ModeNotDeclared, `${needs(mode)}, and ${cannotShow}.`, {
    details: { mode, hint },
  });
}

/**
 * No server-to-client request can reach this client from here: typically a 2025-11-25 client served statelessly
 * (the SDK's `createMcpHandler` legacy fallback, one fresh instance per POST). `detail` says what was seen.
 */
export function noBackChannelError(
  mode: ElicitationMode,
  detail: string,
  options?: ErrorOptions,
): ServerError<'no-back-channel'> {
  const hint =
    `Elicitation cannot be delivered on this connection: ${detail}. This connection cannot carry a ` +
    'server-to-client request. Serve 2025-11-25 clients on sessions (serveMcpHttp or createMcpHttpHandler ' +
    'from @elicitkit/server/http, or stdio), or fall back as when the client did not declare elicitation; ' +
    '2026-07-28 clients need nothing more.';
  return new PeerError(
    ServerErrorCode.NoBackChannel,
    `${needs(mode)}, and this connection cannot carry the request to the client.`,
    { ...options, details: { mode, hint } },
  );
}

export function unsupportedServerError(problem: string): ServerError<'unsupported-server'> {
  return new UsageError(ServerErrorCode.UnsupportedServer, `enableElicitation: ${problem}`, {
    details: { problem },
  });
}

export function invalidAnswerError(issues: readonly AnswerIssue[]): ServerError<'invalid-answer'> {
  return new PeerError(
    ServerErrorCode.InvalidAnswer,
    `The client's answer does not fit the requested schema: ${listIssues(issues)}`,
    { details: { issues } },
  );
}

export function elicitationFailedError(
  message: string,
  options?: ErrorOptions,
): ServerError<'elicitation-failed'> {
  return new PeerError(ServerErrorCode.ElicitationFailed, `The elicitation failed: ${message}`, options);
}

/** Reaches the client as -32602 without the reason; the reason goes to `onError` only. */
export function requestStateRejectedError(reason: StateRejection): ServerError<'request-state-rejected'> {
  return new PeerError(ServerErrorCode.RequestStateRejected, `requestState rejected: ${reason}`, {
    details: { reason },
  });
}

export function stepReplayedError(step: string): ServerError<'step-replayed'> {
  return new PeerError(
    ServerErrorCode.StepReplayed,
    `Step "${step}" already ran for this flow; an earlier requestState was replayed.`,
    { details: { step } },
  );
}

export function elicitationTimeoutError(
  timeoutMs: number,
  options?: ErrorOptions,
): ServerError<'elicitation-timeout'> {
  return new AbortedError(
    ServerErrorCode.ElicitationTimeout,
    `No answer to the elicitation within ${timeoutMs} ms.`,
    {
      ...options,
      details: { timeoutMs },
    },
  );
}

export function elicitationAbortedError(
  reason: AbortReason,
  options?: ErrorOptions,
): ServerError<'elicitation-aborted'> {
  const why = {
    'tool-call-cancelled': 'the tool call was cancelled',
    signal: 'the signal passed to elicitForm fired',
    disconnected: 'the client disconnected',
  }[reason];
  return new AbortedError(
    ServerErrorCode.ElicitationAborted,
    `The elicitation stopped before an answer: ${why}.`,
    {
      ...options,
      details: { reason },
    },
  );
}

const SHOWN_ISSUES = 10;

function listIssues(issues: readonly Issue[]): string {
  const shown = issues
    .slice(0, SHOWN_ISSUES)
    .map((i) => `${formatIssuePath(i.path) || '(root)'}: ${i.message}`);
  const more = issues.length > SHOWN_ISSUES ? `; and ${issues.length - SHOWN_ISSUES} more` : '';
  return shown.join('; ') + more;
}

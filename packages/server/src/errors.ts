import type { ContentIssue, Issue, SchemaIssue } from '@elicitkit/core';
import { ElicitkitError, formatIssuePath } from '@elicitkit/core';

/**
 * Every error `@elicitkit/server` throws. Branch on `code` (stable), never on `message` (for people).
 * Errors that mean "the author's code is wrong" (a bad schema, a secret asked through a form) are thrown
 * before anything is sent; errors about the other side (no capability, invalid answer, timeout) are
 * thrown after.
 */
export type ServerErrorCode =
  | 'invalid-schema'
  | 'invalid-option'
  | 'sensitive-field'
  | 'elicitation-unsupported'
  | 'unsupported-protocol-era'
  | 'elicitation-not-enabled'
  | 'request-state-rejected'
  | 'step-replayed'
  | 'invalid-answer'
  | 'elicitation-timeout'
  | 'elicitation-aborted'
  | 'elicitation-failed';

/** The requested schema breaks the spec's subset or a limit; nothing was sent. */
export class InvalidSchemaError extends ElicitkitError {
  override readonly code = 'invalid-schema' as const;
  readonly issues: readonly SchemaIssue[];

  constructor(issues: readonly SchemaIssue[], options?: { cause?: unknown }) {
    super('invalid-schema', `Invalid requested schema, nothing was sent: ${listIssues(issues)}`, options);
    this.issues = issues;
  }
}

/** An option passed to an elicitkit function is out of range or of the wrong type. */
export class InvalidOptionError extends ElicitkitError {
  override readonly code = 'invalid-option' as const;
  readonly option: string;

  constructor(option: string, problem: string) {
    super('invalid-option', `Invalid option ${option}: ${problem}.`);
    this.option = option;
  }
}

/** Where a field looks like it asks for a secret, and why. */
export interface SensitiveFieldFinding {
  /** Property name in the requested schema. */
  field: string;
  /** Which text gave it away; `message` is reported on every field a secret could be typed into. */
  in: 'name' | 'title' | 'description' | 'message';
  /** The matched words, as found, e.g. `API key`. */
  match: string;
}

/** E-01/E-02: the form asks for a secret; such data must go through URL mode. Nothing was sent. */
export class SensitiveFieldError extends ElicitkitError {
  override readonly code = 'sensitive-field' as const;
  readonly findings: readonly SensitiveFieldFinding[];

  constructor(findings: readonly SensitiveFieldFinding[]) {
    const where = findings.map((f) => `${f.field} (${f.in} says "${f.match}")`).join(', ');
    super(
      'sensitive-field',
      `Form mode must not ask for secrets (MCP 2025-11-25, elicitation "User Interaction Model"): ${where}. ` +
        'Collect secrets through URL mode, on a page of your own server. If a field only looks like a secret, ' +
        "mark it with `.notSecret()` (builders) or list it in `notSecret: ['field']`.",
    );
    this.findings = findings;
  }
}

/**
 * E-09: the client did not declare the mode, so nothing was sent. Catch it to fall back (ask through the
 * tool's arguments, return a text asking the user, or refuse with an explanation).
 */
export class ElicitationUnsupportedError extends ElicitkitError {
  override readonly code = 'elicitation-unsupported' as const;
  readonly mode: 'form' | 'url';

  constructor(mode: 'form' | 'url') {
    super(
      'elicitation-unsupported',
      `The client did not declare elicitation mode "${mode}", so no request was sent (MCP 2025-11-25, ` +
        'elicitation "Capabilities"). Check `canElicit(ctx, mode)` first and fall back: take the value as a ' +
        'tool argument, or return a result that tells the user what is needed.',
    );
    this.mode = mode;
  }
}

/**
 * Elicitation cannot reach this client from here: the request was served where the server cannot talk back to the
 * client, typically a 2025-11-25 client served statelessly (the SDK's `createMcpHandler` legacy fallback, one
 * fresh instance per POST, which cannot send server-to-client requests). Serve 2025 clients on sessions
 * (`serveMcpHttp` / `createMcpHttpHandler`, stdio) or let them speak 2026-07-28.
 */
export class UnsupportedProtocolEraError extends ElicitkitError {
  override readonly code = 'unsupported-protocol-era' as const;

  constructor(detail: string, options?: { cause?: unknown }) {
    super(
      'unsupported-protocol-era',
      `Elicitation cannot be delivered on this connection: ${detail}. Serve 2025-11-25 clients on sessions ` +
        '(serveMcpHttp or createMcpHttpHandler from @elicitkit/server, or stdio); 2026-07-28 clients need nothing more.',
      options,
    );
  }
}

/**
 * The server was not set up for elicitation: `enableElicitation(server)` (one line, before registering tools)
 * gives elicitkit what it needs to read the client's capabilities on both eras and to run 2026-07-28 rounds.
 */
export class ElicitationNotEnabledError extends ElicitkitError {
  override readonly code = 'elicitation-not-enabled' as const;

  constructor() {
    super(
      'elicitation-not-enabled',
      'This handler runs on a server that elicitkit was not enabled on: call `enableElicitation(server, options)` ' +
        'once, right after creating the McpServer and before registering tools, prompts or resources.',
    );
  }
}

/** A finding about an answer: from core's check, or from the author's Standard Schema (`custom`). */
export type AnswerIssue = ContentIssue | Issue<'custom'>;

/** E-60: the client accepted with content that does not fit the requested schema. */
export class InvalidAnswerError extends ElicitkitError {
  override readonly code = 'invalid-answer' as const;
  readonly issues: readonly AnswerIssue[];

  constructor(issues: readonly AnswerIssue[]) {
    super('invalid-answer', `The client's answer does not fit the requested schema: ${listIssues(issues)}`);
    this.issues = issues;
  }
}

/** Nobody answered within `timeoutMs`. The request was cancelled on the client. */
export class ElicitationTimeoutError extends ElicitkitError {
  override readonly code = 'elicitation-timeout' as const;
  readonly timeoutMs: number;

  constructor(timeoutMs: number, options?: { cause?: unknown }) {
    super('elicitation-timeout', `No answer to the elicitation within ${timeoutMs} ms.`, options);
    this.timeoutMs = timeoutMs;
  }
}

/** Why an elicitation stopped before an answer. */
export type AbortReason = 'tool-call-cancelled' | 'signal' | 'disconnected';

/** The tool call was cancelled, the author's signal fired, or the client went away mid-form. */
export class ElicitationAbortedError extends ElicitkitError {
  override readonly code = 'elicitation-aborted' as const;
  readonly reason: AbortReason;

  constructor(reason: AbortReason, options?: { cause?: unknown }) {
    const why = {
      'tool-call-cancelled': 'the tool call was cancelled',
      signal: 'the signal passed to elicitForm fired',
      disconnected: 'the client disconnected',
    }[reason];
    super('elicitation-aborted', `The elicitation stopped before an answer: ${why}.`, options);
    this.reason = reason;
  }
}

/** The client answered with a JSON-RPC error or a malformed result; `cause` holds the SDK's error. */
export class ElicitationFailedError extends ElicitkitError {
  override readonly code = 'elicitation-failed' as const;

  constructor(message: string, options?: { cause?: unknown }) {
    super('elicitation-failed', `The elicitation failed: ${message}`, options);
  }
}

const SHOWN_ISSUES = 10;

function listIssues(issues: readonly Issue[]): string {
  const shown = issues
    .slice(0, SHOWN_ISSUES)
    .map((i) => `${formatIssuePath(i.path) || '(root)'}: ${i.message}`);
  const more = issues.length > SHOWN_ISSUES ? `; and ${issues.length - SHOWN_ISSUES} more` : '';
  return shown.join('; ') + more;
}

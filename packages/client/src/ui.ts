import type {
  AllowedUrlAnalysis,
  ContentIssue,
  ElicitContent,
  FormField,
  RequestedSchema,
} from '@elicitkit/core';

/**
 * The contract between the host pipeline (`installElicitation`) and a UI (terminal, browser, scripted).
 * The pipeline decides what is allowed; the UI only shows and asks. The prompts are the same on both
 * protocol eras (2025-11-25 requests, 2026-07-28 input requests): a UI never knows which one it serves.
 *
 * Every string in a prompt that a UI may show has already been through `sanitizeForDisplay` (E-44): the
 * message, the requester, `FormField` labels, descriptions and option labels, prefilled values, URL
 * display strings. Not for showing: field `name`s and option `value`s (the answer's keys and values,
 * exactly as the server wrote them) and `constraints.pattern`.
 */

/** Who asks (E-03): the server's identity from `initialize`, sanitized. Never taken from the message. */
export interface Requester {
  name: string;
  title?: string;
  version?: string;
}

interface PromptBase {
  /** Host-local id of this prompt, for logs and UIs that show several. */
  id: string;
  requester: Requester;
  /** The server's message, sanitized (E-44). Newlines kept. */
  message: string;
  /** Fires when the server cancels the request or the connection drops: withdraw the prompt. */
  signal: AbortSignal;
}

/** A form to show: the fields, their starting values, and validators for live feedback. */
export interface FormPrompt extends PromptBase {
  kind: 'form';
  /** The core form model, in schema order. */
  fields: FormField[];
  /**
   * The requested schema the form was made of, as core's checks let it through (the subset's keywords only, in the
   * shapes the server wrote: `enum` or `oneOf`, defaults), its texts sanitized like `fields` and without the defaults
   * `initial` leaves out: for what hands the form on rather than showing it (a bridge to another host).
   */
  requestedSchema: RequestedSchema;
  /**
   * The form's key in the server's `inputRequests`, when it came as a 2026-07-28 input request (absent when the
   * server sent `elicitation/create`): for what asks another host in turn (a bridge), under the same key.
   */
  inputRequestKey?: string;
  /** Starting answers: the schema defaults (E-13), or the previous attempt's answers on a re-ask. */
  initial: Partial<ElicitContent>;
  /** When a previous submission was invalid: why. The UI shows these next to the fields (E-59). */
  issues?: ContentIssue[];
  /** Validates one field's value as the user types (E-59). Empty list means fine. */
  validateField(name: string, value: unknown): ContentIssue[];
  /** Validates a whole answer set, as the pipeline will before sending (E-59). */
  validate(
    answers: Record<string, unknown>,
  ): { ok: true; value: ElicitContent } | { ok: false; issues: ContentIssue[] };
}

/** The person's answer to a {@link FormPrompt}: submit after review (E-05); decline and cancel are always offered (E-04, E-42). */
export type FormAnswer =
  | { action: 'submit'; content: Record<string, unknown> }
  | { action: 'decline' }
  | { action: 'cancel' };

/** A URL to ask consent for: the analyzed URL to show in full, and which flow it starts. */
export interface UrlPrompt extends PromptBase {
  kind: 'url';
  /**
   * Names the out-of-band flow: the server's `elicitationId` on 2025-11-25, the input-request key on
   * 2026-07-28 (which has no elicitation ids, M-17). Opaque, unique among the flows of one call.
   */
  flowId: string;
  /** Core's verdict on an allowed URL (blocked URLs never reach a UI). Show `display.full` (E-52). */
  url: AllowedUrlAnalysis;
  /** `request`: an in-band `elicitation/create`; `required`: listed in a -32042 error for a call the user made. */
  origin: 'request' | 'required';
}

/** The person's answer to a {@link UrlPrompt}: consent opens the browser (E-51); it is not completion (E-16). */
export type UrlAnswer = { action: 'consent' } | { action: 'decline' } | { action: 'cancel' };

/**
 * After consent, while the out-of-band flow runs (E-22; M-17 on 2026, where the host retries the call
 * and the server holds or sheds the retry until the flow is done): "retry now" and "cancel".
 */
export interface CompletionWait {
  requester: Requester;
  /** The flows still pending (`flowId` as in `UrlPrompt`). */
  pending: { flowId: string; url: AllowedUrlAnalysis }[];
  /**
   * Fires when every pending flow completed, the call finished (2026: the server answered the retry), or the
   * wait was abandoned: stop showing the controls and clear them from the screen.
   */
  signal: AbortSignal;
}

/** What a {@link HostNotice} is about. */
export type HostNoticeCode =
  | 'rate-limited' // E-43: requests from this server are being answered `cancel` for a while
  | 'request-rejected' // a malformed or unsafe request was refused without asking the user
  | 'url-opened' // the browser was asked to open a URL
  | 'open-failed' // the opener failed; the URL is shown for the user to open by hand
  | 'elicitation-complete'; // a consented URL elicitation completed

/**
 * A server went over its request budget (E-43): asks the person whether to let it ask more. `unsolicited`:
 * requests outside any call this host made (`rateLimit.burst` / `refillMs`); `runaway`: requests during the
 * person's own calls kept coming (more than `rateLimit.perCall`).
 */
export interface RateLimitPrompt {
  kind: 'rate-limit';
  /** Host-local id of this prompt. */
  id: string;
  requester: Requester;
  /** What happened, in plain words, sanitized. */
  message: string;
  reason: 'unsolicited' | 'runaway';
  /** Fires when the request that hit the limit is withdrawn or the connection drops: take the question down. */
  signal: AbortSignal;
}

/** Something the user should know that needs no answer (shown in a status line, say). */
export interface HostNotice {
  code: HostNoticeCode;
  requester: Requester;
  /** Sanitized, for people. */
  message: string;
}

/** What a UI implements for `installElicitation`: it shows prompts and returns what the person chose; the host decides what is allowed. */
export interface ElicitationUI {
  /** Shows a form; resolves with the person's answer, or `cancel` when `prompt.signal` aborts. */
  form(prompt: FormPrompt): Promise<FormAnswer>;
  /** Asks consent to open a URL; resolves with the person's answer, or `cancel` when `prompt.signal` aborts. */
  url(prompt: UrlPrompt): Promise<UrlAnswer>;
  /** Manual controls while waiting for completion (E-22): resolve `retry` to retry now, `cancel` to give up. */
  waitForCompletion?(wait: CompletionWait): Promise<'retry' | 'cancel'>;
  /** Things the user should know that need no answer. */
  notice?(notice: HostNotice): void;
  /**
   * A server went over its request budget (E-43): resolve `allow` to let it ask more (a fresh budget), `block`
   * to refuse its requests (answered `cancel`) until it calms down. Queued like a prompt. Optional: without
   * it, the host blocks and sends a `rate-limited` notice, so a UI written before this method keeps working.
   */
  rateLimited?(prompt: RateLimitPrompt): Promise<'allow' | 'block'>;
  /**
   * Shows any number of prompts at once, each on its own (a relay: every question is its own item on the person's
   * page), so the host does not queue them one after another; a round's input requests (or a task's) are then all
   * asked together. Default false: one prompt at a time.
   */
  readonly concurrent?: boolean;
}

/** The status of a task (Tasks extension, `io.modelcontextprotocol/tasks`). */
export type TaskState = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

/**
 * A task's state as a host saw it on its handle or a `tasks/get` poll. Server text: `taskId` and
 * `statusMessage` may be hostile; neutralize them before showing, never use them in a path or HTML.
 */
export interface TaskStatusReport {
  /** The task's id (at most 256 printable ASCII characters); keep it to resume the task after a restart. */
  taskId: string;
  status: TaskState;
  /** The server's status or progress line, at most 1,000 characters. */
  statusMessage?: string;
  /** The wait before the next poll, in ms: the server's `pollIntervalMs`, bounded, with back-off. */
  nextPollMs?: number;
}

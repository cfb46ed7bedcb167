import { PeerError, UsageError } from '@elicitkit/core';
import { originOf } from './era/origin.js';
import { refusal } from './era/request-2026.js';
import { ClientErrorCode } from './errors.js';
import type { ElicitationHostEvents, ElicitationHostEventType } from './host/events.js';
import { assembleHost, type InstallElicitationOptions } from './host-parts.js';
import { type ElicitationMode, elicitationCapabilities } from './pipeline/modes.js';
import type { ElicitAnswer } from './pipeline/pipeline.js';

export type { ElicitAnswer } from './pipeline/pipeline.js';

/** The server's identity as `initialize` (or `server/discover`) gave it: what a prompt names as the requester (E-03). */
export interface ServerIdentity {
  name?: string;
  title?: string;
  version?: string;
}

/**
 * Options of {@link createElicitationHandler}: those of `installElicitation` (but `elicitation: false`: a handler
 * exists to answer elicitation requests), plus who asks and where listener errors go.
 */
export interface ElicitationHandlerOptions extends Omit<InstallElicitationOptions, 'elicitation'> {
  /**
   * Who asks (E-03): the server's identity from its `initialize` result, or a function returning it when a
   * request comes (it is known only once the client connected). Sanitized before it is shown. Default: none
   * (prompts name an unnamed server).
   */
  server?: ServerIdentity | (() => ServerIdentity | undefined);
  /** Errors thrown by `on(...)` listeners, which must not break the pipeline. Default: `console.error`. */
  onError?: (error: unknown) => void;
}

/** How one request reached the host: its abort signal, and (2026-07-28) its input-request key. */
export interface ElicitationRequestContext {
  /** Fires when the server withdraws the request, the call is abandoned, or the connection drops. */
  signal?: AbortSignal;
  /**
   * 2026-07-28: the key of this input request in its `InputRequiredResult`. It names a URL flow there (which
   * has no `elicitationId`, M-17) and the spot in messages. A request with an `elicitationId` is read as a
   * 2025-11-25 one whatever the key.
   */
  inputRequestKey?: string;
}

/** The pipeline as a plain function, for hosts on MCP clients `installElicitation` does not take. */
export interface ElicitationHandler {
  /** The modes served. */
  readonly modes: readonly ElicitationMode[];
  /** What to declare in the client's capabilities: `{ elicitation: { form: {}, url: {} } }` for the modes (E-07). */
  readonly capabilities: { elicitation: { form?: Record<string, never>; url?: Record<string, never> } };
  /**
   * Answers one request (`elicitation/create` params, or a 2026 input request's params): shape, mode and
   * schema or URL checks, the rate limit, the queue, the person's answer through the UI, validation, URL
   * consent and opening. Resolves with the `ElicitResult` to send; rejects with a `PeerError`
   * (`invalid-request` for 2025, `invalid-input-request` for 2026, `url-blocked`) when the request was
   * refused unseen: answer -32602 (2025) or fail the call (2026).
   */
  answer(params: unknown, context?: ElicitationRequestContext): Promise<ElicitAnswer>;
  /**
   * 2025-11-25: hands over a `notifications/elicitation/complete`; true when it counted (a flow the person
   * consented to and that had not completed, E-20).
   */
  complete(elicitationId: string): boolean;
  /** 2025-11-25: resolves when a consented URL flow completes (E-21); at once when it is not pending. */
  waitForCompletion(elicitationId: string, signal?: AbortSignal): Promise<void>;
  /**
   * Runs `call` (a tool call the person started) as one of the person's own calls: 2025 requests that
   * arrive meanwhile are not counted as unsolicited (E-43), only against `rateLimit.perCall`.
   */
  duringCall<T>(call: () => Promise<T>): Promise<T>;
  /** Subscribes to host events; returns the unsubscribe function. */
  on<T extends ElicitationHostEventType>(
    type: T,
    listener: (event: ElicitationHostEvents[T]) => void,
  ): () => void;
}

/**
 * The host pipeline as a plain function from an elicitation request to a result, for hosts on other MCP
 * clients (the AI SDK's `onElicitationRequest`, Mastra's `inputRequests`, your own). The same gates, URL
 * safety, queue, rate limit and completion tracking `installElicitation` wires into an SDK client; what
 * the client itself drives (2026 rounds, the -32042 retry) stays with that client.
 */
export function createElicitationHandler(options: ElicitationHandlerOptions): ElicitationHandler {
  const { server } = options;
  if ((options as InstallElicitationOptions).elicitation === false) {
    throw new UsageError(
      ClientErrorCode.InvalidOption,
      'createElicitationHandler answers elicitation requests: elicitation: false is for installElicitation only',
      { details: { option: 'elicitation' } },
    );
  }
  const onError =
    options.onError ?? ((error: unknown) => console.error('elicitkit: a listener failed', error));
  const parts = assembleHost(options, {
    serverInfo: typeof server === 'function' ? server : () => server,
    reportError: onError,
  });
  const never = new AbortController().signal;
  return {
    modes: [...parts.modes],
    capabilities: elicitationCapabilities([...parts.modes]) as ElicitationHandler['capabilities'],
    async answer(params, context = {}) {
      const origin = originOf(params, context.inputRequestKey);
      const outcome = await parts.pipeline(params, context.signal ?? never, origin);
      if (outcome.ok) return outcome.answer;
      if (origin.kind === 'input') throw refusal(outcome.problem, origin.key);
      const { message, issues, blockReason } = outcome.problem;
      throw new PeerError(
        blockReason ? ClientErrorCode.UrlBlocked : ClientErrorCode.InvalidRequest,
        message,
        {
          details: { ...(issues && { issues }) },
        },
      );
    },
    complete: (elicitationId) => parts.tracker.complete(elicitationId),
    waitForCompletion: (elicitationId, signal) => parts.tracker.waitFor(elicitationId, signal),
    async duringCall(call) {
      const end = parts.budget?.beginCall();
      try {
        return await call();
      } finally {
        end?.();
      }
    },
    on: (type, listener) => parts.events.on(type, listener),
  };
}

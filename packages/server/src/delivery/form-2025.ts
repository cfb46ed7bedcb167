import type { ServerContext } from '@modelcontextprotocol/server';
import { ProtocolError, SdkError, SdkErrorCode } from '@modelcontextprotocol/server';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import {
  type AbortReason,
  elicitationAbortedError,
  elicitationFailedError,
  elicitationTimeoutError,
  invalidOptionError,
  noBackChannelError,
} from '../errors.js';
import type { ElicitResultLike, FormRequest } from '../form/form-request.js';
import type { FormResult } from '../form/infer.js';
import { assertAvailableIn } from './capabilities.js';
import type { RequestScope } from './scope.js';

/**
 * Delivery of a {@link FormRequest} on a 2025-11-25 connection: an `elicitation/create` request sent from
 * inside the tool handler, which awaits the answer. Its 2026-07-28 sibling is `form-2026.ts`.
 */

/** 10 minutes: people read, think and type; the SDK's 60 s default cuts them off. */
export const DEFAULT_ELICITATION_TIMEOUT_MS = 10 * 60 * 1000;

// setTimeout's ceiling; a larger delay would fire at once.
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** How an elicitation is delivered: how long to wait, what aborts it, and its key on 2026-07-28. */
export interface DeliveryOptions {
  /** How long to wait for the user, in ms. Default {@link DEFAULT_ELICITATION_TIMEOUT_MS}. */
  timeoutMs?: number;
  /** Cancels the elicitation (the client is told). The tool call's own cancellation always does. */
  signal?: AbortSignal;
  /**
   * 2026-07-28: this ask's key in `inputRequests` (default `ask-<n>`, its position in the handler's run). Name it
   * when a host or test addresses answers by key; keys must be unique within one request.
   */
  key?: string;
}

/**
 * Our own result check instead of the SDK's: only `action` is checked here, so that `content` reaches
 * core's validation whatever it holds and a bad answer becomes an `invalid-answer` `PeerError` naming the
 * field. The SDK's path would also compile and keep an Ajv validator per distinct schema.
 */
const ELICIT_RESULT: StandardSchemaV1<unknown, ElicitResultLike> = {
  '~standard': {
    version: 1,
    vendor: 'elicitkit',
    validate(value) {
      const result = value as { action?: unknown; content?: unknown } | null;
      const action = typeof result === 'object' && result !== null ? result.action : undefined;
      if (action !== 'accept' && action !== 'decline' && action !== 'cancel') {
        return { issues: [{ message: 'action must be "accept", "decline" or "cancel"', path: ['action'] }] };
      }
      return { value: { action, content: result?.content } };
    },
  },
};

export async function deliverFormOnSession<Data>(
  ctx: ServerContext,
  scope: RequestScope,
  request: FormRequest<Data>,
  options: DeliveryOptions = {},
): Promise<FormResult<Data>> {
  const timeoutMs = checkTimeout(options.timeoutMs);
  assertAvailableIn(ctx, scope, 'form'); // E-09: nothing is sent for an undeclared mode
  const stops = stopSignals(ctx, options.signal);
  if (stops.any.aborted) throw elicitationAbortedError(whyStopped(stops) ?? 'signal');

  let result: ElicitResultLike;
  try {
    // `ctx.mcpReq.send` relates the request to the tool call (`relatedRequestId`): on Streamable HTTP it
    // travels on the call's own response stream, not the standalone GET stream where it could be dropped.
    result = await ctx.mcpReq.send(
      {
        method: 'elicitation/create',
        params: { mode: 'form', message: request.message, requestedSchema: request.requestedSchema },
      },
      ELICIT_RESULT,
      { timeout: timeoutMs, signal: stops.any },
    );
  } catch (error) {
    throw explain(error, timeoutMs, stops);
  }
  return request.readResult(result);
}

export function checkTimeout(timeoutMs: number | undefined): number {
  if (timeoutMs === undefined) return DEFAULT_ELICITATION_TIMEOUT_MS;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0 || timeoutMs > MAX_TIMEOUT_MS) {
    throw invalidOptionError(
      'timeoutMs',
      `must be a positive number of milliseconds up to ${MAX_TIMEOUT_MS}`,
    );
  }
  return timeoutMs;
}

/** Everything that ends an elicitation early, and each on its own to tell why. */
interface StopSignals {
  any: AbortSignal;
  toolCall: AbortSignal;
  author: AbortSignal | undefined;
  stream: AbortSignal | undefined;
}

function stopSignals(ctx: ServerContext, author: AbortSignal | undefined): StopSignals {
  const toolCall = ctx.mcpReq.signal;
  // Streamable HTTP: the tool call's HTTP request aborts when the client drops its response stream. Without
  // resumability (no event store, hence no `closeSSE`) nothing can reach that client again, so stop.
  const stream = ctx.http?.closeSSE === undefined ? ctx.http?.req?.signal : undefined;
  const all = [toolCall, author, stream].filter((signal): signal is AbortSignal => signal !== undefined);
  return { any: all.length === 1 ? toolCall : AbortSignal.any(all), toolCall, author, stream };
}

function whyStopped(stops: StopSignals): AbortReason | undefined {
  if (stops.toolCall.aborted) {
    // The SDK aborts a handler's signal both when the call is cancelled and when the connection closes.
    const reason: unknown = stops.toolCall.reason;
    const closed = reason instanceof SdkError && reason.code === SdkErrorCode.ConnectionClosed;
    return closed ? 'disconnected' : 'tool-call-cancelled';
  }
  if (stops.stream?.aborted) return 'disconnected';
  if (stops.author?.aborted) return 'signal';
  return undefined;
}

/** Turns the SDK's errors into the typed errors authors branch on; `cause` keeps the original. */
function explain(error: unknown, timeoutMs: number, stops: StopSignals): Error {
  const cause = { cause: error };
  const stopped = whyStopped(stops);
  if (stopped) return elicitationAbortedError(stopped, cause);
  if (error instanceof SdkError) {
    switch (error.code) {
      case SdkErrorCode.RequestTimeout:
        return elicitationTimeoutError(timeoutMs, cause);
      case SdkErrorCode.ConnectionClosed:
      case SdkErrorCode.NotConnected:
      case SdkErrorCode.SendFailed:
        return elicitationAbortedError('disconnected', cause);
      case SdkErrorCode.MethodNotSupportedByProtocolVersion:
        return noBackChannelError('form', error.message, cause);
      case SdkErrorCode.InvalidResult:
        return elicitationFailedError(`the client sent a malformed result (${error.message})`, cause);
    }
  }
  if (error instanceof ProtocolError) {
    return elicitationFailedError(`the client answered with error ${error.code}: ${error.message}`, cause);
  }
  if (error instanceof Error && error.message === 'Not connected')
    return elicitationAbortedError('disconnected', cause);
  return elicitationFailedError(error instanceof Error ? error.message : String(error), cause);
}

import { UsageError } from '@elicitkit/core';
import {
  type CallToolRequest,
  type CallToolRequestOptions,
  type Client,
  SdkError,
  SdkErrorCode,
} from '@modelcontextprotocol/client';
import { JsonRpcError } from '../era/request-2025.js';
import { ClientErrorCode } from '../errors.js';
import { closeSignal } from './close-signal.js';
import type { ClientSeam, DriveRounds } from './seam.js';
import { trackingToolCalls } from './track-calls.js';

/** A non-complete result as the SDK's response funnel decoded it. */
interface Decoded {
  kind: string;
  inputRequests?: Record<string, unknown>;
  requestState?: string;
}

/** One call's flow, as the SDK hands it to `_resolveNonCompleteResult`. */
interface Flow {
  request: { method: string; params?: Record<string, unknown> };
  options?: {
    signal?: AbortSignal;
    timeout?: number;
    maxTotalTimeout?: number;
    onprogress?: unknown;
    resetTimeoutOnProgress?: boolean;
    headers?: unknown;
  };
  flowStartedAt?: number;
  retry(params: Record<string, unknown>, legOptions: Record<string, unknown>): Promise<unknown>;
}

type RequestHandler = (request: unknown, context: unknown) => Promise<unknown>;

/** The protected members of the SDK 2.4 client the adapter uses; checked at install so a moved one fails loudly. */
interface ClientInternals {
  _resolveNonCompleteResult?: (decoded: Decoded, flow: Flow) => Promise<unknown>;
  _getRequestHandler?: (method: string) => RequestHandler | undefined;
  _inputRequiredDriverConfig?: { autoFulfill?: boolean };
  buildContext?: (context: unknown) => unknown;
}

/** Embedded requests other than elicitation that 2026-07-28 defines; the host's own handlers may answer them. */
const OTHER_INPUT_REQUESTS = new Set(['sampling/createMessage', 'roots/list']);

/**
 * The v2 SDK (`@modelcontextprotocol/client` 2.4) behind the seam. How it hooks in, and why:
 * - 2025 `elicitation/create` from the `fallbackRequestHandler` slot, not `setRequestHandler`: the SDK wraps
 *   registered elicitation handlers in its own Zod check, which answers a malformed request with a
 *   multi-kilobyte Zod dump before elicitkit can name the problem.
 * - 2026 rounds of a plain `client.callTool` from `_resolveNonCompleteResult`, the SDK's named extension
 *   point for non-complete results, so both entry points run one round driver (caps, loop detection, the
 *   wait controls) instead of the SDK's own.
 */
export function v2Seam(client: Client): ClientSeam {
  const internals = client as unknown as ClientInternals;
  const resolveNonComplete = internals._resolveNonCompleteResult;
  const handlerFor = internals._getRequestHandler;
  if (typeof resolveNonComplete !== 'function' || typeof handlerFor !== 'function') {
    throw new UsageError(
      ClientErrorCode.UnsupportedSdk,
      'this @modelcontextprotocol/client lacks the result hook and handler lookup 2026-07-28 rounds need (expected 2.4.x)',
    );
  }
  return {
    sdk: 'v2',
    serverInfo: () => client.getServerVersion(),
    connected: () => client.transport !== undefined,
    declareCapabilities: (capabilities) => client.registerCapabilities(capabilities),
    serveElicitation(answer) {
      const previous = client.fallbackRequestHandler;
      client.fallbackRequestHandler = async (request, context) => {
        if (request.method === 'elicitation/create') return answer(request.params, context.mcpReq.signal);
        if (previous) return previous(request, context);
        throw new JsonRpcError(-32601, 'Method not found');
      };
    },
    onElicitationComplete(listener) {
      client.setNotificationHandler('notifications/elicitation/complete', (notification) => {
        listener(notification.params.elicitationId);
      });
    },
    trackToolCalls(begin) {
      const request = client.request.bind(client) as Parameters<typeof trackingToolCalls>[0];
      client.request = trackingToolCalls(request, begin) as typeof client.request;
    },
    serveInputRequired(drive: DriveRounds) {
      internals._resolveNonCompleteResult = (decoded, flow) => {
        if (
          decoded?.kind !== 'input_required' ||
          internals._inputRequiredDriverConfig?.autoFulfill === false
        ) {
          return resolveNonComplete.call(client, decoded, flow);
        }
        const options = flow.options ?? {};
        const startedAt = flow.flowStartedAt ?? Date.now();
        const first = {
          resultType: 'input_required',
          ...(decoded.inputRequests && { inputRequests: decoded.inputRequests }),
          ...(decoded.requestState !== undefined && { requestState: decoded.requestState }),
        };
        return drive(
          first,
          (round, signal) =>
            flow.retry({ ...flow.request.params, ...round }, legOptions(options, startedAt, signal)),
          options.signal,
        );
      };
    },
    otherInputRequest(key, method, params, signal) {
      const handler = OTHER_INPUT_REQUESTS.has(method) ? handlerFor.call(client, method) : undefined;
      if (!handler) return undefined;
      const meta = (params as { _meta?: unknown } | undefined)?._meta;
      // The context the SDK's own driver gives an embedded request: the key as id, the call's signal, and no
      // related messaging (there is no live server request to relate it to).
      const unavailable = () => {
        throw new SdkError(
          SdkErrorCode.SendFailed,
          `ctx.mcpReq cannot send while answering input request ${key}`,
        );
      };
      const context = {
        sessionId: client.transport?.sessionId,
        mcpReq: {
          id: key,
          method,
          _meta: meta,
          signal,
          requestState: () => undefined,
          send: unavailable,
          notify: unavailable,
        },
      };
      return handler(
        { jsonrpc: '2.0', id: key, method, ...(params !== undefined && { params }) },
        internals.buildContext?.call(client, context) ?? context,
      );
    },
    closeSignal: () =>
      closeSignal(client, () => new SdkError(SdkErrorCode.ConnectionClosed, 'Connection closed')),
    reportError: (error) => client.onerror?.(error),
    callTool: (params, round, signal, options) =>
      client.callTool(
        { ...params, ...round } as CallToolRequest['params'],
        {
          ...options,
          signal,
          allowInputRequired: true,
        } as CallToolRequestOptions,
      ),
  };
}

/**
 * The options of one retry leg, as the SDK's own driver builds them: the caller's per-leg `timeout`,
 * progress and headers, and what is left of `maxTotalTimeout` (counted from the SDK's own start time, on
 * the same `Date.now` clock it used).
 */
function legOptions(options: NonNullable<Flow['options']>, startedAt: number, signal: AbortSignal) {
  const { onprogress, resetTimeoutOnProgress, headers, timeout, maxTotalTimeout } = options;
  const leg: Record<string, unknown> = {
    signal,
    allowInputRequired: true,
    ...(onprogress !== undefined && { onprogress }),
    ...(resetTimeoutOnProgress !== undefined && { resetTimeoutOnProgress }),
    ...(headers !== undefined && { headers }),
    ...(timeout !== undefined && { timeout }),
  };
  if (maxTotalTimeout !== undefined) {
    const totalElapsed = Date.now() - startedAt;
    if (totalElapsed >= maxTotalTimeout) {
      throw new SdkError(SdkErrorCode.RequestTimeout, 'Maximum total timeout exceeded', {
        maxTotalTimeout,
        totalElapsed,
      });
    }
    leg.maxTotalTimeout = maxTotalTimeout - totalElapsed;
  }
  return leg;
}

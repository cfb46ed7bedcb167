import { isJsonObject, PeerError, UsageError } from '@elicitkit/core';
import {
  type CallToolRequest,
  type CallToolRequestOptions,
  CLIENT_CAPABILITIES_META_KEY,
  type Client,
  SdkError,
  SdkErrorCode,
} from '@modelcontextprotocol/client';
import { eraOfRevision } from '../era/origin.js';
import { JsonRpcError } from '../era/request-2025.js';
import { ClientErrorCode } from '../errors.js';
import { TASKS_EXTENSION } from '../tasks/handle.js';
import type { TaskRequests } from '../tasks/task-driver.js';
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
  _onresponse?: (response: { id: unknown; result?: unknown }) => void;
  _capabilities?: Record<string, unknown>;
}

/** What each protected member is for, and whether it is a method (else an object the SDK keeps). */
const INTERNALS: Record<keyof ClientInternals, { method: boolean; for: string }> = {
  _resolveNonCompleteResult: { method: true, for: 'running 2026-07-28 rounds of a plain callTool' },
  _getRequestHandler: { method: true, for: "answering a round's sampling and roots requests" },
  _onresponse: { method: true, for: 'reading task handles before the SDK decodes them' },
  buildContext: { method: true, for: 'handing those requests the context the SDK builds' },
  _inputRequiredDriverConfig: { method: false, for: "honouring the SDK's autoFulfill switch" },
  _capabilities: { method: false, for: 'declaring the Tasks extension per request' },
};

/**
 * The protected members this adapter relies on, every one checked here, once, at install: an SDK release that moves
 * one fails `installElicitation` with a typed error naming it, instead of a feature that silently stops working.
 */
function checkedInternals(client: Client): Required<ClientInternals> {
  const internals = client as unknown as Record<string, unknown>;
  const missing = Object.entries(INTERNALS)
    .filter(([name, { method }]) =>
      method ? typeof internals[name] !== 'function' : !isJsonObject(internals[name]),
    )
    .map(([name, { for: use }]) => `${name} (${use})`);
  if (missing.length > 0) {
    throw new UsageError(
      ClientErrorCode.UnsupportedSdk,
      `installElicitation needs @modelcontextprotocol/client 2.4.x; this Client lacks ${missing.join(', ')}. ` +
        'Install a 2.4 release of the SDK (elicitkit reaches these members of it; a later minor may move them).',
    );
  }
  return client as unknown as Required<ClientInternals>;
}

/** A result schema that accepts what came: task results are read field by field by `tasks/task-read.ts`. */
const anyResult = {
  '~standard': { version: 1, vendor: 'elicitkit', validate: (value: unknown) => ({ value }) },
};

/** Task handles received and not yet taken by the call they answer; a flood of unclaimed ones is dropped. */
const MAX_HELD_TASKS = 64;

/**
 * Task handles (`resultType: "task"`) pass the SDK 2.4 funnel, which knows only `complete` and
 * `input_required`: the response is rewritten, before the SDK decodes it, to an `input_required` whose
 * `requestState` is a mark no server can guess, and the handle is held under that mark for the call to take.
 */
class TaskHandles {
  readonly #held = new Map<string, Record<string, unknown>>();
  readonly #prefix = `elicitkit-task:${globalThis.crypto.randomUUID()}:`;
  #count = 0;

  /** The response as the SDK should see it. */
  intercept<R extends { result?: unknown }>(response: R): R {
    const { result } = response;
    if (!isJsonObject(result) || result.resultType !== 'task') return response;
    const mark = `${this.#prefix}${this.#count++}`;
    this.#held.set(mark, result);
    if (this.#held.size > MAX_HELD_TASKS) this.#held.delete(this.#held.keys().next().value as string);
    return { ...response, result: { resultType: 'input_required', requestState: mark } };
  }

  /** The handle a result stands for, taken once; `undefined` for any other result. */
  take(result: unknown): Record<string, unknown> | undefined {
    const mark = isJsonObject(result) ? result.requestState : undefined;
    if (typeof mark !== 'string' || !mark.startsWith(this.#prefix)) return undefined;
    const handle = this.#held.get(mark);
    this.#held.delete(mark);
    return handle;
  }
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
  const internals = checkedInternals(client);
  const resolveNonComplete = internals._resolveNonCompleteResult;
  const handlerFor = internals._getRequestHandler;
  const handles = new TaskHandles();
  const onresponse = internals._onresponse;
  internals._onresponse = (response) => onresponse.call(client, handles.intercept(response));
  const modern = () => eraOfRevision(client.getNegotiatedProtocolVersion()) === '2026-07-28';
  /** T-23: this request's client capabilities, the SDK's own plus the extension. */
  const declaringTasks = (params: Record<string, unknown>) => {
    const capabilities = internals._capabilities;
    const extensions = isJsonObject(capabilities.extensions) ? capabilities.extensions : {};
    const meta = isJsonObject(params._meta) ? params._meta : {};
    return {
      ...params,
      _meta: {
        ...meta,
        [CLIENT_CAPABILITIES_META_KEY]: {
          ...capabilities,
          extensions: { ...extensions, [TASKS_EXTENSION]: {} },
        },
      },
    };
  };
  const taskRequest = (method: string, params: Record<string, unknown>, signal?: AbortSignal) =>
    client.request({ method, params: declaringTasks(params) } as never, anyResult as never, {
      ...(signal ? { signal } : { timeout: 10_000 }),
    });
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
          internals._inputRequiredDriverConfig.autoFulfill === false
        ) {
          return resolveNonComplete.call(client, decoded, flow);
        }
        const options = flow.options ?? {};
        const startedAt = flow.flowStartedAt ?? Date.now();
        const handle = handles.take(decoded);
        if (handle && flow.request.method !== 'tools/call') {
          return Promise.reject(
            new PeerError(
              ClientErrorCode.InvalidTask,
              `task: a task handle answered ${flow.request.method}; only tools/call may be a task`,
            ),
          );
        }
        // A task handle on a plain call (the host declared the extension): the host follows the task.
        if (handle)
          return drive(handle, () => Promise.reject(new Error('a task has no legs')), options.signal);
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
        internals.buildContext.call(client, context) ?? context,
      );
    },
    closeSignal: () =>
      closeSignal(client, () => new SdkError(SdkErrorCode.ConnectionClosed, 'Connection closed')),
    reportError: (error) => client.onerror?.(error),
    async callTool(params, round, signal, options, declareTasks) {
      const leg = { ...params, ...round };
      const result = await client.callTool(
        (declareTasks && modern() ? declaringTasks(leg) : leg) as CallToolRequest['params'],
        {
          ...options,
          signal,
          allowInputRequired: true,
        } as CallToolRequestOptions,
      );
      return handles.take(result) ?? result;
    },
    taskRequests(): TaskRequests | undefined {
      if (!modern()) return undefined;
      return {
        get: (taskId, signal) => taskRequest('tasks/get', { taskId }, signal),
        update: (taskId, inputResponses, signal) =>
          taskRequest('tasks/update', { taskId, inputResponses }, signal),
        cancel: (taskId) => taskRequest('tasks/cancel', { taskId }),
      };
    },
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

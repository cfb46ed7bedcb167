import { integerOption, isJsonObject, loadSuffixList, PeerError, UsageError } from '@elicitkit/core';
import type {
  CallToolRequest,
  CallToolRequestOptions,
  CallToolResult,
  Client,
} from '@modelcontextprotocol/client';
import { ClientErrorCode } from './errors.js';
import { followTask, installedHost, roundDriverFor, type TaskOptions } from './installed.js';
import { isUrlElicitationRequired, parseUrlRequired, runRequiredFlows } from './retry/url-required.js';
import { resolveRoundLimits } from './rounds/limits.js';
import { driveRounds, MAX_INPUT_REQUESTS_PER_ROUND, type RetryRound } from './rounds/round-driver.js';
import type { V1Client } from './sdk/client-v1.js';
import { isTaskHandle } from './tasks/handle.js';

/** Options of {@link callToolWithElicitation} and {@link requestWithElicitation}: retry limits, pacing, and a signal. */
export interface UrlElicitationRetryOptions {
  /** 2025: retries after -32042 before giving up with a `PeerError` `retry-limit`. Default 3. */
  maxRetries?: number;
  /** 2026: rounds that ask the user something, before a `PeerError` `round-limit`. Default: the host's (10). */
  maxPromptRounds?: number;
  /**
   * 2026: retries the server holds or sheds (requestState only, or a consented URL flow listed again)
   * before a `PeerError` `wait-limit`. Default: the host's (60).
   */
  maxWaitRounds?: number;
  /** 2026: pause before each such retry, doubling from `initialMs` to `maxMs` (M-11). Default 250 → 5000. */
  waitPacing?: { initialMs: number; maxMs: number };
  /** Abandons the whole exchange: prompts are withdrawn, waits end, the promise rejects with the reason. */
  signal?: AbortSignal;
  /**
   * 2026: hears where the call stands each time it can be picked up again after this process dies: each
   * `InputRequiredResult` before its questions are asked, and the task id when the tool answers with a task. Keep
   * the latest durably and pass it to {@link resumeToolCall} after a restart. Awaited: the questions wait for it.
   */
  onCheckpoint?: (checkpoint: CallCheckpoint) => void | Promise<void>;
}

/**
 * Where a 2026-07-28 call stands, as plain JSON: the round the server is waiting on (its `InputRequiredResult`, with
 * the `requestState` to echo), or the task it became. A 2025 request has none: it lives only as long as its stream.
 */
export type CallCheckpoint = { round: Record<string, unknown> } | { taskId: string };

/** Default `maxRetries`: -32042 retries of one call (2025-11-25). */
export const DEFAULT_MAX_RETRIES = 3;

/**
 * Sends a request and keeps it going until the server has what it needs, on either protocol era:
 *
 * - 2025-11-25: while the server answers -32042 (`URLElicitationRequiredError`, E-23), runs the listed URL
 *   flows with the user's consent, waits for them to complete and sends the request again.
 * - 2026-07-28: while the server answers an `InputRequiredResult`, asks its input requests through the
 *   pipeline (in order, one at a time), then retries with the answers and the `requestState` echoed byte
 *   for byte (M-11..M-14); consented URL flows keep the UI's "retry now" / "cancel" up (M-17).
 *
 * `send(signal, round)` issues one leg: pass `signal` to the SDK call, merge `round` (2026 retries only)
 * into the params, and set `allowInputRequired: true` (v2 SDK) so the `InputRequiredResult` comes back here.
 * Ends with the request's result, or a typed error (`ClientErrorCode`): a `PeerError` for bad -32042 data, a
 * 2026 input request refused unseen, or a cap or a loop; a `RefusedError` when the user said no. Other
 * errors from `send` pass through.
 */
export function requestWithElicitation<T>(
  client: Client | V1Client,
  send: (signal: AbortSignal, round?: RetryRound) => Promise<T>,
  options: UrlElicitationRetryOptions = {},
): Promise<T> {
  return drive(client, send, options);
}

/** {@link requestWithElicitation}, optionally starting from a round already received (a resumed call). */
async function drive<T>(
  client: Client | V1Client,
  send: (signal: AbortSignal, round?: RetryRound) => Promise<T>,
  options: UrlElicitationRetryOptions,
  resumedRound?: Record<string, unknown>,
): Promise<T> {
  const host = installedHost(client);
  const { parts, seam } = host;
  const maxRetries = integerOption('maxRetries', options.maxRetries ?? DEFAULT_MAX_RETRIES, { min: 0 });
  const limits = resolveRoundLimits(options, parts.roundLimits);
  const closed = seam.closeSignal();
  const signal = options.signal ? AbortSignal.any([options.signal, closed.signal]) : closed.signal;
  // Elicitations seen to complete during this exchange: a server asking for one again is looping.
  const completed = new Set<string>();
  const driver = roundDriverFor(host, limits, signal);
  try {
    for (let retries = 0; ; retries++) {
      signal.throwIfAborted();
      let failure: unknown;
      try {
        const first =
          retries === 0 && resumedRound ? resumedRound : await driver.send((legSignal) => send(legSignal));
        return (await driveRounds(
          driver,
          first,
          (round, legSignal) => send(legSignal, round),
          options.onCheckpoint && ((result) => options.onCheckpoint?.({ round: result })),
        )) as T;
      } catch (error) {
        failure = error;
      }
      if (!isUrlElicitationRequired(failure)) throw failure;
      if (!parts.modes.has('url')) {
        throw new PeerError(
          ClientErrorCode.UrlModeNotDeclared,
          'the server requires a URL elicitation (-32042) but this host did not declare URL mode',
          { cause: failure },
        );
      }
      await loadSuffixList(); // browsers fetch the Public Suffix List with the first URL
      const required = parseUrlRequired(failure, { allowInsecureHttp: parts.allowInsecureHttp });
      const ids = required.map((request) => request.flowId);
      const repeated = ids.filter((id) => completed.has(id));
      if (repeated.length > 0) {
        throw new PeerError(
          ClientErrorCode.RetryLoop,
          `the server asked again for elicitation(s) that already completed: ${repeated.join(', ')}`,
          { cause: failure, details: { elicitationIds: repeated } },
        );
      }
      if (retries >= maxRetries) {
        throw new PeerError(
          ClientErrorCode.RetryLimit,
          `the server still required URL elicitation after ${maxRetries} retries (maxRetries)`,
          { cause: failure, details: { elicitationIds: ids } },
        );
      }
      await runRequiredFlows(parts, required, signal);
      for (const id of ids) if (!parts.tracker.isPending(id)) completed.add(id);
    }
  } finally {
    driver.finish();
    closed.dispose();
  }
}

/**
 * `client.callTool` through {@link requestWithElicitation}. `requestOptions` go to every attempt, over defaults for a
 * call a person is part of ({@link DEFAULT_CALL_TIMEOUT_MS}, reset by progress); a `requestOptions.signal` ends the
 * whole exchange, like `options.signal`.
 *
 * Tasks (2026-07-28, v2 SDK): the call declares the Tasks extension (T-23; `tasks: false` does not), and when
 * the tool answers with a task the host follows it to its result: polls `tasks/get` at the server's interval,
 * asks each question through the same pipeline, answers by `tasks/update`, reports its status to
 * `onTaskStatus`; aborting `signal` sends `tasks/cancel`; a closed connection leaves the task for
 * `resumeTask`.
 */
export function callToolWithElicitation(
  client: Client,
  params: CallToolRequest['params'],
  options?: UrlElicitationRetryOptions & TaskOptions & { requestOptions?: CallToolRequestOptions },
): Promise<CallToolResult>;
/** On a v1 SDK client: the -32042 retry (revisions up to 2025-11-25 have no rounds); the v1 result type. */
export function callToolWithElicitation<C extends V1Client>(
  client: C,
  params: Parameters<C['callTool']>[0],
  options?: UrlElicitationRetryOptions & { requestOptions?: Parameters<C['callTool']>[2] },
): Promise<Awaited<ReturnType<C['callTool']>>>;
export async function callToolWithElicitation(
  client: Client | V1Client,
  params: unknown,
  options: UrlElicitationRetryOptions & TaskOptions & { requestOptions?: unknown } = {},
): Promise<unknown> {
  return callFrom(client, params, options);
}

/**
 * Picks a 2026-07-28 `tools/call` up where a {@link CallCheckpoint} left it, e.g. after the agent's process restarted:
 * from a round, its questions are asked again (a relay answers them with what the person already gave) and the call
 * goes on with the `requestState` the server sent; from a task, the task is followed (`resumeTask`). `params` are the
 * call's own. Resolves with the tool's result, as `callToolWithElicitation` does.
 */
export function resumeToolCall(
  client: Client,
  params: CallToolRequest['params'],
  checkpoint: CallCheckpoint,
  options: UrlElicitationRetryOptions & TaskOptions & { requestOptions?: CallToolRequestOptions } = {},
): Promise<CallToolResult> {
  const given = checkpoint as { round?: unknown; taskId?: unknown } | undefined;
  const valid =
    isJsonObject(given) &&
    (isJsonObject(given.round) || (typeof given.taskId === 'string' && given.taskId !== ''));
  if (!valid) {
    return Promise.reject(
      new UsageError(
        ClientErrorCode.InvalidOption,
        'resumeToolCall: checkpoint must be { round: <InputRequiredResult> } or { taskId: <string> }, as onCheckpoint gave it',
        { details: { option: 'checkpoint' } },
      ),
    );
  }
  return callFrom(client, params, options, checkpoint) as Promise<CallToolResult>;
}

/**
 * How long one attempt of a call may take by default: ten minutes, as long as an elicitkit server waits for a form.
 * A person may take minutes with a form, and the SDK's own 60 s would end the call mid-answer (the doctor's checkup
 * found the demo's web host doing so). Progress resets it too: the call asks for progress, and a server that reports
 * it while its person answers (elicitkit's every 15 s) keeps the call for as long as it does.
 */
export const DEFAULT_CALL_TIMEOUT_MS = 10 * 60 * 1000;

/** The caller's request options over the defaults a call with a person in it needs. */
function withPersonTimeouts(given: unknown): Record<string, unknown> {
  return {
    timeout: DEFAULT_CALL_TIMEOUT_MS,
    resetTimeoutOnProgress: true,
    onprogress: () => {},
    ...(given as object),
  };
}

async function callFrom(
  client: Client | V1Client,
  params: unknown,
  options: UrlElicitationRetryOptions & TaskOptions & { requestOptions?: unknown },
  checkpoint?: CallCheckpoint,
): Promise<unknown> {
  const host = installedHost(client);
  const requestOptions = withPersonTimeouts(options.requestOptions) as { signal?: AbortSignal };
  const signals = [options.signal, requestOptions?.signal].filter((s): s is AbortSignal => !!s);
  const signal = signals.length > 0 ? AbortSignal.any(signals) : undefined;
  const taskOf = async (taskId: string) => {
    await options.onCheckpoint?.({ taskId });
    return followTask(host, { taskId }, options, signal);
  };
  if (checkpoint && 'taskId' in checkpoint) return taskOf(checkpoint.taskId);
  const result = await drive(
    client,
    (legSignal, round) =>
      host.seam.callTool(
        params as Record<string, unknown>,
        round,
        legSignal,
        requestOptions as Record<string, unknown> | undefined,
        options.tasks !== false,
      ),
    { ...options, ...(signal && { signal }) },
    checkpoint && 'round' in checkpoint ? checkpoint.round : undefined,
  );
  // T-23: a declaring call takes a CallToolResult or a task (after any rounds resolved first, T-08).
  if (!isTaskHandle(result)) return result;
  if (!options.onCheckpoint) return followTask(host, { handle: result }, options, signal);
  const { readTask } = await import('./tasks/task-read.js');
  return taskOf(readTask(result, undefined, MAX_INPUT_REQUESTS_PER_ROUND).taskId);
}

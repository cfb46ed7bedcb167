import { integerOption, loadSuffixList, PeerError } from '@elicitkit/core';
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
import { driveRounds, type RetryRound } from './rounds/round-driver.js';
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
}

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
export async function requestWithElicitation<T>(
  client: Client | V1Client,
  send: (signal: AbortSignal, round?: RetryRound) => Promise<T>,
  options: UrlElicitationRetryOptions = {},
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
        const first = await driver.send((legSignal) => send(legSignal));
        return (await driveRounds(driver, first, (round, legSignal) => send(legSignal, round))) as T;
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
 * `client.callTool` through {@link requestWithElicitation}. `requestOptions` go to every attempt; a
 * `requestOptions.signal` ends the whole exchange, like `options.signal`.
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
  const host = installedHost(client);
  const requestOptions = options.requestOptions as { signal?: AbortSignal } | undefined;
  const signals = [options.signal, requestOptions?.signal].filter((s): s is AbortSignal => !!s);
  const signal = signals.length > 0 ? AbortSignal.any(signals) : undefined;
  const result = await requestWithElicitation(
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
  );
  // T-23: a declaring call takes a CallToolResult or a task (after any rounds resolved first, T-08).
  return isTaskHandle(result) ? followTask(host, { handle: result }, options, signal) : result;
}

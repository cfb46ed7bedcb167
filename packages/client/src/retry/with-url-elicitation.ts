import { PeerError, RefusedError } from '@elicitkit/core';
import {
  type CallToolRequest,
  type CallToolRequestOptions,
  type CallToolResult,
  type Client,
  isInputRequiredResult,
} from '@modelcontextprotocol/client';
import { ClientErrorCode } from '../errors.js';
import { type HostState, hostOf } from '../host/host-state.js';
import type { ParsedUrlElicitation } from '../pipeline/parse-request.js';
import { askUrlConsent, openConsented } from '../pipeline/url-flow.js';
import { closeSignal } from './close-signal.js';
import { InputRequiredRounds, type RetryRound } from './input-required-rounds.js';
import { isUrlElicitationRequired, parseUrlRequired } from './parse-url-required.js';

export type { RetryRound } from './input-required-rounds.js';

/** Options of {@link callToolWithElicitation} and {@link requestWithElicitation}: retry limits, pacing, and a signal. */
export interface UrlElicitationRetryOptions {
  /** 2025: retries after -32042 before giving up with a `PeerError` `retry-limit`. Default 3. */
  maxRetries?: number;
  /** 2026: rounds that ask the user something, before a `PeerError` `round-limit`. Default 10. */
  maxPromptRounds?: number;
  /**
   * 2026: retries the server holds or sheds (requestState only, or a consented URL flow listed again)
   * before a `PeerError` `wait-limit`. Default 60.
   */
  maxWaitRounds?: number;
  /** 2026: pause before each such retry, doubling from `initialMs` to `maxMs` (M-11). Default 250 → 5000. */
  waitPacing?: { initialMs: number; maxMs: number };
  /** Abandons the whole exchange: prompts are withdrawn, waits end, the promise rejects with the reason. */
  signal?: AbortSignal;
}

/** Default `maxRetries`: -32042 retries of one call (2025-11-25). */
export const DEFAULT_MAX_RETRIES = 3;
/** Default `maxPromptRounds`: rounds that ask the user something (2026-07-28). */
export const DEFAULT_MAX_PROMPT_ROUNDS = 10;
/** Default `maxWaitRounds`: retries held or shed while a URL flow runs (2026-07-28). */
export const DEFAULT_MAX_WAIT_ROUNDS = 60;
const DEFAULT_WAIT_PACING = { initialMs: 250, maxMs: 5_000 };

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
 * into the params, and set `allowInputRequired: true` so the `InputRequiredResult` comes back here (without
 * it, the SDK's own driver answers through the same pipeline, without the controls). Ends with the
 * request's result, or a typed error (`ClientErrorCode`): a `PeerError` for bad -32042 data, a 2026 input
 * request refused unseen, or a cap or a loop; a `RefusedError` when the user said no. Other errors from `send` pass through.
 */
export async function requestWithElicitation<T>(
  client: Client,
  send: (signal: AbortSignal, round?: RetryRound) => Promise<T>,
  options: UrlElicitationRetryOptions = {},
): Promise<T> {
  const host = hostOf(client);
  const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
  const closed = closeSignal(client);
  const signal = options.signal ? AbortSignal.any([options.signal, closed.signal]) : closed.signal;
  // Elicitations seen to complete during this exchange: a server asking for one again is looping.
  const completed = new Set<string>();
  const rounds = new InputRequiredRounds(
    host,
    {
      maxPromptRounds: options.maxPromptRounds ?? DEFAULT_MAX_PROMPT_ROUNDS,
      maxWaitRounds: options.maxWaitRounds ?? DEFAULT_MAX_WAIT_ROUNDS,
      waitPacing: options.waitPacing ?? DEFAULT_WAIT_PACING,
    },
    signal,
  );
  let round: RetryRound | undefined;
  try {
    for (let retries = 0; ; ) {
      signal.throwIfAborted();
      let failure: unknown;
      try {
        const leg = round;
        const result = await rounds.send((legSignal) => send(legSignal, leg));
        if (!isInputRequiredResult(result)) return result;
        round = await rounds.next(result);
        continue;
      } catch (error) {
        failure = error;
      }
      if (!isUrlElicitationRequired(failure)) throw failure;
      if (!host.modes.has('url')) {
        throw new PeerError(
          ClientErrorCode.UrlModeNotDeclared,
          'the server requires a URL elicitation (-32042) but this host did not declare URL mode',
          { cause: failure },
        );
      }
      const required = parseUrlRequired(failure, { allowInsecureHttp: host.allowInsecureHttp });
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
      for (const request of required) await consentAndOpen(host, request, signal);
      await waitForCompletions(host, required, signal);
      for (const id of ids) if (!host.tracker.isPending(id)) completed.add(id);
      retries++;
    }
  } finally {
    rounds.finish();
    closed.dispose();
  }
}

/**
 * `client.callTool` through {@link requestWithElicitation}. `requestOptions` go to every attempt; a
 * `requestOptions.signal` ends the whole exchange, like `options.signal`.
 */
export function callToolWithElicitation(
  client: Client,
  params: CallToolRequest['params'],
  options: UrlElicitationRetryOptions & { requestOptions?: CallToolRequestOptions } = {},
): Promise<CallToolResult> {
  const signals = [options.signal, options.requestOptions?.signal].filter((s): s is AbortSignal => !!s);
  return requestWithElicitation(
    client,
    (signal, round) =>
      client.callTool({ ...params, ...round }, {
        ...options.requestOptions,
        signal,
        allowInputRequired: true,
      } as CallToolRequestOptions),
    { ...options, ...(signals.length > 0 && { signal: AbortSignal.any(signals) }) },
  );
}

/** Asks consent for one listed URL flow (origin `required`) and opens it; still-running flows are not asked again. */
async function consentAndOpen(
  host: HostState,
  request: ParsedUrlElicitation,
  signal: AbortSignal,
): Promise<void> {
  if (host.tracker.isPending(request.flowId)) return;
  const context = host.promptContext(signal);
  const outcome = await host.queue.run(signal, () => askUrlConsent(request, 'required', context));
  if (outcome.action === 'decline') {
    throw new RefusedError(
      ClientErrorCode.ConsentDeclined,
      `the user declined to open the URL for elicitation ${request.flowId}`,
      { details: { elicitationId: request.flowId } },
    );
  }
  if (outcome.action === 'cancel') {
    throw new RefusedError(
      ClientErrorCode.ConsentCancelled,
      `the user cancelled the consent prompt for elicitation ${request.flowId}`,
      { details: { elicitationId: request.flowId } },
    );
  }
  host.tracker.consented(request.flowId);
  await openConsented(request, host.opener, context, (error) =>
    host.events.emit('error', { requester: context.requester, during: 'open', error }),
  );
}

/**
 * Waits until every consented flow completes (E-21), while the UI offers "retry now" and "cancel" in case
 * the completion notice never comes (E-22). The manual controls are not queued behind other prompts: they
 * stay up while the user works in the browser.
 */
async function waitForCompletions(
  host: HostState,
  required: readonly ParsedUrlElicitation[],
  signal: AbortSignal,
): Promise<void> {
  const pending = required.filter((request) => host.tracker.isPending(request.flowId));
  if (pending.length === 0) return;
  const done = new AbortController();
  const stop = AbortSignal.any([done.signal, signal]);
  const allCompleted = Promise.all(pending.map((r) => host.tracker.waitFor(r.flowId, stop))).then(
    () => 'completed' as const,
  );
  const requester = host.requester();
  const manual = host.ui.waitForCompletion
    ? Promise.resolve()
        .then(() =>
          host.ui.waitForCompletion!({
            requester,
            pending: pending.map((r) => ({ flowId: r.flowId, url: r.url })),
            signal: done.signal,
          }),
        )
        .catch((error: unknown) => {
          // A broken control panel must not end the wait: completion can still arrive.
          host.events.emit('error', { requester, during: 'ui', error });
          return new Promise<never>(() => {});
        })
    : new Promise<never>(() => {});
  try {
    const outcome = await Promise.race([allCompleted, manual]);
    if (outcome === 'cancel') {
      throw new RefusedError(
        ClientErrorCode.WaitCancelled,
        'the user stopped waiting for the URL flow to complete',
      );
    }
  } finally {
    done.abort();
    allCompleted.catch(() => {});
  }
}

import { isElicitkitError } from '@elicitkit/core';
import type { InputRequest } from '@modelcontextprotocol/server';
import { invalidAnswerError, ServerErrorCode } from '../errors.js';
import type { CallSeam, HandlerContext } from '../sdk/seam.js';
import { askDigest } from './ask-digest.js';
import { assertAvailableIn } from './capabilities.js';
import { defaultAskKey, type RecordedAnswer, type Round } from './round.js';
import type { RequestScope } from './scope.js';
import {
  declined,
  type StartedUrlElicitation,
  type UrlElicitationRequest,
  type UrlFlows,
} from './url-flows.js';

/**
 * URL mode on 2026-07-28 (M-17): no `elicitationId` on the wire, no completion notice, no -32042. The flow's record
 * stays in the store, bound to the user (E-28); its id travels inside the sealed `requestState`. `accept` is consent,
 * not completion: on a retry the server reads the record, and while it is still pending holds the retry for a
 * bounded time watching the store (so a completion on another instance counts), then answers a `requestState`-only
 * round so the host retries. Its 2025-11-25 sibling is `url-2025.ts`.
 */

type RoundScope = RequestScope & { round: Round };

interface UrlAskState {
  position: number;
  digest: string;
  key: string;
  recordId: string | undefined;
  /** The host's answer to the consent prompt, when it came (this round or an earlier one). */
  answer: RecordedAnswer | undefined;
  attempts: number;
}

/** Consent in one round; completion read from the store on the retry (M-17). */
export async function startUrlInRound(
  ctx: HandlerContext,
  scope: RoundScope,
  flows: UrlFlows,
  request: UrlElicitationRequest,
): Promise<StartedUrlElicitation> {
  const round = scope.round;
  // Claimed during the call, like elicitForm's: asks made together keep their order on every round.
  const position = round.claimAsk();
  try {
    flows.check(request);
    const ask = urlAskState(round, position, urlDigest(request));
    if (!ask.recordId || !ask.answer) {
      await queueUrlAsk(ctx, scope, flows, ask, request);
      return round.end();
    }
    const id = ask.recordId;
    const url = flows.urlOf(id);
    const action = ask.answer.action;
    if (action !== 'accept') {
      await flows.expire(id);
      return { action, elicitationId: id, url, completion: () => declined(action) };
    }
    return {
      action,
      elicitationId: id,
      url,
      completion: async (options = {}) => {
        await holdForCompletion(scope.call, round, flows, [id], options.signal);
      },
    };
  } finally {
    round.settle();
  }
}

/**
 * `url.require` on 2026-07-28: the URLs go out in an input-required round instead of -32042, and the retry is held
 * while the flows are pending; once they complete the handler runs again at once, and finds what it needed.
 */
export async function requireUrlInRound(
  ctx: HandlerContext,
  scope: RoundScope,
  flows: UrlFlows,
  list: readonly UrlElicitationRequest[],
): Promise<never> {
  const round = scope.round;
  const positions = list.map(() => round.claimAsk());
  try {
    const asks = list.map((request, i) => {
      flows.check(request);
      return urlAskState(round, positions[i] as number, urlDigest(request));
    });
    for (const [i, ask] of asks.entries()) {
      if (ask.answer && ask.answer.action !== 'accept' && ask.recordId) {
        await flows.expire(ask.recordId);
        return await declined(ask.answer.action);
      }
      if (!ask.recordId || !ask.answer)
        await queueUrlAsk(ctx, scope, flows, ask, list[i] as UrlElicitationRequest);
    }
    if (round.interrupted) return round.end();
    const ids = asks.map((a) => a.recordId as string);
    const held = await holdForCompletion(scope.call, round, flows, ids, undefined);
    if (held === 'completed-while-held') return round.requestRerun();
    // Completed before, yet still required: those flows are spent; ask for new ones.
    for (const [i, ask] of asks.entries()) {
      round.forgetUrlRecord(ask.position);
      await queueUrlAsk(
        ctx,
        scope,
        flows,
        { ...ask, recordId: undefined, answer: undefined },
        list[i] as UrlElicitationRequest,
      );
    }
    return round.end();
  } finally {
    for (const _ of positions) round.settle();
  }
}

/** Where one URL ask stands at `position`: record made or not, consent answered or not (M-09: only `action` is read). */
function urlAskState(round: Round, position: number, digest: string): UrlAskState {
  const key = defaultAskKey(position);
  const recordId = round.urlRecord(position);
  let answer = round.recorded(position, digest);
  let attempts = 0;
  if (!answer && recordId) {
    const response = round.response(position, digest, key);
    if (response) {
      attempts = response.attempts + 1;
      const action = (response.value as { action?: unknown } | null | undefined)?.action;
      // E-16: whatever `content` a URL accept carries is ignored; accept only means consent.
      if (action === 'accept' || action === 'decline' || action === 'cancel') {
        answer = { action };
        round.record(position, digest, answer);
      } else if (attempts >= round.maxAttempts) {
        throw invalidAnswerError([
          { path: ['action'], code: 'type', message: 'must be "accept", "decline" or "cancel"' },
        ]);
      }
    }
  }
  return { position, digest, key, recordId, answer, attempts };
}

function urlDigest(request: UrlElicitationRequest): string {
  return askDigest('url', request.kind, request.message, request.params ?? {});
}

/** Puts the consent prompt of `ask` in this round (making its record first when needed). */
async function queueUrlAsk(
  ctx: HandlerContext,
  scope: RoundScope,
  flows: UrlFlows,
  ask: UrlAskState,
  request: UrlElicitationRequest,
): Promise<void> {
  const round = scope.round;
  let recordId = ask.recordId;
  if (recordId === undefined) {
    // The package's one capability gate (M-04): nothing stored or asked of a host that did not declare url mode.
    assertAvailableIn(ctx, scope, 'url');
    recordId = (await flows.create(ctx, request, round.state.f)).id;
  }
  round.rememberUrlRecord(ask.position, recordId);
  round.queue(ask.position, ask.digest, ask.attempts, ask.key, {
    method: 'elicitation/create',
    // M-17: mode, message and url; the id stays in requestState.
    params: { mode: 'url', message: request.message, url: flows.urlOf(recordId) },
  } as InputRequest);
}

/**
 * Resolves when every record completed. While any is pending, holds the request up to `flows.holdMs` watching
 * the store; says whether they completed before or during the hold. If they do not complete in time, the round
 * ends with `requestState` only, and the host retries.
 */
async function holdForCompletion(
  call: CallSeam,
  round: Round,
  flows: UrlFlows,
  recordIds: readonly string[],
  signal: AbortSignal | undefined,
): Promise<'already-complete' | 'completed-while-held'> {
  const statuses = await Promise.all(recordIds.map((id) => flows.status(id)));
  if (statuses.every((s) => s === 'completed')) return 'already-complete';
  const hold = AbortSignal.timeout(flows.holdMs);
  const stop = AbortSignal.any([hold, call.signal, ...(signal ? [signal] : [])]);
  try {
    await Promise.all(recordIds.map((id) => flows.waitForCompletion(id, { signal: stop })));
    return 'completed-while-held';
  } catch (error) {
    if (
      isElicitkitError(error, ServerErrorCode.ElicitationAborted) &&
      hold.aborted &&
      !call.signal.aborted &&
      !signal?.aborted
    ) {
      return round.holdOver(); // M-11: the host retries at once; nothing new to show
    }
    throw error;
  }
}

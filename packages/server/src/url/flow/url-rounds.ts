import { isElicitkitError, PeerError } from '@elicitkit/core';
import type { InputRequest, ServerContext } from '@modelcontextprotocol/server';
import { askDigest } from '../../delivery/ask-digest.js';
import { defaultAskKey, type RecordedAnswer, type Round } from '../../delivery/round.js';
import { invalidAnswerError, ServerErrorCode } from '../../errors.js';
import { UrlErrorCode } from '../errors.js';
import { elicitationUrl } from '../public-url.js';
import type { UrlElicitationRequest } from './request.js';
import type { UrlElicitationService } from './service.js';

/**
 * URL mode on 2026-07-28 (M-17): no `elicitationId` on the wire, no completion notice, no -32042. The flow's record
 * stays in the store, bound to the user (E-28); its id travels inside the sealed `requestState`. `accept` is consent,
 * not completion: on a retry the server reads the record, and while it is still pending holds the retry for a
 * bounded time watching the store (so a completion on another instance counts), then answers a `requestState`-only
 * round so the host retries.
 */

/** Creates the pending record of an ask (user-bound, capability-gated) and returns its id. */
export type CreateRecord = (
  ctx: ServerContext,
  request: UrlElicitationRequest,
  flowId: string,
) => Promise<string>;

export interface UrlAskState {
  position: number;
  digest: string;
  key: string;
  recordId: string | undefined;
  /** The host's answer to the consent prompt, when it came (this round or an earlier one). */
  answer: RecordedAnswer | undefined;
  attempts: number;
}

/** Where one URL ask stands at `position`: record made or not, consent answered or not (M-09: only `action` is read). */
export function urlAskState(round: Round, position: number, digest: string): UrlAskState {
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

export function urlDigest(request: UrlElicitationRequest): string {
  return askDigest('url', request.kind, request.message, request.params ?? {});
}

/** Puts the consent prompt of `ask` in this round (making its record first when needed). */
export async function queueUrlAsk(
  service: UrlElicitationService,
  create: CreateRecord,
  ctx: ServerContext,
  round: Round,
  ask: UrlAskState,
  request: UrlElicitationRequest,
): Promise<void> {
  const recordId = ask.recordId ?? (await create(ctx, request, round.state.f));
  round.rememberUrlRecord(ask.position, recordId);
  round.queue(ask.position, ask.digest, ask.attempts, ask.key, {
    method: 'elicitation/create',
    // M-17: mode, message and url; the id stays in requestState.
    params: { mode: 'url', message: request.message, url: elicitationUrl(service.publicBaseUrl, recordId) },
  } as InputRequest);
}

/**
 * Resolves when every record completed. While any is pending, holds the request up to `service.holdMs` watching
 * the store; if they complete then, `onCompletedWhileHeld` decides what happens (return, or rerun the handler); if
 * not, the round ends with `requestState` only, and the host retries.
 */
export async function holdForCompletion(
  service: UrlElicitationService,
  ctx: ServerContext,
  round: Round,
  recordIds: readonly string[],
  signal: AbortSignal | undefined,
): Promise<'already-complete' | 'completed-while-held'> {
  const statuses = await Promise.all(recordIds.map((id) => recordStatus(service, id)));
  if (statuses.every((s) => s === 'completed')) return 'already-complete';
  const hold = AbortSignal.timeout(service.holdMs);
  const stop = AbortSignal.any([hold, ctx.mcpReq.signal, ...(signal ? [signal] : [])]);
  try {
    await Promise.all(recordIds.map((id) => service.waitForCompletion(id, { signal: stop })));
    return 'completed-while-held';
  } catch (error) {
    if (
      isElicitkitError(error, ServerErrorCode.ElicitationAborted) &&
      hold.aborted &&
      !ctx.mcpReq.signal.aborted &&
      !signal?.aborted
    ) {
      return round.holdOver(); // M-11: the host retries at once; nothing new to show
    }
    throw error;
  }
}

async function recordStatus(service: UrlElicitationService, id: string): Promise<'completed' | 'pending'> {
  const record = await service.store.get(id);
  if (!record) throw new PeerError(UrlErrorCode.ElicitationNotFound, 'elicitation: unknown id');
  if (record.status === 'completed') return 'completed';
  if (record.status === 'expired' || record.expiresAt <= service.now()) {
    throw new PeerError(UrlErrorCode.ElicitationExpired, 'elicitation: expired before completion');
  }
  return 'pending';
}

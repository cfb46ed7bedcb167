import type { InputRequest } from '@modelcontextprotocol/server';
import { invalidAnswerError } from '../errors.js';
import type { HandlerContext } from '../sdk/seam.js';
import { checkedUrl } from '../url/public-url.js';
import { askDigest } from './ask-digest.js';
import { assertAvailableIn } from './capabilities.js';
import { checkTimeout } from './form-2025.js';
import { checkAskKey, defaultAskKey, type RecordedAnswer } from './round.js';
import { scopeOf } from './scope.js';
import { sendCompletionNotice } from './url-2025.js';

/**
 * A URL another server asked for, handed on to this request's client in the era it speaks: for a relay (a bridge),
 * whose upstream owns the page and its completion. A tool asking for its own pages uses URL mode (`createUrlMode`),
 * which stores, binds and completes its flows; this only asks consent and passes the answer on.
 */
export interface RelayedUrl {
  /** Shown by the client before consent. */
  message: string;
  /** Checked as every elicitkit host checks it (E-15, E-48: https, or http to a loopback host; nothing hidden). */
  url: string;
  /** 2026-07-28: the ask's key in `inputRequests` (default `ask-<n>`). */
  key?: string;
  /** 2025: how long to wait for the consent decision, in ms (default 10 minutes). */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** The client's consent decision (`accept` is consent, not completion: E-16), and on 2025 the id the client knows. */
export interface RelayedUrlAnswer {
  action: 'accept' | 'decline' | 'cancel';
  /** 2025: the `elicitationId` sent; pass it to {@link completeRelayedUrl} once upstream says the page is done. */
  elicitationId?: string;
}

/**
 * Asks consent for `relayed.url`: pushed as `elicitation/create` on a 2025 session (a fresh `elicitationId`), an input
 * request of the round on 2026-07-28 (M-17: no id; the answer comes with the retry and is kept in the sealed state).
 * Needs the client to have declared URL mode (E-09, M-04).
 */
export async function relayUrlElicitation(
  ctx: HandlerContext,
  relayed: RelayedUrl,
): Promise<RelayedUrlAnswer> {
  const scope = scopeOf(ctx);
  const round = scope.round;
  if (!round) {
    const timeoutMs = checkTimeout(relayed.timeoutMs);
    const url = checkedUrl(relayed.url, 'url');
    assertAvailableIn(ctx, scope, 'url');
    const elicitationId = crypto.randomUUID();
    const params = { mode: 'url', message: relayed.message, url, elicitationId };
    const answer = await scope.call.elicit(params, { timeoutMs, signal: relayed.signal, mode: 'url' });
    return { action: answer.action, elicitationId };
  }
  const position = round.claimAsk();
  try {
    const url = checkedUrl(relayed.url, 'url');
    const key = relayed.key === undefined ? defaultAskKey(position) : checkAskKey(relayed.key);
    const digest = askDigest('relayed-url', relayed.message, url);
    const recorded = round.recorded(position, digest);
    if (recorded) return { action: recorded.action };
    const response = round.response(position, digest, key);
    let attempts = 0;
    if (response) {
      attempts = response.attempts + 1;
      const action = (response.value as { action?: unknown } | null | undefined)?.action;
      // E-16: whatever `content` a URL accept carries is ignored; accept only means consent.
      if (action === 'accept' || action === 'decline' || action === 'cancel') {
        const answer: RecordedAnswer = { action };
        round.record(position, digest, answer);
        return answer;
      }
      if (attempts >= round.maxAttempts) {
        throw invalidAnswerError([
          { path: ['action'], code: 'type', message: 'must be "accept", "decline" or "cancel"' },
        ]);
      }
    }
    assertAvailableIn(ctx, scope, 'url'); // M-04
    return round.ask(position, digest, attempts, key, {
      method: 'elicitation/create',
      params: { mode: 'url', message: relayed.message, url },
    } as InputRequest);
  } finally {
    round.settle();
  }
}

/**
 * Tells a 2025 client that the relayed URL elicitation `elicitationId` completed (E-17: on the connection that
 * asked). On 2026-07-28 there is nothing to send (M-17: the client's retry finds out).
 */
export async function completeRelayedUrl(ctx: HandlerContext, elicitationId: string): Promise<void> {
  const scope = scopeOf(ctx);
  if (scope.round) return;
  await sendCompletionNotice(scope.call.server, elicitationId);
}

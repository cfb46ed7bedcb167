import type { InputRequest, Result } from '@modelcontextprotocol/server';
import { invalidAnswerError, invalidOptionError } from '../errors.js';
import type { HandlerContext } from '../sdk/seam.js';
import { askDigest } from './ask-digest.js';
import { checkAskKey, defaultAskKey, type RecordedAnswer } from './round.js';
import { scopeOf } from './scope.js';

/**
 * A request another server sent that elicitkit does not build itself (sampling, roots), handed on to this request's
 * client in a 2026-07-28 round: for a relay (a bridge), whose upstream reads the client's result. Checking that the
 * client declared the capability is the caller's: elicitkit does not know what each method needs.
 */
export interface RelayedRequest {
  method: 'sampling/createMessage' | 'roots/list';
  params: Record<string, unknown>;
  /** The ask's key in `inputRequests` (default `ask-<n>`). */
  key?: string;
}

/** A client's result kept in the sealed state past this many bytes would crowd out the answers (it is refused). */
export const MAX_RELAYED_RESULT_BYTES = 32 * 1024;

/**
 * Asks `relayed` as an input request of this 2026-07-28 round, together with the round's forms and URLs, and
 * resolves with the client's result as it came; the result is kept in the sealed state, so later rounds replay it
 * (M-09: a result that is no object, or too large, is asked again, then refused). On a 2025 session there is no
 * round: send the request on the session (`ctx.mcpReq.send`); this throws a `UsageError` `invalid-option`.
 */
export async function relayInputRequest(ctx: HandlerContext, relayed: RelayedRequest): Promise<Result> {
  const round = scopeOf(ctx).round;
  if (!round) {
    throw invalidOptionError('ctx', 'relayInputRequest asks in a 2026-07-28 round; this request has none');
  }
  const request = { method: relayed.method, params: relayed.params };
  const position = round.claimAsk();
  try {
    const key = relayed.key === undefined ? defaultAskKey(position) : checkAskKey(relayed.key);
    const digest = askDigest('relayed-request', relayed.method, relayed.params);
    const recorded = round.recorded(position, digest);
    if (recorded) return recorded as unknown as Result;
    const response = round.response(position, digest, key);
    let attempts = 0;
    if (response) {
      attempts = response.attempts + 1;
      const value = response.value;
      const fits =
        typeof value === 'object' &&
        value !== null &&
        !Array.isArray(value) &&
        new TextEncoder().encode(JSON.stringify(value)).length <= MAX_RELAYED_RESULT_BYTES;
      if (fits) {
        round.record(position, digest, value as RecordedAnswer);
        return value as Result;
      }
      if (attempts >= round.maxAttempts) {
        throw invalidAnswerError([
          {
            path: [],
            code: 'custom',
            message: `must be a result object of at most ${MAX_RELAYED_RESULT_BYTES} bytes`,
          },
        ]);
      }
    }
    return round.ask(position, digest, attempts, key, request as InputRequest);
  } finally {
    round.settle();
  }
}

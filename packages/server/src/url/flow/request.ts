import { UsageError } from '@elicitkit/core';
import type { UrlElicitationRequest } from '../../delivery/url-flows.js';
import { UrlErrorCode } from '../errors.js';
import type { ElicitationKind } from '../kinds/types.js';

const MAX_MESSAGE_LENGTH = 2000;
const MAX_PARAMS = 32;
const MAX_PARAM_LENGTH = 1024;
const PARAM_KEY = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
export const MIN_TTL_MS = 1000;
export const MAX_TTL_MS = 24 * 60 * 60 * 1000;

/** Checks a request before anything is stored or sent, and returns the kind that will serve its page. */
export function checkRequest(
  request: UrlElicitationRequest,
  kinds: ReadonlyMap<string, ElicitationKind>,
): { kind: ElicitationKind; params: Record<string, string> } {
  const kind = typeof request?.kind === 'string' ? kinds.get(request.kind) : undefined;
  if (!kind) {
    const name = String(request?.kind).slice(0, 64);
    throw new UsageError(
      UrlErrorCode.UnknownKind,
      `kind: "${name}" is not registered (known: ${[...kinds.keys()].join(', ')}); register it in kinds`,
      { details: { kind: name } },
    );
  }
  if (typeof request.message !== 'string' || request.message.trim().length === 0) {
    throw new UsageError(UrlErrorCode.InvalidElicitation, 'message: required, a non-empty string (E-10)');
  }
  if (request.message.length > MAX_MESSAGE_LENGTH) {
    throw new UsageError(
      UrlErrorCode.InvalidElicitation,
      `message: longer than ${MAX_MESSAGE_LENGTH} characters`,
    );
  }
  const params = request.params ?? {};
  const entries = Object.entries(params);
  if (typeof params !== 'object' || entries.length > MAX_PARAMS) {
    throw new UsageError(
      UrlErrorCode.InvalidElicitation,
      `params: an object of at most ${MAX_PARAMS} strings`,
    );
  }
  for (const [key, value] of entries) {
    if (!PARAM_KEY.test(key))
      throw new UsageError(UrlErrorCode.InvalidElicitation, `params.${key.slice(0, 64)}: not a valid name`);
    if (typeof value !== 'string' || value.length > MAX_PARAM_LENGTH) {
      throw new UsageError(
        UrlErrorCode.InvalidElicitation,
        `params.${key}: must be a string of at most ${MAX_PARAM_LENGTH} characters`,
      );
    }
  }
  const problem = kind.checkParams?.(params);
  if (problem)
    throw new UsageError(UrlErrorCode.InvalidElicitation, `params (kind ${kind.name}): ${problem}`);
  if (
    request.ttlMs !== undefined &&
    !(Number.isInteger(request.ttlMs) && request.ttlMs >= MIN_TTL_MS && request.ttlMs <= MAX_TTL_MS)
  ) {
    throw new UsageError(
      UrlErrorCode.InvalidElicitation,
      `ttlMs: an integer from ${MIN_TTL_MS} to ${MAX_TTL_MS}`,
    );
  }
  return { kind, params: { ...params } };
}

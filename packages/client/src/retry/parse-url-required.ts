import { isJsonObject, PeerError } from '@elicitkit/core';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client';
import { ClientErrorCode } from '../errors.js';
import { type ParsedUrlElicitation, parseUrl } from '../pipeline/parse-request.js';
import { displayMessage } from '../pipeline/requester.js';

/** More than this many URL flows for one call is not a plausible need but a way to flood the user. */
const MAX_REQUIRED_ELICITATIONS = 20;

export function isUrlElicitationRequired(error: unknown): error is ProtocolError {
  return error instanceof ProtocolError && error.code === ProtocolErrorCode.UrlElicitationRequired;
}

/**
 * Reads `data.elicitations` of a -32042 error: a non-empty list (E-25) of URL-mode requests, each with an
 * `elicitationId` (E-26), each URL passing `analyzeUrl`. Anything else is a typed error; nothing is shown.
 */
export function parseUrlRequired(
  error: ProtocolError,
  options: { allowInsecureHttp: boolean },
): ParsedUrlElicitation[] {
  const invalid = (message: string) =>
    new PeerError(ClientErrorCode.InvalidUrlRequiredData, `-32042 error: ${message}`, { cause: error });
  const data: unknown = error.data;
  const list = isJsonObject(data) ? data.elicitations : undefined;
  if (!Array.isArray(list) || list.length === 0) {
    throw invalid('data.elicitations must be a non-empty list of URL-mode elicitations');
  }
  if (list.length > MAX_REQUIRED_ELICITATIONS) {
    throw invalid(
      `data.elicitations lists ${list.length} elicitations; at most ${MAX_REQUIRED_ELICITATIONS} are accepted`,
    );
  }
  const seen = new Set<string>();
  return list.map((item: unknown, index) => {
    const at = `data.elicitations[${index}]`;
    if (!isJsonObject(item)) throw invalid(`${at} must be an object`);
    // E-26: every listed elicitation is URL mode
    if (item.mode !== 'url') throw invalid(`${at}.mode must be "url"`);
    if (typeof item.message !== 'string') throw invalid(`${at}.message must be a string`);
    const parsed = parseUrl(item, displayMessage(item.message), options, at);
    if (!parsed.ok) {
      if (parsed.problem.blockReason) {
        throw new PeerError(ClientErrorCode.UrlBlocked, `-32042 error: ${parsed.problem.message}`, {
          cause: error,
        });
      }
      throw invalid(parsed.problem.message);
    }
    if (seen.has(parsed.value.flowId)) throw invalid(`${at}.elicitationId repeats an earlier one`);
    seen.add(parsed.value.flowId);
    return parsed.value;
  });
}

import { UsageError } from '@elicitkit/core';
import { type ElicitRequestURLParams, UrlElicitationRequiredError } from '@modelcontextprotocol/server';
import { UrlErrorCode } from '../errors.js';
import { checkedUrl } from '../public-url.js';

/**
 * The `-32042` error for a request that cannot proceed until URL elicitations complete (E-23, E-38), after
 * checking the list: E-25 every needed elicitation listed (non-empty), E-26 each one URL mode with an
 * `elicitationId`, E-15/E-48 a URL every elicitkit host accepts (core's `analyzeUrl`: https, http only to
 * loopback hosts, no hidden characters), sent in the normalized form hosts show. Throw the result from a tool
 * handler; the SDK passes it to the client as is.
 * E-24: this is the only way this package makes a -32042, and it can only carry URL elicitations.
 */
export function urlElicitationRequired(
  elicitations: readonly ElicitRequestURLParams[],
  message = 'This request needs you to complete a step in your browser first.',
): UrlElicitationRequiredError {
  if (!Array.isArray(elicitations) || elicitations.length === 0) {
    throw new UsageError(
      UrlErrorCode.InvalidElicitation,
      'urlElicitationRequired: data.elicitations must list at least one elicitation',
    );
  }
  const checked = elicitations.map((e, i) => {
    const where = `data.elicitations[${i}]`;
    if (e?.mode !== 'url')
      throw new UsageError(UrlErrorCode.InvalidElicitation, `${where}.mode: must be "url"`);
    if (typeof e.elicitationId !== 'string' || e.elicitationId.length === 0) {
      throw new UsageError(
        UrlErrorCode.InvalidElicitation,
        `${where}.elicitationId: required, a non-empty string`,
      );
    }
    const url = checkedUrl(e.url, `${where}.url`);
    if (typeof e.message !== 'string' || e.message.length === 0) {
      throw new UsageError(UrlErrorCode.InvalidElicitation, `${where}.message: required, a non-empty string`);
    }
    return { mode: e.mode, elicitationId: e.elicitationId, url, message: e.message };
  });
  return new UrlElicitationRequiredError(checked, message);
}

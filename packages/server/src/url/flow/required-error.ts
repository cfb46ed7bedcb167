import { UsageError } from '@elicitkit/core';
import { type ElicitRequestURLParams, UrlElicitationRequiredError } from '@modelcontextprotocol/server';
import { UrlErrorCode } from '../errors.js';

function isValidUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * The `-32042` error for a request that cannot proceed until URL elicitations complete (E-23, E-38), after
 * checking the list: E-25 every needed elicitation listed (non-empty), E-26 each one URL mode with an
 * `elicitationId`, E-15 a valid URL. Throw the result from a tool handler; the SDK passes it to the client as is.
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
  elicitations.forEach((e, i) => {
    const where = `data.elicitations[${i}]`;
    if (e?.mode !== 'url')
      throw new UsageError(UrlErrorCode.InvalidElicitation, `${where}.mode: must be "url"`);
    if (typeof e.elicitationId !== 'string' || e.elicitationId.length === 0) {
      throw new UsageError(
        UrlErrorCode.InvalidElicitation,
        `${where}.elicitationId: required, a non-empty string`,
      );
    }
    if (!isValidUrl(e.url))
      throw new UsageError(UrlErrorCode.InvalidElicitation, `${where}.url: must be an absolute http(s) URL`);
    if (typeof e.message !== 'string' || e.message.length === 0) {
      throw new UsageError(UrlErrorCode.InvalidElicitation, `${where}.message: required, a non-empty string`);
    }
  });
  return new UrlElicitationRequiredError(
    elicitations.map(({ mode, elicitationId, url, message: text }) => ({
      mode,
      elicitationId,
      url,
      message: text,
    })),
    message,
  );
}

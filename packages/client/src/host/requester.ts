import { isJsonObject, sanitizeForDisplay } from '@elicitkit/core';
import type { Requester } from '../ui.js';

/** Longest server name, title or version shown; longer ones are cut (they are the server's own words). */
const MAX_IDENTITY_LENGTH = 120;

/**
 * Who asks (E-03): the identity the server gave in `initialize` (or `server/discover`), sanitized, never
 * taken from a message. A server that gave none is shown as such rather than being dropped.
 */
export function requesterFrom(info: unknown): Requester {
  const fields = isJsonObject(info) ? info : {};
  const clean = (text: unknown) =>
    typeof text === 'string' ? sanitizeForDisplay(text, { maxLength: MAX_IDENTITY_LENGTH }) : undefined;
  const name = clean(fields.name);
  const title = clean(fields.title);
  const version = clean(fields.version);
  return {
    name: name || '(unnamed server)',
    ...(title && { title }),
    ...(version && { version }),
  };
}

/** The server's message as people see it (E-44): sanitized, newlines kept, length bounded by core. */
export function displayMessage(message: string): string {
  return sanitizeForDisplay(message, { allowNewlines: true });
}

import { sanitizeForDisplay } from '@elicitkit/core';
import type { Requester } from '../ui.js';

/** Longest part of a requester label (title, name, version) shown. */
const MAX_PART_LENGTH = 60;

/**
 * How a UI names the server that asks (E-03): `Demo Server (demo 1.0.0)`, or `demo 1.0.0` when the
 * server gave no title. Each part sanitized and cut to 60 characters, so a label is always one short line.
 */
export function requesterLabel(requester: Requester): string {
  const part = (text: string) => sanitizeForDisplay(text, { maxLength: MAX_PART_LENGTH });
  const id = [requester.name, requester.version].filter((text): text is string => !!text).map(part);
  const title = requester.title ? part(requester.title) : undefined;
  return title ? `${title} (${id.join(' ')})` : id.join(' ');
}

import type { Requester } from '@elicitkit/client';
import { sanitizeForDisplay } from '@elicitkit/core';

/**
 * Every server string passes through here before it reaches the DOM, and only ever as text (E-56).
 * The pipeline may already have sanitized it; sanitizing twice is harmless and keeps this UI safe if it
 * is handed a raw string.
 */
export function safeLine(text: string | undefined, maxLength = 200): string {
  return sanitizeForDisplay(text ?? '', { maxLength });
}

/** Like `safeLine`, keeping line breaks (rendered with `white-space: pre-line`). */
export function safeBlock(text: string | undefined, maxLength = 2000): string {
  return sanitizeForDisplay(text ?? '', { allowNewlines: true, maxLength });
}

/** `Demo Server (demo 1.0.0)`, or `demo 1.0.0` when the server gave no title (E-03). */
export function requesterLabel(requester: Requester): string {
  const id = [requester.name, requester.version].filter(Boolean).map((part) => safeLine(part, 60));
  const title = requester.title ? safeLine(requester.title, 60) : undefined;
  return title ? `${title} (${id.join(' ')})` : id.join(' ');
}

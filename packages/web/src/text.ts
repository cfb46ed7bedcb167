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

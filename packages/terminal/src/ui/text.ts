import { sanitizeForDisplay } from '@elicitkit/core';
import type { Style } from './style.js';

/**
 * Column 0 belongs to the host: every row of server text starts with this gutter instead, so no message can
 * draw a line that looks like the host's own (E-03).
 */
export const GUTTER = '  │ ';

/** Server text on one line (labels, option names): no newlines, bounded. */
export function safeLine(text: string, maxLength = 200): string {
  return sanitizeForDisplay(text, { maxLength });
}

/** Server text that may span lines (messages, descriptions). */
export function safeBlock(text: string, maxLength = 4000): string {
  return sanitizeForDisplay(text, { allowNewlines: true, maxLength });
}

const zeroWidth = /^(?:\p{Mn}|\p{Me}|[\u200B-\u200F]|[\uFE00-\uFE0F])$/u;
const emoji = /\p{Emoji_Presentation}/u;

/** Terminal columns one code point takes: 0 for combining marks, 2 for East Asian wide and emoji. */
function charWidth(char: string): number {
  const cp = char.codePointAt(0) ?? 0;
  if (zeroWidth.test(char)) return 0;
  if (
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0xa4cf && cp !== 0x303f) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x20000 && cp <= 0x3fffd) ||
    emoji.test(char)
  ) {
    return 2;
  }
  return 1;
}

export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) width += charWidth(char);
  return width;
}

/**
 * Wraps plain text to `width` columns, breaking at spaces where it can and inside words where it must.
 * We wrap server text ourselves, rather than letting the terminal do it, so that every row it occupies
 * starts with the host's gutter (E-03): a soft-wrapped row would start at column 0, where only the host
 * draws.
 */
export function wrap(text: string, width: number): string[] {
  const rows: string[] = [];
  const limit = Math.max(width, 8);
  for (const line of text.split('\n')) {
    let row = '';
    let rowWidth = 0;
    for (const word of line.split(/(?<= )/)) {
      const wordWidth = displayWidth(word);
      if (rowWidth + wordWidth <= limit) {
        row += word;
        rowWidth += wordWidth;
        continue;
      }
      if (row !== '') rows.push(row.trimEnd());
      row = '';
      rowWidth = 0;
      for (const char of word) {
        const w = charWidth(char);
        if (rowWidth + w > limit) {
          rows.push(row.trimEnd());
          row = '';
          rowWidth = 0;
        }
        row += char;
        rowWidth += w;
      }
    }
    rows.push(row.trimEnd());
  }
  return rows;
}

/** Cuts `text` to at most `width` columns, marking the cut with an ellipsis. */
export function fit(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  let out = '';
  let used = 0;
  for (const char of text) {
    const w = charWidth(char);
    if (used + w > width - 1) break;
    out += char;
    used += w;
  }
  return `${out}…`;
}

/** Server text quoted under the host's own lines (descriptions, messages): each row behind the gutter, dim. */
export function quote(text: string, style: Style, columns: number, maxLength = 1000): string[] {
  return wrap(safeBlock(text, maxLength).trim(), columns - GUTTER.length - 1).map(
    (row) => style.dim(GUTTER) + style.dim(row),
  );
}

import type { Requester } from '@elicitkit/client';
import type { Style } from './style.js';
import { safeBlock, safeLine, wrap } from './text.js';

/** Column-0 marks only the host draws; every row of server text starts with `GUTTER` instead. */
export const BANNER_MARK = '◆ elicit';
export const GUTTER = '  │ ';

/** `Demo Server (demo 1.0.0)`, or `demo 1.0.0` when the server gave no title. */
export function requesterLabel(requester: Requester): string {
  const id = [requester.name, requester.version].filter(Boolean).map((part) => safeLine(part!, 60));
  const title = requester.title ? safeLine(requester.title, 60) : undefined;
  return title ? `${title} (${id.join(' ')})` : id.join(' ');
}

/**
 * E-03: which server asks, in a host-drawn line no message can imitate. The server's message follows,
 * sanitized and wrapped so that each of its rows begins with the gutter, never at column 0.
 */
export function renderBanner(
  heading: string,
  requester: Requester,
  message: string,
  style: Style,
  columns: number,
): string {
  const lines = [
    `${style.bold(BANNER_MARK)} ${style.dim('·')} ${heading} from ${style.accent(requesterLabel(requester))}`,
  ];
  const text = safeBlock(message).trim();
  if (text !== '') {
    for (const row of wrap(text, columns - GUTTER.length - 1)) lines.push(style.dim(GUTTER) + row);
  }
  return lines.join('\n');
}

/** Server text quoted under the host's own lines (descriptions, issue messages). */
export function quote(text: string, style: Style, columns: number, maxLength = 1000): string[] {
  return wrap(safeBlock(text, maxLength).trim(), columns - GUTTER.length - 1).map(
    (row) => style.dim(GUTTER) + style.dim(row),
  );
}

import type { Style } from './style.js';
import { GUTTER, safeBlock, safeLine, wrap } from './text.js';

/** What `terminalUI` calls the host when the app names none. */
export const DEFAULT_HOST_NAME = 'elicit';

/** The host's own mark, `◆ name`, at column 0: only the host draws there (server text sits behind the gutter). */
export function hostMark(hostName: string, style: Style): string {
  return style.bold(`◆ ${hostName}`);
}

/** The app's name for itself, as the mark shows it: one short line. */
export function hostNameOf(name: string | undefined): string {
  const clean = name === undefined ? '' : safeLine(name, 40).trim();
  return clean === '' ? DEFAULT_HOST_NAME : clean;
}

/**
 * E-03: which server asks, in a host-drawn line no message can imitate (`heading` names it). The server's
 * message follows, sanitized and wrapped so that each of its rows begins with the gutter, never at column 0.
 */
export function renderBanner(
  mark: string,
  heading: string,
  message: string,
  style: Style,
  columns: number,
): string {
  const lines = [`${mark} ${style.dim('·')} ${heading}`];
  const text = safeBlock(message).trim();
  if (text !== '') {
    for (const row of wrap(text, columns - GUTTER.length - 1)) lines.push(style.dim(GUTTER) + row);
  }
  return lines.join('\n');
}

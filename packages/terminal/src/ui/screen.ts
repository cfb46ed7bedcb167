import type { Requester } from '@elicitkit/client';
import { requesterLabel } from '@elicitkit/client/ui-kit';
import type { Words } from '../i18n/messages.js';
import type { Style } from './style.js';
import type { TerminalIO } from './terminal-io.js';

/** Everything a prompt needs to draw: where, how (colour, width), in which words, and under whose mark. */
export interface Screen {
  io: TerminalIO;
  style: Style;
  /** Wrap width, 40–200. */
  columns: number;
  words: Words;
  /** The host's mark, `◆ name`, already styled. */
  mark: string;
}

/** The requester label (E-03) as a message parameter: sanitized by the kit, highlighted. */
export function serverParam(requester: Requester, style: Style): string {
  return style.accent(requesterLabel(requester));
}

import type { HostNotice } from '@elicitkit/client';
import { requesterLabel } from '@elicitkit/client/ui-kit';
import type { AllowedUrlAnalysis, Translator } from '@elicitkit/core';
import type { TerminalMessageKey } from '../i18n/en.js';
import { openFailureReason } from './open-failure.js';
import type { Screen } from './screen.js';
import { safeLine, wrap } from './text.js';

/** A notice in words: how serious, its sentences, and the address to open by hand when there is one. */
export interface NoticeText {
  level: 'warn' | 'info';
  sentences: string[];
  /** The address to copy, shown alone on its own line. */
  address?: string;
}

/**
 * A notice in the person's words, by its code (the client's English `message` is for logs). `opened` is the
 * URL the person last consented to, which `url-opened` and `open-failed` are about. When the browser cannot
 * be started (E-53: never claim a page opened), it says why and what to do (copy the address, or set
 * `BROWSER`).
 */
export function noticeText(
  notice: HostNotice,
  t: Translator<TerminalMessageKey>,
  opened: AllowedUrlAnalysis | undefined,
): NoticeText {
  const server = requesterLabel(notice.requester);
  switch (notice.code) {
    case 'open-failed': {
      const reason = openFailureReason();
      return {
        level: 'warn',
        sentences: [
          t.t('notice.open-failed', { reason: t.t(reason.key, reason.params) }),
          t.t(opened ? 'notice.open-failed.todo' : 'notice.open-failed.unknown-url'),
        ],
        ...(opened && { address: safeLine(opened.display.full, 8192) }),
      };
    }
    case 'url-opened': {
      const site = opened?.display.registrableDomain ?? opened?.display.hostUnicode;
      const sentence = site
        ? t.t('notice.url-opened', { site: safeLine(site, 300) })
        : t.t('notice.url-opened.unknown');
      return { level: 'info', sentences: [sentence] };
    }
    case 'elicitation-complete':
      return { level: 'info', sentences: [t.t('notice.elicitation-complete', { server })] };
    case 'rate-limited':
      return { level: 'warn', sentences: [t.t('notice.rate-limited', { server })] };
    case 'request-rejected':
      return { level: 'warn', sentences: [t.t('notice.request-rejected', { server })] };
    default:
      // A code this version does not know: the client's own words, sanitized.
      return { level: 'info', sentences: [`${server}: ${safeLine(notice.message, 2000)}`] };
  }
}

/**
 * A notice on screen: a mark, its sentences wrapped under it, and the address on a line of its own that we
 * never wrap, so it is read and copied whole. The server's name is not highlighted here: the text is wrapped
 * to the screen, which counts characters, not escapes.
 */
export function noticeLines(
  notice: HostNotice,
  screen: Screen,
  opened: AllowedUrlAnalysis | undefined,
): string {
  const { style, columns } = screen;
  const text = noticeText(notice, screen.words.t, opened);
  const mark = text.level === 'warn' ? style.warn('!') : style.dim('ℹ');
  const lines = text.sentences.map((sentence, index) =>
    wrap(sentence, columns - 4)
      .map((row, i) => `  ${index === 0 && i === 0 ? mark : ' '} ${row}`)
      .join('\n'),
  );
  if (text.address) lines.push(`    ${text.address}`);
  return lines.join('\n');
}

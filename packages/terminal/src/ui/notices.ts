import type { HostNotice } from '@elicitkit/client';
import { requesterLabel } from '@elicitkit/client/ui-kit';
import type { AllowedUrlAnalysis } from '@elicitkit/core';
import { openFailureReason } from './open-failure.js';
import type { Screen } from './screen.js';
import { safeLine, wrap } from './text.js';

/**
 * A notice in the screen's words, by its code (the client's English `message` is for logs). `opened` is
 * the URL the person last consented to, which `url-opened` and `open-failed` are about.
 *
 * When the browser cannot be started (E-53: never claim a page opened), the notice says why, what to do
 * (copy the address, or set `BROWSER`), and gives the address on a line of its own that we never wrap, so
 * it is read and copied whole.
 */
export function noticeLines(
  notice: HostNotice,
  screen: Screen,
  opened: AllowedUrlAnalysis | undefined,
): string {
  const { style, columns } = screen;
  const { t } = screen.words;
  // Plain, not highlighted: the notice is wrapped to the screen, which counts characters, not escapes.
  const server = requesterLabel(notice.requester);
  const item = (mark: string, text: string) =>
    wrap(text, columns - 4)
      .map((row, i) => `  ${i === 0 ? mark : ' '} ${row}`)
      .join('\n');
  switch (notice.code) {
    case 'open-failed': {
      const reason = openFailureReason();
      const lines = [
        item(style.warn('!'), t.t('notice.open-failed', { reason: t.t(reason.key, reason.params) })),
        item(' ', t.t(opened ? 'notice.open-failed.todo' : 'notice.open-failed.unknown-url')),
      ];
      if (opened) lines.push(`    ${safeLine(opened.display.full, 8192)}`);
      return lines.join('\n');
    }
    case 'url-opened': {
      const site = opened?.display.registrableDomain ?? opened?.display.hostUnicode;
      return item(
        style.dim('ℹ'),
        site ? t.t('notice.url-opened', { site: safeLine(site, 300) }) : t.t('notice.url-opened.unknown'),
      );
    }
    case 'elicitation-complete':
      return item(style.dim('ℹ'), t.t('notice.elicitation-complete', { server }));
    case 'rate-limited':
      return item(style.warn('!'), t.t('notice.rate-limited', { server }));
    case 'request-rejected':
      return item(style.warn('!'), t.t('notice.request-rejected', { server }));
    default:
      // A code this version does not know: the client's own words, sanitized.
      return item(style.dim('ℹ'), `${server}: ${safeLine(notice.message, 2000)}`);
  }
}

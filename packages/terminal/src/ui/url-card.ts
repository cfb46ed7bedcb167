import type { ConsentCard, UrlSegment } from '@elicitkit/client/ui-kit';
import type { AllowedUrlAnalysis } from '@elicitkit/core';
import type { Screen } from './screen.js';
import type { Style } from './style.js';
import { displayWidth, safeLine, wrap } from './text.js';

/**
 * E-54: the URL exactly as it will be opened, with only the registrable domain bright, at the place core
 * found it in the href (an IP host has none: the whole URL stays dim). One line, never wrapped by us, so it
 * can be read and copied whole.
 */
export function highlightUrl(segments: readonly UrlSegment[], style: Style): string {
  return segments
    .map((segment) =>
      segment.kind === 'domain'
        ? style.domain(safeLine(segment.text, 8192))
        : segment.kind === 'text'
          ? style.dim(safeLine(segment.text, 8192))
          : style.dim('…'),
    )
    .join('');
}

/**
 * The consent card (E-06, E-52, E-55, E-56), from the kit's model of it: the full URL as plain text (never
 * an OSC 8 hyperlink, so nothing on screen is clickable), the site in the spelling core's IDN display policy
 * picks with the other spelling beside it, both spellings of the host when they differ, and one line per
 * warning, right above the question. `card.openable` false (an analysis the kit does not vouch for) shows
 * why and offers no Open.
 */
export function renderUrlCard(card: ConsentCard, url: AllowedUrlAnalysis, screen: Screen): string {
  const { style, columns } = screen;
  const { t } = screen.words;
  const lines = [`  ${t.t('url.opens')}`, `    ${highlightUrl(card.address, style)}`];
  if (!card.openable) {
    lines.push(`  ${style.warn('⚠')} ${style.warn(t.t('url.blocked'))}`);
    return lines.join('\n');
  }
  const { display } = url;
  const { site } = card;
  const label = (key: 'url.site' | 'url.host') => style.dim(t.t(key));
  const siteName = safeLine(site.registrableDomain ?? site.host, 300);
  if (site.other) {
    // The other spelling of the site itself, for the note beside it.
    const other =
      site.other.form === 'unicode'
        ? (display.registrableDomain ?? site.other.host)
        : (display.registrableDomainAscii ?? site.other.host);
    const note = t.t(site.form === 'ascii' ? 'url.displayed-as' : 'url.sent-as', {
      site: safeLine(other, 300),
    });
    lines.push(`  ${label('url.site')}  ${style.bold(siteName)}  ${style.dim(note)}`);
    const unicode = site.form === 'unicode' ? site.host : site.other.host;
    const ascii = site.form === 'ascii' ? site.host : site.other.host;
    const indent = ' '.repeat(displayWidth(t.t('url.host')) + 4);
    lines.push(`  ${label('url.host')}  ${safeLine(unicode, 300)}  ${style.dim(t.t('url.as-shown'))}`);
    lines.push(`${indent}${safeLine(ascii, 300)}  ${style.dim(t.t('url.as-resolved'))}`);
  } else {
    lines.push(`  ${label('url.site')}  ${style.bold(siteName)}`);
    if (site.subdomain) lines.push(`  ${label('url.host')}  ${safeLine(site.host, 300)}`);
  }
  for (const warning of card.warnings) {
    const text = t.t(`warning.${warning.code}`, {
      ...card.warningParams,
      count: card.warningParams.length ?? 0,
    });
    // Wrapped under its own mark, so each warning reads as one item.
    wrap(safeLine(text, 600), columns - 5).forEach((row, i) => {
      lines.push(`  ${i === 0 ? style.warn('⚠') : ' '} ${style.warn(row)}`);
    });
  }
  return lines.join('\n');
}

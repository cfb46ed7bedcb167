import type { ConsentSite, UrlSegment } from '@elicitkit/client/ui-kit';
import type { UrlWarning } from '@elicitkit/core';
import { h } from '../dom.js';
import type { Messages } from '../i18n/messages.js';
import { safeLine } from '../text.js';

/**
 * An address as text (E-52), never a link (E-56), left to right in every language, the registrable
 * domain marked where core located it (E-54); an elision says how much it hides.
 */
export function addressNodes(segments: readonly UrlSegment[], messages: Messages): Node[] {
  return segments.map((segment) => {
    if (segment.kind === 'domain') return h('mark', { part: 'url-domain' }, segment.text);
    if (segment.kind === 'text') return document.createTextNode(segment.text);
    return h(
      'span',
      { class: 'elided' },
      h('span', { 'aria-hidden': 'true' }, '…'),
      h(
        'span',
        { class: 'visually-hidden' },
        ` (${messages.ui.t('url.hidden', { count: segment.hidden })}) `,
      ),
    );
  });
}

/** `login.secure.` then the registrable domain marked (E-54), in the spelling the card names the site by. */
export function siteLine(site: ConsentSite): HTMLElement {
  const line = h('p', { class: 'site', part: 'site', dir: 'ltr' });
  if (site.registrableDomain !== undefined) {
    if (site.subdomain) line.append(`${safeLine(site.subdomain, 300)}.`);
    line.append(h('mark', { part: 'domain' }, safeLine(site.registrableDomain, 300)));
  } else {
    line.append(h('mark', { part: 'domain' }, safeLine(site.host, 300)));
  }
  if (site.port) line.append(`:${safeLine(site.port, 10)}`);
  return line;
}

/** The other spelling of the host, as secondary text under the site line. */
export function otherSpelling(site: ConsentSite, messages: Messages): HTMLElement | undefined {
  const other = site.other;
  if (!other) return undefined;
  return h(
    'p',
    { class: 'hint', part: `host-other host-${other.form}` },
    messages.ui.t(other.form === 'ascii' ? 'url.asSent' : 'url.asShown'),
    ' ',
    h('bdi', { class: 'ascii', dir: 'ltr' }, safeLine(other.host, 300)),
  );
}

/**
 * A warning in the person's language. English shows core's own sentence, which names the exact label and
 * trick; other languages word the same finding from its code and the card's facts.
 */
export function warningText(
  warning: UrlWarning,
  params: Record<string, string | number>,
  messages: Messages,
): string {
  const t = messages.ui;
  if (t.language === 'en') return safeLine(warning.message, 600);
  const count = typeof params.length === 'number' ? params.length : 0;
  return safeLine(t.t(`warning.${warning.code}`, { ...params, count }), 600);
}

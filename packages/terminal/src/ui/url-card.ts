import type { UrlAnalysis } from '@elicitkit/core';
import type { Style } from './style.js';
import { safeLine, wrap } from './text.js';

/** Splits `display.full` around its host so the registrable domain can be lit and the rest dimmed. */
function hostSpan(full: string): { start: number; end: number } | undefined {
  const authorityStart = full.indexOf('//');
  if (authorityStart < 0) return undefined;
  const from = authorityStart + 2;
  let to = full.length;
  for (const stop of ['/', '?', '#']) {
    const at = full.indexOf(stop, from);
    if (at >= 0 && at < to) to = at;
  }
  const start = full.lastIndexOf('@', to - 1) >= from ? full.lastIndexOf('@', to - 1) + 1 : from;
  // The port follows the last colon outside IPv6 brackets.
  const colon = full.lastIndexOf(':', to - 1);
  const end = colon > start && !full.slice(colon, to).includes(']') ? colon : to;
  return { start, end };
}

/**
 * E-54: the URL exactly as it will be opened, with only the registrable domain bright. The labels of
 * the domain are counted from the right, so this works whether the core reports it in Unicode or ASCII.
 */
export function highlightUrl(url: UrlAnalysis, style: Style): string {
  const full = safeLine(url.display.full, 8192);
  const span = hostSpan(full);
  const domain = url.display.registrableDomain;
  if (!span || !domain) return style.dim(full);
  // A fully qualified host (`example.com.`) keeps its dot, outside the highlight.
  if (full[span.end - 1] === '.') span.end--;
  const host = full.slice(span.start, span.end);
  const labels = host.split('.');
  const domainLabels = domain.split('.').length;
  const cut = span.start + labels.slice(0, Math.max(labels.length - domainLabels, 0)).join('.').length;
  const domainStart = cut === span.start ? cut : cut + 1;
  return (
    style.dim(full.slice(0, domainStart)) +
    style.domain(full.slice(domainStart, span.end)) +
    style.dim(full.slice(span.end))
  );
}

/** The ASCII spelling of `domain` (counted in labels from the right of the ASCII host). */
function asciiDomain(hostAscii: string, domain: string): string {
  const labels = hostAscii.replace(/\.$/, '').split('.');
  return labels.slice(-domain.split('.').length).join('.');
}

/**
 * The consent card (E-06, E-52, E-55, E-56): the full URL as plain text (never an OSC 8 hyperlink, so
 * nothing on screen is clickable), the domain that will be contacted, both spellings of the host when
 * they differ, and one line per warning.
 */
export function renderUrlCard(url: UrlAnalysis, style: Style, columns: number): string {
  const d = url.display;
  const lines = ['  Opens in your browser:', `    ${highlightUrl(url, style)}`];
  // The site as the browser will contact it: for an international host that is the punycode spelling,
  // since the Unicode one is exactly what a look-alike name imitates.
  const site = d.registrableDomain ?? d.hostUnicode;
  const siteAscii = asciiDomain(d.hostAscii, site);
  lines.push(
    siteAscii === site
      ? `  ${style.dim('Site:')}  ${style.bold(safeLine(site, 300))}`
      : `  ${style.dim('Site:')}  ${style.bold(safeLine(siteAscii, 300))}  ${style.dim(`(displayed as ${safeLine(site, 300)})`)}`,
  );
  if (d.hostUnicode !== d.hostAscii) {
    lines.push(`  ${style.dim('Host:')}  ${safeLine(d.hostUnicode, 300)}  ${style.dim('as shown')}`);
    lines.push(`         ${safeLine(d.hostAscii, 300)}  ${style.dim('as your browser will resolve it')}`);
  } else if (d.subdomain) {
    lines.push(`  ${style.dim('Host:')}  ${safeLine(d.hostAscii, 300)}`);
  }
  for (const warning of url.warnings) {
    // Wrapped under its own mark, so each warning reads as one item.
    wrap(safeLine(warning.message, 600), columns - 5).forEach((row, i) => {
      lines.push(`  ${i === 0 ? style.warn('⚠') : ' '} ${style.warn(row)}`);
    });
  }
  return lines.join('\n');
}

import type { AllowedUrlAnalysis } from '@elicitkit/core';
import type { Style } from './style.js';
import { safeLine, wrap } from './text.js';

/**
 * E-54: the URL exactly as it will be opened, with only the registrable domain bright, at the place core
 * found it in the href (an IP host has none: the whole URL stays dim).
 */
export function highlightUrl(url: AllowedUrlAnalysis, style: Style): string {
  const { full, registrableDomainRange: domain } = url.display;
  if (!domain) return style.dim(full);
  return (
    style.dim(full.slice(0, domain.start)) +
    style.domain(full.slice(domain.start, domain.end)) +
    style.dim(full.slice(domain.end))
  );
}

/**
 * The consent card (E-06, E-52, E-55, E-56): the full URL as plain text (never an OSC 8 hyperlink, so
 * nothing on screen is clickable), the domain that will be contacted, both spellings of the host when
 * they differ, and one line per warning.
 */
export function renderUrlCard(url: AllowedUrlAnalysis, style: Style, columns: number): string {
  const d = url.display;
  const lines = ['  Opens in your browser:', `    ${highlightUrl(url, style)}`];
  // The site as the browser will contact it: for an international host that is the punycode spelling,
  // since the Unicode one is exactly what a look-alike name imitates.
  const site = d.registrableDomain ?? d.hostUnicode;
  const siteAscii = d.registrableDomainAscii ?? d.hostAscii;
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

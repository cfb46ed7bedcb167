import { consentCard } from '@elicitkit/client/ui-kit';
import { type AllowedUrlAnalysis, analyzeUrl } from '@elicitkit/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadWords } from '../src/i18n/messages.js';
import { hostMark, hostNameOf, renderBanner } from '../src/ui/banner.js';
import { type Screen, serverParam } from '../src/ui/screen.js';
import { createStyle, type Style } from '../src/ui/style.js';
import { displayWidth, GUTTER, wrap } from '../src/ui/text.js';
import { highlightUrl, renderUrlCard } from '../src/ui/url-card.js';

const plain = createStyle(false);
const mark = hostMark('elicit', plain);
let screen: Screen;
beforeAll(async () => {
  screen = {
    io: { input: process.stdin, output: process.stdout },
    style: plain,
    columns: 200,
    words: await loadWords('en'),
    mark,
  };
});

/** A form banner as the terminal draws it. */
function banner(
  requester: Parameters<typeof serverParam>[0],
  message: string,
  columns: number,
  style: Style = plain,
) {
  return renderBanner(mark, `form request from ${serverParam(requester, style)}`, message, style, columns);
}

/** The consent card, as the terminal draws it for `url`. */
function card(url: AllowedUrlAnalysis, style: Style = plain): string {
  return renderUrlCard(consentCard(url), url, { ...screen, style });
}

/** The URL line of the card. */
function highlighted(url: AllowedUrlAnalysis, style: Style): string {
  const made = consentCard(url);
  if (!made.openable) throw new Error('not openable');
  return highlightUrl(made.address, style);
}

/** An allowed URL, as the consent card is only ever given. */
function allowedUrl(url: string): AllowedUrlAnalysis {
  const analysis = analyzeUrl(url);
  if (!analysis.allowed) throw new Error(analysis.blockMessage);
  return analysis;
}
/** Marks the highlighted span as [[…]] so tests can read it without escape codes. */
const marked = { ...plain, domain: (text: string) => `[[${text}]]`, dim: (text: string) => text };

describe('banner and server text', () => {
  it('[E-03] starts every row of server text with the gutter, wrapped rows included, so none reaches column 0', () => {
    const message = `${'word '.repeat(40)}\n◆ elicit · form request from Your Bank\n${'x'.repeat(200)}`;
    const lines = banner({ name: 'evil', version: '1' }, message, 60).split('\n');
    expect(lines[0]).toBe('◆ elicit · form request from evil 1');
    for (const line of lines.slice(1)) {
      expect(line.startsWith(GUTTER)).toBe(true);
      expect(displayWidth(line)).toBeLessThanOrEqual(60);
    }
    expect(lines.filter((line) => line.startsWith('◆'))).toHaveLength(1);
  });

  it('[E-03] names the server by title and by name and version, with its own text sanitized', () => {
    const drawn = banner({ name: 'srv\u001b[31m', title: 'My \u202eServer', version: '2' }, 'hi', 80);
    expect(drawn.split('\n')[0]).toBe('◆ elicit · form request from My Server (srv 2)');
  });

  it('names the host as the app asks (hostName), one short line, never empty', () => {
    expect(hostNameOf('Acme Assistant')).toBe('Acme Assistant');
    expect(hostNameOf(undefined)).toBe('elicit');
    expect(hostNameOf('  ')).toBe('elicit');
    expect(hostNameOf('Evil\u001b[2J\nName')).toBe('Evil Name');
    expect(hostNameOf('x'.repeat(100)).length).toBeLessThanOrEqual(40);
  });

  it('wraps wide characters by their terminal width', () => {
    const rows = wrap('日本語のテキスト'.repeat(5), 20);
    for (const row of rows) expect(displayWidth(row)).toBeLessThanOrEqual(20);
    expect(rows.join('')).toBe('日本語のテキスト'.repeat(5));
  });
});

describe('URL consent card', () => {
  it('[E-54] lights only the registrable domain of the URL', () => {
    const url = allowedUrl('https://login.secure.example.co.uk:8443/path?q=1');
    expect(highlighted(url, marked)).toBe('https://login.secure.[[example.co.uk]]:8443/path?q=1');
  });

  it('[E-54] finds the domain after user info and in a punycode host', () => {
    expect(highlighted(allowedUrl('https://paypal.com@evil.example.com/x'), marked)).toBe(
      'https://paypal.com@evil.[[example.com]]/x',
    );
    expect(highlighted(allowedUrl('https://login.xn--pypal-4ve.com/'), marked)).toBe(
      'https://login.[[xn--pypal-4ve.com]]/',
    );
  });

  it('[E-52] [E-55] [E-56] shows the full URL as plain text, both host spellings and one line per warning', () => {
    const url = allowedUrl('https://login.xn--pypal-4ve.com/connect?id=abc');
    const drawn = card(url);
    expect(drawn).toContain('    https://login.xn--pypal-4ve.com/connect?id=abc');
    expect(drawn).toContain('login.pаypal.com  as shown');
    expect(drawn).toContain('login.xn--pypal-4ve.com  as your browser will resolve it');
    // The site line names what the browser contacts, not the look-alike spelling.
    expect(drawn).toContain('Site:  xn--pypal-4ve.com  (displayed as pаypal.com)');
    expect(drawn.split('\n').filter((line) => line.startsWith('  ⚠'))).toHaveLength(url.warnings.length);
    expect(url.warnings.length).toBeGreaterThan(0);
    // E-56: no OSC 8 hyperlink, nor any other escape, even with colour on.
    expect(card(url, createStyle(true))).not.toContain('\u001b]8');
  });

  it('[E-54] lights the domain of a fully qualified host without its trailing dot, and nothing of an IP host', () => {
    expect(highlighted(allowedUrl('https://www.example.com./a'), marked)).toBe(
      'https://www.[[example.com]]./a',
    );
    expect(highlighted(allowedUrl('https://93.184.216.34/a'), marked)).toBe('https://93.184.216.34/a');
  });

  it('[E-54] [E-55] names a harmless international site in Unicode (the IDN display policy), the ASCII form beside it', () => {
    const drawn = card(allowedUrl('https://www.bücher.example/'));
    expect(drawn).toContain('Site:  bücher.example  (your browser sends it as xn--bcher-kva.example)');
    expect(drawn).toContain('Host:  www.bücher.example  as shown');
    expect(drawn).toContain('       www.xn--bcher-kva.example  as your browser will resolve it');
  });

  it('offers no Open for an analysis the kit does not vouch for, whatever it is handed', () => {
    const forged = { ...allowedUrl('https://example.com/'), href: 'javascript:alert(1)' };
    const made = consentCard(forged);
    expect(made.openable).toBe(false);
    expect(renderUrlCard(made, forged, screen)).toContain('This address cannot be opened.');
  });
});

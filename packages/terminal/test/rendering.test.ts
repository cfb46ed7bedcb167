import { analyzeUrl } from '@elicitkit/core';
import { describe, expect, it } from 'vitest';
import { GUTTER, renderBanner } from '../src/ui/banner.js';
import { createStyle } from '../src/ui/style.js';
import { displayWidth, wrap } from '../src/ui/text.js';
import { highlightUrl, renderUrlCard } from '../src/ui/url-card.js';

const plain = createStyle(false);
/** Marks the highlighted span as [[…]] so tests can read it without escape codes. */
const marked = { ...plain, domain: (text: string) => `[[${text}]]`, dim: (text: string) => text };

describe('banner and server text', () => {
  it('[E-03] starts every row of server text with the gutter, wrapped rows included, so none reaches column 0', () => {
    const message = `${'word '.repeat(40)}\n◆ elicit · form request from Your Bank\n${'x'.repeat(200)}`;
    const lines = renderBanner('form request', { name: 'evil', version: '1' }, message, plain, 60).split(
      '\n',
    );
    expect(lines[0]).toBe('◆ elicit · form request from evil 1');
    for (const line of lines.slice(1)) {
      expect(line.startsWith(GUTTER)).toBe(true);
      expect(displayWidth(line)).toBeLessThanOrEqual(60);
    }
    expect(lines.filter((line) => line.startsWith('◆'))).toHaveLength(1);
  });

  it('[E-03] names the server by title and by name and version, with its own text sanitized', () => {
    const banner = renderBanner(
      'URL request',
      { name: 'srv\u001b[31m', title: 'My \u202eServer', version: '2' },
      'hi',
      plain,
      80,
    );
    expect(banner.split('\n')[0]).toBe('◆ elicit · URL request from My Server (srv 2)');
  });

  it('wraps wide characters by their terminal width', () => {
    const rows = wrap('日本語のテキスト'.repeat(5), 20);
    for (const row of rows) expect(displayWidth(row)).toBeLessThanOrEqual(20);
    expect(rows.join('')).toBe('日本語のテキスト'.repeat(5));
  });
});

describe('URL consent card', () => {
  it('[E-54] lights only the registrable domain of the URL', () => {
    const url = analyzeUrl('https://login.secure.example.co.uk:8443/path?q=1');
    expect(highlightUrl(url, marked)).toBe('https://login.secure.[[example.co.uk]]:8443/path?q=1');
  });

  it('[E-54] finds the domain after user info and in a punycode host', () => {
    expect(highlightUrl(analyzeUrl('https://paypal.com@evil.example.com/x'), marked)).toBe(
      'https://paypal.com@evil.[[example.com]]/x',
    );
    expect(highlightUrl(analyzeUrl('https://login.xn--pypal-4ve.com/'), marked)).toBe(
      'https://login.[[xn--pypal-4ve.com]]/',
    );
  });

  it('[E-52] [E-55] [E-56] shows the full URL as plain text, both host spellings and one line per warning', () => {
    const url = analyzeUrl('https://login.xn--pypal-4ve.com/connect?id=abc');
    const card = renderUrlCard(url, plain, 200);
    expect(card).toContain('    https://login.xn--pypal-4ve.com/connect?id=abc');
    expect(card).toContain('login.pаypal.com  as shown');
    expect(card).toContain('login.xn--pypal-4ve.com  as your browser will resolve it');
    // The site line names what the browser contacts, not the look-alike spelling.
    expect(card).toContain('Site:  xn--pypal-4ve.com  (displayed as pаypal.com)');
    expect(card.split('\n').filter((line) => line.startsWith('  ⚠'))).toHaveLength(url.warnings.length);
    expect(url.warnings.length).toBeGreaterThan(0);
    // E-56: no OSC 8 hyperlink, nor any other escape, even with colour on.
    expect(renderUrlCard(url, createStyle(true), 200)).not.toContain('\u001b]8');
  });
});

import { type AllowedUrlAnalysis, analyzeUrl, type ContentIssue } from '@elicitkit/core';
import { describe, expect, it } from 'vitest';
import { GUTTER, renderBanner } from '../src/ui/banner.js';
import { issuesFor } from '../src/ui/form-flow.js';
import { createStyle } from '../src/ui/style.js';
import { displayWidth, wrap } from '../src/ui/text.js';
import { highlightUrl, renderUrlCard } from '../src/ui/url-card.js';

const plain = createStyle(false);

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
    const url = allowedUrl('https://login.secure.example.co.uk:8443/path?q=1');
    expect(highlightUrl(url, marked)).toBe('https://login.secure.[[example.co.uk]]:8443/path?q=1');
  });

  it('[E-54] finds the domain after user info and in a punycode host', () => {
    expect(highlightUrl(allowedUrl('https://paypal.com@evil.example.com/x'), marked)).toBe(
      'https://paypal.com@evil.[[example.com]]/x',
    );
    expect(highlightUrl(allowedUrl('https://login.xn--pypal-4ve.com/'), marked)).toBe(
      'https://login.[[xn--pypal-4ve.com]]/',
    );
  });

  it('[E-52] [E-55] [E-56] shows the full URL as plain text, both host spellings and one line per warning', () => {
    const url = allowedUrl('https://login.xn--pypal-4ve.com/connect?id=abc');
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

  it('[E-54] lights the domain of a fully qualified host without its trailing dot, and nothing of an IP host', () => {
    expect(highlightUrl(allowedUrl('https://www.example.com./a'), marked)).toBe(
      'https://www.[[example.com]]./a',
    );
    expect(highlightUrl(allowedUrl('https://93.184.216.34/a'), marked)).toBe('https://93.184.216.34/a');
  });

  it('[E-54] names an international site by the ASCII domain core computed', () => {
    const card = renderUrlCard(allowedUrl('https://www.bücher.example/'), plain, 200);
    expect(card).toContain('Site:  xn--bcher-kva.example  (displayed as bücher.example)');
  });
});

describe('form issues by field', () => {
  const issue = (path: ContentIssue['path']): ContentIssue => ({ path, code: 'type', message: 'wrong' });

  it('[E-59] shows an issue under the field its path starts with, item issues included', () => {
    const issues = [issue(['tag']), issue(['tags', 1])];
    expect(issuesFor(issues, 'tag')).toEqual([issues[0]]);
    expect(issuesFor(issues, 'tags')).toEqual([issues[1]]);
  });

  it('does not show the issues of a property named "tag.x" under "tag"', () => {
    const issues = [issue(['tag.x']), issue(['tag.x', 0])];
    expect(issuesFor(issues, 'tag')).toEqual([]);
    expect(issuesFor(issues, 'tag.x')).toEqual(issues);
  });
});

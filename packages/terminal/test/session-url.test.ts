// @needs tmux
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SPOOF_URL, urlServer } from './helpers/fixtures.js';
import type { TestServer } from './helpers/servers.js';
import { answer, connectSession, lastLineWith } from './helpers/session.js';
import type { Terminal } from './helpers/tmux.js';

let server: TestServer;
let term: Terminal | undefined;
let scratch: string;
/** A stand-in browser: records the URL it was asked to open (E-53: the host only hands the URL over). */
let browser: string;

beforeAll(async () => {
  server = await urlServer();
  scratch = await mkdtemp(join(tmpdir(), 'elicit-url-'));
  browser = join(scratch, 'browser.sh');
  await writeFile(browser, `#!/bin/sh\nprintf '%s\\n' "$@" >> "${join(scratch, 'opened.txt')}"\n`);
  await chmod(browser, 0o755);
});
afterEach(async () => {
  await term?.close();
  term = undefined;
});
afterAll(async () => {
  await server.close();
  await rm(scratch, { recursive: true, force: true });
});

const opened = () => readFile(join(scratch, 'opened.txt'), 'utf8').catch(() => '');

describe('elicit connect: URL consent in a real terminal', () => {
  it('[E-06] [E-52] [E-55] [E-56] shows the consent card for a punycode host with its warnings; decline opens nothing', async () => {
    term = await connectSession(server.url, { BROWSER: browser });
    await term.type('call connect_account');
    await term.keys('Enter');
    const screen = await term.waitFor('Open this page?');
    expect(screen).toMatch(/^◆ elicit · URL request from url-server 1\.0\.0$/m);
    expect(screen).toMatch(/^ {2}│ Sign in to link your account\.$/m);
    // E-52: the whole URL, exactly as it would be opened, on a line of its own.
    expect(screen).toMatch(
      new RegExp(`^ {4}${SPOOF_URL.replaceAll('.', '\\.').replaceAll('?', '\\?')}$`, 'm'),
    );
    // E-55: the Unicode spelling a person reads and the punycode the browser resolves, then the warnings.
    expect(screen).toContain('Host:  login.pаypal.com  as shown');
    expect(screen).toContain('login.xn--pypal-4ve.com  as your browser will resolve it');
    expect(screen.split('\n').filter((line) => line.startsWith('  ⚠')).length).toBeGreaterThanOrEqual(2);
    expect(screen).toMatch(/mixes letters of different alphabets/);
    // E-56: nothing on screen is a hyperlink.
    expect(await term.screen({ escapes: true })).not.toContain('\u001b]8;');
    // E-51: the cursor starts on Decline; Enter declines.
    expect(lastLineWith(screen, '❯')).toContain('Decline');
    await term.keys('Enter');
    await term.waitFor(/ANSWER \{"action":"decline"\}/);
    expect(await opened()).toBe('');
  });

  it('[E-54] highlights the registrable domain and dims the rest of the URL', async () => {
    term = await connectSession(server.url, { BROWSER: browser, NO_COLOR: '', FORCE_COLOR: '1' });
    await term.type('call connect_account');
    await term.keys('Enter');
    await term.waitFor('Open this page?');
    const line = lastLineWith(await term.screen({ escapes: true }), 'https://login.');
    // dim (2) up to the domain, bold+underline (1;4) on it, dim again after it.
    expect(line).toMatch(
      /\u001b\[[\d;]*2m[^\u001b]*https:\/\/login\.(\u001b\[[\d;]*m)*\u001b\[[\d;]*1;4m(\u001b\[[\d;]*m)*xn--pypal-4ve\.com(\u001b\[[\d;]*m)*\u001b\[[\d;]*2m(\u001b\[[\d;]*m)*\/connect/,
    );
    await term.keys('Escape');
    await term.waitFor(/ANSWER \{"action":"cancel"\}/);
  });

  it('[E-22] after consent to a -32042 URL, offers retry now / cancel, and retries the call', async () => {
    term = await connectSession(server.url, { BROWSER: browser });
    await term.type('call needs_auth');
    await term.keys('Enter');
    const card = await term.waitFor('Open this page?');
    // Not "sign-in": the host cannot know what the page is for; the server's message says it.
    expect(card).toMatch(/^◆ elicit · URL request from url-server 1\.0\.0, to finish your call$/m);
    expect(card).toContain('https://auth.example.com/authorize?flow=xyz');
    await answer(term, 'Open this page?', 'Up', 'Enter');
    const waiting = await term.waitFor('Done in the browser?');
    expect(waiting).toContain('Waiting for you to finish in the browser (example.com).');
    expect(waiting).toMatch(/Retry now\n\s+Cancel/);
    // E-53: the system "browser" got exactly the normalized URL; the host never fetched it.
    await expect.poll(opened).toBe('https://auth.example.com/authorize?flow=xyz\n');
    await answer(term, 'Done in the browser?', 'Enter');
    await term.waitFor('calendar linked');
  });
});

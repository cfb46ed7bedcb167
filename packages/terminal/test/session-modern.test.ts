// @needs tmux
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MODERN_URL, modernServer } from './helpers/modern-servers.js';
import { answer, connectSession, serverGot } from './helpers/session.js';
import { ELICIT, Terminal } from './helpers/tmux.js';

let server: Awaited<ReturnType<typeof modernServer>>;
let term: Terminal | undefined;
let scratch: string;
let browser: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'elicit-modern-'));
  browser = join(scratch, 'browser.sh');
  await writeFile(browser, `#!/bin/sh\nprintf '%s\\n' "$@" >> "${join(scratch, 'opened.txt')}"\n`);
  await chmod(browser, 0o755);
});
beforeEach(async () => {
  server = await modernServer();
  await rm(join(scratch, 'opened.txt'), { force: true });
});
afterEach(async () => {
  await term?.close();
  term = undefined;
  await server.close();
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

const opened = () => readFile(join(scratch, 'opened.txt'), 'utf8').catch(() => '');

/** Calls connect_account and consents on the URL card (the cursor starts on Decline). */
async function consentToUrl(t: Terminal): Promise<string> {
  await t.type('call connect_account');
  await t.keys('Enter');
  const card = await t.waitFor('Open this page?');
  await answer(t, 'Open this page?', 'Up', 'Enter');
  return card;
}

describe('elicit connect against a 2026-07-28-only server (plain SDK, createMcpHandler)', () => {
  it('[M-16] negotiates 2026-07-28 and answers a form round the same way as on 2025', async () => {
    term = await connectSession(server.url);
    expect(await term.screen()).toContain('(MCP 2026-07-28)');
    await term.type('call ask_name');
    await term.keys('Enter');
    const screen = await term.waitFor('Your name');
    expect(screen).toMatch(/^◆ elicit · form request from modern-server 2\.6\.0$/m);
    expect(screen).toMatch(/^ {2}│ Who is calling\?$/m);
    await answer(term, 'Your name', 'Enter');
    // Optional, no default: the cursor starts on "(no answer)".
    await answer(term, 'Plan', 'Down', 'Down', 'Enter');
    await answer(term, 'Send these answers', 'Enter');
    expect(await serverGot(term)).toEqual({ action: 'accept', content: { name: 'Ada', plan: 'pro' } });
  });

  it('[M-17] [E-06] shows the same URL consent card, opens after consent, waits, and clears the controls when done', async () => {
    term = await connectSession(server.url, { BROWSER: browser });
    const card = await consentToUrl(term);
    expect(card).toMatch(/^◆ elicit · URL request from modern-server 2\.6\.0$/m);
    expect(card).toMatch(/^ {4}https:\/\/accounts\.example\.com\/connect\?flow=f1$/m);
    const waiting = await term.waitFor('Done in the browser?');
    expect(waiting).toContain('Waiting for you to finish in the browser (example.com).');
    await expect.poll(opened).toBe(`${MODERN_URL}\n`);
    // The user finishes in the browser; the server, holding the retry, answers it.
    server.flow.finish();
    const done = await term.waitFor('account linked');
    // The "Retry now" controls are gone from the screen, not left above the result.
    const after = done.slice(done.lastIndexOf('Waiting for you to finish'));
    expect(after).not.toContain('Retry now');
    expect(after).not.toContain('Done in the browser?');
  });

  it('[M-13] "Retry now" re-sends the held call; the server finishes on the new request', async () => {
    term = await connectSession(server.url, { BROWSER: browser });
    await consentToUrl(term);
    await term.waitFor('Done in the browser?');
    server.flow.done = true; // finished in the browser, but the held request was not woken
    await answer(term, 'Done in the browser?', 'Enter');
    await term.waitFor('account linked');
    expect(await term.screen()).toContain('↻ Retrying the call…');
    expect(server.flow.legs).toBe(3);
  });

  it('[E-22] "Cancel" while waiting ends the call with a clear reason, said once; the session goes on', async () => {
    term = await connectSession(server.url, { BROWSER: browser });
    await consentToUrl(term);
    await term.waitFor('Done in the browser?');
    await answer(term, 'Done in the browser?', 'Down', 'Enter');
    await term.waitFor('you stopped waiting');
    const screen = await term.waitFor('elicit›', { count: 2 });
    const after = screen.slice(screen.indexOf('Waiting for you to finish'));
    expect(after).toContain('Stopped waiting.');
    expect(after.split('\n').filter((line) => line.includes('✖'))).toHaveLength(1);
  });

  it('[E-53] when the browser cannot be started, says why and what to do, the URL whole on a line of its own', async () => {
    term = await connectSession(server.url, { BROWSER: 'false' });
    await consentToUrl(term);
    const screen = await term.waitFor('Could not open a browser');
    expect(screen).toContain(
      '! Could not open a browser: the browser command in BROWSER (false) did not start.',
    );
    expect(screen).toMatch(/set BROWSER to the command that starts your browser/);
    expect(screen).toMatch(
      new RegExp(`^ {4}${MODERN_URL.replaceAll('.', '\\.').replaceAll('?', '\\?')}$`, 'm'),
    );
    expect(screen).not.toContain('in your browser.');
    server.flow.finish();
    await term.waitFor('account linked');
  });

  it('[E-53] with no display (an SSH session, a container), says so; a narrow terminal never breaks the address', async () => {
    term = await Terminal.start([...ELICIT, 'connect', server.url], {
      env: { BROWSER: '', DISPLAY: '', WAYLAND_DISPLAY: '' },
      width: 60,
    });
    await term.waitFor('elicit›');
    await consentToUrl(term);
    const screen = await term.waitFor('Could not open a browser');
    const unwrapped = screen.replace(/\n {4}(?!https:)/g, ' ');
    expect(unwrapped).toContain(
      '! Could not open a browser: there is no graphical display here (DISPLAY and WAYLAND_DISPLAY are not set), as in an SSH session or a container.',
    );
    // At 60 columns the notice wraps, but the address is alone on its line, whole.
    expect(screen).toMatch(
      new RegExp(`^ {4}${MODERN_URL.replaceAll('.', '\\.').replaceAll('?', '\\?')}$`, 'm'),
    );
    server.flow.finish();
    await term.waitFor('account linked');
  });
});

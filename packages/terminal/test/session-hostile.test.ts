// @needs tmux
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hostileServer } from './helpers/fixtures.js';
import type { TestServer } from './helpers/servers.js';
import { answer, connectSession } from './helpers/session.js';
import type { Terminal } from './helpers/tmux.js';

let server: TestServer;
let term: Terminal | undefined;

beforeAll(async () => {
  server = await hostileServer();
});
afterEach(async () => {
  await term?.close();
  term = undefined;
});
afterAll(async () => {
  await server.close();
});

describe('elicit connect: a hostile server', () => {
  it('[E-03] [E-44] renders a message full of ANSI, OSC and bidi sequences inert', async () => {
    term = await connectSession(server.url);
    const titleBefore = await term.title();
    await term.type('tools');
    await term.keys('Enter');
    await term.waitFor(/order\s+Order now/);
    await term.type('call order');
    await term.keys('Enter');
    await term.waitFor('? Size RED');
    const screen = await term.screen();
    // Nothing cleared the screen: the connection line from before the request is still there.
    expect(screen).toMatch(/^◆ elicit \S+ · connected to Trusted Bank \(evil-server 6\.6\.6\)/m);
    // The host's banner, with the server's identity stripped of its escapes.
    expect(screen).toMatch(/^◆ elicit · form request from Trusted Bank \(evil-server 6\.6\.6\)$/m);
    // The text survives as text; the sequences do not.
    expect(screen).toMatch(/^ {2}│ Please confirm your order\.$/m);
    expect(screen).toMatch(/^ {2}│ click here and evil\.exe done\.$/m);
    // A fake banner in the message stays behind the gutter: the only column-0 banners are the host's.
    expect(screen).toMatch(/^ {2}│ ◆ elicit · form request from Trusted Bank/m);
    expect(screen.match(/^◆ elicit · form request/gm)).toHaveLength(1);
    expect(screen).toContain('│ Pick one');
    // No title change (OSC 0), no colours (SGR) and no hyperlink (OSC 8) reached the terminal: with NO_COLOR
    // the host itself prints no escapes, so any SGR would be the server's.
    expect(await term.title()).toBe(titleBefore);
    const raw = await term.screen({ escapes: true });
    expect(raw).not.toMatch(/\u001b\[(3[0-7]|4[0-7]|5)m/);
    expect(raw).not.toContain('\u001b]');
    expect(raw).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    // Option labels are sanitized too, and the answer is the option's value.
    expect(screen).toMatch(/Small green\n\s+Medium/);
    // Required, no default: the cursor starts on a line that is not an answer.
    await answer(term, 'Size RED', 'Down', 'Enter');
    await answer(term, 'Send these answers', 'Enter');
    await term.waitFor(/ANSWER \{"action":"accept","content":\{"size":"s"\}\}/);
  });
});

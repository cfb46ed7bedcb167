// @needs tmux
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formServer } from './helpers/fixtures.js';
import type { TestServer } from './helpers/servers.js';
import { answer, connectSession, lastLineWith, serverGot } from './helpers/session.js';
import type { Terminal } from './helpers/tmux.js';

let server: TestServer;
let term: Terminal | undefined;

beforeAll(async () => {
  server = await formServer();
});
afterEach(async () => {
  await term?.close();
  term = undefined;
});
afterAll(async () => {
  await server.close();
});

/** Fills the booking form up to its review screen. */
async function fillBooking(t: Terminal): Promise<void> {
  await t.type('call book');
  await t.keys('Enter');
  await answer(t, 'Your name', 'text:Ada', 'Enter');
  await answer(t, 'Party size', 'Enter');
  await answer(t, 'Day', 'text:2030-05-17', 'Enter');
  // Required, no default: the cursor starts on a line that is not an answer.
  await answer(t, 'Seating', 'Down', 'Down', 'Enter');
  await answer(t, 'Extras', 'Space', 'Down', 'Space', 'Enter');
  await answer(t, 'Text me a reminder', 'Enter');
  await answer(t, 'Email', 'Enter');
  await t.waitFor('Review your answers');
}

describe('elicit connect: forms in a real terminal', () => {
  it('[E-03] [E-13] [E-05] answers a full form: banner names the server, defaults prefilled, review lists every answer', async () => {
    term = await connectSession(server.url);
    await fillBooking(term);
    const screen = await term.screen();
    // E-03: the host-drawn banner names the server from initialize; the message sits behind the gutter.
    expect(screen).toMatch(/^◆ elicit · form request from Bistro Bookings \(booking-server 2\.1\.0\)$/m);
    expect(screen).toMatch(/^ {2}│ Book a table for tonight\?$/m);
    // E-13: the schema default was in the field before anyone typed.
    expect(lastLineWith(screen, 'Party size [')).toMatch(/Party size \[whole number, 1–12\] 2$/);
    // E-05: every answer on the review screen, options by their titles.
    const review = screen.slice(screen.lastIndexOf('Review your answers'));
    expect(review).toMatch(/Your name\s+Ada/);
    expect(review).toMatch(/Party size\s+2/);
    // Dates, lists and numbers as the locale writes them (Intl); the server still gets ISO and values.
    expect(review).toMatch(/Day\s+May 17, 2030/);
    expect(review).toMatch(/Seating\s+Terrace/);
    expect(review).toMatch(/Extras\s+Highchair and Window seat/);
    expect(review).toMatch(/Text me a reminder\s+Yes/);
    expect(review).toMatch(/Email\s+—/);
    expect(review).toMatch(/Submit\n\s+Edit a field\n\s+Decline\n\s+Cancel/);
    await answer(term, 'Send these answers', 'Enter');
    expect(await serverGot(term)).toEqual({
      action: 'accept',
      content: {
        name: 'Ada',
        party: 2,
        day: '2030-05-17',
        seating: 'out',
        extras: ['chair', 'window'],
        reminder: true,
      },
    });
  });

  it('[E-05] [E-41] edits a field on the review screen before submitting', async () => {
    term = await connectSession(server.url);
    await fillBooking(term);
    await answer(term, 'Send these answers', 'Down', 'Enter');
    await answer(term, 'Which field?', 'Down', 'Enter');
    await answer(term, 'Party size', 'C-u', 'text:5', 'Enter');
    await term.waitFor('Review your answers', { count: 2 });
    const review = (await term.screen()).split('Review your answers').at(-1)!;
    expect(review).toMatch(/Party size\s+5/);
    await answer(term, 'Send these answers', 'Enter');
    expect(await serverGot(term)).toMatchObject({ action: 'accept', content: { name: 'Ada', party: 5 } });
  });

  it('[E-59] shows the validation issue inline and keeps the prompt until the answer is valid', async () => {
    term = await connectSession(server.url);
    await term.type('call book');
    await term.keys('Enter');
    await answer(term, 'Your name', 'text:A', 'Enter');
    const screen = await term.waitFor(/^> .*2/m);
    expect(lastLineWith(screen, '> ')).toMatch(/at least 2/);
    expect(lastLineWith(screen, 'Your name')).toMatch(/^\?/);
    await answer(term, 'Your name', 'text:da', 'Enter');
    await answer(term, 'Party size', 'C-u', 'text:13', 'Enter');
    expect(lastLineWith(await term.waitFor(/^> .*12/m), '> ')).toMatch(/12/);
    await term.keys('Escape');
    expect(await serverGot(term)).toEqual({ action: 'cancel' });
  });

  it('[E-04] declines from the review screen', async () => {
    term = await connectSession(server.url);
    await fillBooking(term);
    await answer(term, 'Send these answers', 'Down', 'Down', 'Enter');
    expect(await serverGot(term)).toEqual({ action: 'decline' });
    expect(await term.screen()).toContain('✖ Declined.');
  });

  it('[E-42] Esc cancels the form, not the program: the session goes on', async () => {
    term = await connectSession(server.url);
    await term.type('call book');
    await term.keys('Enter');
    await answer(term, 'Your name', 'text:Ad');
    await term.keys('Escape');
    expect(await serverGot(term)).toEqual({ action: 'cancel' });
    await term.waitFor('elicit›', { count: 2 });
    await term.type('call confirm_it');
    await term.keys('Enter');
    // Ctrl-C cancels too, and still only the prompt.
    await answer(term, 'Your answer to', 'C-c');
    await term.waitFor(/ANSWER \{"action":"cancel"\}/, { count: 2 });
    await term.waitFor('elicit›', { count: 3 });
    await term.type('exit');
    await term.keys('Enter');
    expect(await term.exitCode()).toBe(0);
  });

  it('asks for tool arguments from the input schema when the call gives no JSON; reports bad JSON and unknown tools', async () => {
    term = await connectSession(server.url);
    await term.type('call echo');
    await term.keys('Enter');
    // The host's own line first: these prompts are the call's arguments, not a question of the server's.
    await term.waitFor('◆ elicit · your arguments for echo: the server has asked nothing yet');
    await answer(term, 'argument text [string]', 'text:hello there', 'Enter');
    await term.waitFor('│ echo: hello there');
    await term.waitFor('elicit›', { count: 2 });
    await term.type('call echo {"text":');
    await term.keys('Enter');
    await term.waitFor('✖ the tool arguments are not valid JSON');
    await term.waitFor('elicit›', { count: 3 });
    await term.type('call nope');
    await term.keys('Enter');
    await term.waitFor('✖ unknown tool "nope" (available: book, confirm_it, impatient, echo, whoami, fail)');
  });

  it('takes a prompt off the screen when the server cancels the request, and the session goes on', async () => {
    term = await connectSession(server.url);
    await term.type('call impatient');
    await term.keys('Enter');
    await term.waitFor('? Name');
    await term.waitFor('✖ The server withdrew this request.');
    await term.waitFor('│ gave up waiting');
    await term.waitFor('elicit›', { count: 2 });
  });

  it('[E-04] a field-less form is a plain accept / decline / cancel question', async () => {
    term = await connectSession(server.url);
    await term.type('call confirm_it');
    await term.keys('Enter');
    await answer(term, 'Your answer to', 'Enter');
    expect(await serverGot(term)).toEqual({ action: 'accept', content: {} });
    expect(await term.screen()).toMatch(/^ {2}│ Delete report\.txt\?$/m);
  });
});

// @needs tmux
import { afterEach, describe, expect, it, vi } from 'vitest';
import { overHttp, type Setup, TRANSPORTS } from './helpers/scenario.js';
import type { RaceOrder } from './helpers/scenario-server.js';
import { answer, command } from './helpers/session.js';

// Real terminals and Node processes started from TypeScript: generous ceilings on a loaded machine.
vi.setConfig({ testTimeout: 120_000 });

let setup: Setup | undefined;
afterEach(async () => {
  await setup?.close();
  setup = undefined;
});

describe.each(TRANSPORTS)('elicit connect over %s: one owner of the keyboard', (_transport, start) => {
  it('[E-04] [E-05] a form that arrives while the session is idle suspends the command line; its answers never run as commands', async () => {
    setup = await start();
    const { term, control } = setup;
    // Half a command typed when the form arrives: it waits, untouched, until the form is done.
    await term.type('too');
    // On the line before the form is asked: on a loaded machine, keys still in flight would reach the form instead.
    await term.waitFor(/elicit› too$/m);
    const got = control.askIdle();
    got.catch(() => {}); // awaited below; a failure before that must not go unhandled
    await term.waitFor('◆ elicit · form request from scenario-server 1.0.0');
    await answer(term, 'Colour', 'text:exit', 'Enter');
    await answer(term, 'Send these answers', 'Enter');
    expect(await got).toEqual({ action: 'accept', content: { colour: 'exit' } });
    // The command line comes back with what was typed, and the session still runs commands.
    await term.waitFor(/elicit› too$/m);
    await term.type('ls');
    await term.keys('Enter');
    await term.waitFor(/^ {2}withdraw_race/m);
    const screen = await term.screen();
    expect(screen).not.toContain('Unknown command');
    expect(screen).not.toContain('[exit');
    await term.type('exit');
    await term.keys('Enter');
    expect(await term.exitCode()).toBe(0);
  });

  it.each<RaceOrder>(['cancel-first', 'result-first'])(
    'a form withdrawn %s leaves the session working',
    async (order) => {
      setup = await start();
      const { term, control } = setup;
      await term.type(`call withdraw_race {"order":"${order}"}`);
      await term.keys('Enter');
      await answer(term, 'Racer name', 'text:Ad');
      // The typed letters are in the form before the server withdraws it (sent keys are not yet read keys).
      await term.waitFor(/Racer name.*Ad/);
      await control.release();
      await term.waitFor('✖ The server withdrew this request.');
      const screen = await term.waitFor(`│ RESULT ${order}`);
      // The result is printed after the form is gone, never into it.
      expect(screen.indexOf('✖ The server withdrew this request.')).toBeLessThan(
        screen.indexOf(`│ RESULT ${order}`),
      );
      await term.waitFor('elicit›', { count: 2 });
      await command(term, 'tools');
      expect(await term.screen()).toMatch(/^ {2}withdraw_race/m);
      await term.type('exit');
      await term.keys('Enter');
      expect(await term.exitCode()).toBe(0);
    },
  );
});

describe('elicit connect: the keys of the command line', () => {
  it('Ctrl-C clears a typed line; on an empty line it says how to leave, and a second one ends the session', async () => {
    setup = await overHttp();
    const { term } = setup;
    await term.type('call withdraw_race');
    // Each key once the screen shows the one before it took effect: a key sent early lands on the wrong state.
    await term.waitFor(/elicit› call withdraw_race\s*$/);
    await term.keys('C-c');
    await term.waitFor(/elicit›\s*$/);
    expect(await term.screen()).not.toContain('To end the session');
    await term.keys('C-c');
    await term.waitFor('(To end the session, press Ctrl-C again or Ctrl-D, or type exit.)');
    await term.keys('C-c');
    expect(await term.exitCode()).toBe(0);
  });

  it('Esc at the command line does nothing (it cancels forms, never the session)', async () => {
    setup = await overHttp();
    const { term } = setup;
    await term.type('tools');
    await term.waitFor(/elicit› tools\s*$/);
    await term.keys('Escape');
    await term.keys('Enter');
    await term.waitFor(/^ {2}withdraw_race/m);
    // Ctrl-D once the command line is back (a key sent while the list still prints can land before it is).
    await term.waitFor(/^ {2}needs_page[^\n]*\n elicit›\s*$/m);
    await term.keys('C-d');
    expect(await term.exitCode()).toBe(0);
  });
});

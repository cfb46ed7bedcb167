import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { type KeyboardControl, keyboardHttpServer, type RaceOrder } from './helpers/keyboard-server.js';
import { answer, command } from './helpers/session.js';
import { ELICIT, Terminal } from './helpers/tmux.js';

const STDIO_SERVER = fileURLToPath(new URL('./helpers/keyboard-stdio-server.ts', import.meta.url));

interface Setup {
  term: Terminal;
  control: KeyboardControl;
  close(): Promise<void>;
}

/** `elicit connect` to the keyboard scenario over Streamable HTTP (v1 SDK server in this process). */
async function overHttp(): Promise<Setup> {
  const server = await keyboardHttpServer();
  const term = await Terminal.start([...ELICIT, 'connect', server.url]);
  await term.waitFor('elicit›');
  return {
    term,
    control: server,
    async close() {
      await term.close();
      await server.close();
    },
  };
}

/** … over stdio: elicit starts the server; the test reaches it through the control port it names on stderr. */
async function overStdio(): Promise<Setup> {
  const term = await Terminal.start([
    ...ELICIT,
    'connect',
    '--protocol',
    '2025-11-25',
    '--',
    ...ELICIT.slice(0, 4),
    STDIO_SERVER,
  ]);
  const screen = await term.waitFor(/\[server\] control port \d+/);
  await term.waitFor('elicit›');
  const port = /\[server\] control port (\d+)/.exec(screen)![1];
  const post = async (path: string) => {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST' });
    if (!response.ok) throw new Error(`${path}: ${await response.text()}`);
    return response.json() as Promise<unknown>;
  };
  return {
    term,
    control: { askIdle: () => post('/ask-idle'), release: async () => void (await post('/release')) },
    close: () => term.close(),
  };
}

let setup: Setup | undefined;
afterEach(async () => {
  await setup?.close();
  setup = undefined;
});

describe.each([
  ['Streamable HTTP', overHttp],
  ['stdio', overStdio],
])('elicit connect over %s: one owner of the keyboard', (_transport, start) => {
  it('[E-04] [E-05] a form that arrives while the session is idle suspends the command line; its answers never run as commands', async () => {
    setup = await start();
    const { term, control } = setup;
    // Half a command typed when the form arrives: it waits, untouched, until the form is done.
    await term.type('too');
    const got = control.askIdle();
    got.catch(() => {}); // awaited below; a failure before that must not go unhandled
    await term.waitFor('◆ elicit · form request from keyboard-server 1.0.0');
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
    await term.keys('Escape');
    await term.keys('Enter');
    await term.waitFor(/^ {2}withdraw_race/m);
    await term.keys('C-d');
    expect(await term.exitCode()).toBe(0);
  });
});

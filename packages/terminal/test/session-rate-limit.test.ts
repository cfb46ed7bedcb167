// @needs tmux
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Setup, TRANSPORTS } from './helpers/scenario.js';
import { answer } from './helpers/session.js';
import type { Terminal } from './helpers/tmux.js';

// Real terminals and Node processes started from TypeScript: generous ceilings on a loaded machine.
vi.setConfig({ testTimeout: 120_000 });

let setup: Setup | undefined;
afterEach(async () => {
  await setup?.close();
  setup = undefined;
});

const SERVER = 'scenario-server 1.0.0';
const QUESTION = `? Let ${SERVER} ask more?`;

/** How many colour prompts have been drawn so far (an answered one reads ✔, a cancelled one stays ?). */
const formsDrawn = (screen: string) => screen.split('\n').filter((line) => /^[?✔] Colour/.test(line)).length;

/**
 * The next prompt the host puts up, a form or the limit question: the host may ask about the limit as soon as
 * the request that hit it arrives, or after the forms admitted before it (when requests arrive together, it
 * can come first), so the test follows the screen rather than assume an order.
 */
async function nextPrompt(term: Terminal, forms: number, asked: boolean): Promise<'form' | 'question'> {
  for (;;) {
    const screen = await term.screen();
    if (formsDrawn(screen) > forms) return 'form';
    if (!asked && screen.includes(QUESTION)) return 'question';
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Four forms at once, outside any call: one more than the library's unsolicited budget (3). Every form shown
 * is cancelled with Esc except a fourth, answered "Teal"; the limit question gets `choice`.
 */
async function flood(s: Setup, choice: 'allow' | 'block'): Promise<unknown[]> {
  const asked = [1, 2, 3, 4].map(() => s.control.askIdle());
  for (const answerOf of asked) answerOf.catch(() => {}); // awaited below; a failure must not go unhandled
  const { term } = s;
  let forms = 0;
  let questioned = false;
  while (forms < (choice === 'allow' ? 4 : 3) || !questioned) {
    if ((await nextPrompt(term, forms, questioned)) === 'question') {
      questioned = true;
      const screen = await term.screen();
      expect(screen).toContain(
        `◆ elicit · ${SERVER} sent many requests on its own, outside any call you made.`,
      );
      // The cursor starts on refusing: Enter alone lets no flood through.
      expect(screen).toMatch(/ {2}Allow more\n❯ Refuse for now/);
      await answer(term, QUESTION.slice(2), ...(choice === 'allow' ? ['Up', 'Enter'] : ['Enter']));
    } else if (++forms < 4) {
      await answer(term, 'Colour', 'Escape');
    } else {
      await answer(term, 'Colour', 'text:Teal', 'Enter');
      await answer(term, 'Send these answers', 'Enter');
    }
  }
  return Promise.all(asked);
}

describe.each(TRANSPORTS)(
  'elicit connect over %s: a rate limit the person decides on (E-43)',
  (_transport, start) => {
    it('[E-43] asks whether to let a flooding server ask more; "Allow more" shows the request that hit the limit', async () => {
      setup = await start();
      expect(await flood(setup, 'allow')).toEqual([
        { action: 'cancel' },
        { action: 'cancel' },
        { action: 'cancel' },
        { action: 'accept', content: { colour: 'Teal' } },
      ]);
      const screen = await setup.term.waitFor(/elicit›\s*$/);
      expect(screen).toContain(`✔ Allowed ${SERVER} to ask more.`);
    });

    it('[E-43] "Refuse for now" answers the request cancel without showing it, and says so once', async () => {
      setup = await start();
      expect(await flood(setup, 'block')).toEqual([
        { action: 'cancel' },
        { action: 'cancel' },
        { action: 'cancel' },
        { action: 'cancel' },
      ]);
      const screen = await setup.term.waitFor(
        `! ${SERVER} is asking too often; its requests are refused for a while.`,
      );
      expect(formsDrawn(screen)).toBe(3);
      await setup.term.waitFor(/elicit›\s*$/);
    });
  },
);

// @needs tmux
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NODE_TS } from '../../../test/support/node-ts.js';
import { overHttp, type Setup, TRANSPORTS } from './helpers/scenario.js';
import { answer, lastLineWith, serverGot } from './helpers/session.js';
import { Terminal } from './helpers/tmux.js';

// Real terminals and Node processes started from TypeScript: generous ceilings on a loaded machine.
vi.setConfig({ testTimeout: 120_000 });

let setup: Setup | undefined;
let term: Terminal | undefined;
afterEach(async () => {
  await term?.close();
  term = undefined;
  await setup?.close();
  setup = undefined;
});

/** The line the cursor is on in the active list. */
const cursorLine = async (t: Terminal) => lastLineWith(await t.screen(), '❯');

describe.each(TRANSPORTS)(
  'elicit connect over %s: prompts that do not answer for the person',
  (_transport, start) => {
    it('[E-13] [E-59] no preselected answer without a default; typing replaces a starting value; number words by kind', async () => {
      setup = await start();
      term = setup.term;
      await term.type('call no_defaults');
      await term.keys('Enter');
      // An optional yes/no offers yes, no and no answer, and starts on no answer.
      await answer(term, 'Newsletter (optional)');
      expect(await term.screen()).toMatch(/❯ \(no answer\)\n\s+Yes\n\s+No/);
      await term.keys('Enter');
      // An optional choice starts on nothing.
      await answer(term, 'Pet (optional)');
      expect(await cursorLine(term)).toBe('❯ (no answer)');
      await term.keys('Enter');
      // A required choice without a default starts on a line that is not an answer; Enter there says so.
      await answer(term, 'Size');
      expect(await cursorLine(term)).toMatch(/^❯ \(choose one\)/);
      await term.keys('Enter');
      await term.waitFor('Choose one of the answers with ↑ ↓, then press Enter.');
      await answer(term, 'Size', 'Down', 'Enter');
      // A starting value is shown, and typing replaces it (not 1 then 3 → 13). Wait for the prompt to be drawn: the
      // keys above return once sent, not once the next field is on screen.
      await term.waitFor('Rating [');
      expect(lastLineWith(await term.screen(), 'Rating')).toContain(
        'Rating [whole number, 1–9] (1; Tab to edit)',
      );
      await answer(term, 'Rating', 'text:x', 'Enter');
      await term.waitFor('> Enter a whole number, like 42.');
      await answer(term, 'Rating', 'C-u', 'text:3', 'Enter');
      await answer(term, 'Ratio (optional) [number]', 'text:abc', 'Enter');
      await term.waitFor('> Enter a number, like 42 or 3.5.');
      await answer(term, 'Ratio', 'C-u', 'Enter');
      // Plurals: "at least 1 choice"; a required multi-select left empty says to choose.
      await answer(term, 'Tags [at least 1 choice]', 'Enter');
      await term.waitFor('> Choose an option.');
      await answer(term, 'Tags', 'Space', 'Enter');
      await answer(term, 'Send these answers', 'Enter');
      // Unanswered optional fields are left out, not sent as false or [].
      expect(await serverGot(term)).toEqual({
        action: 'accept',
        content: { size: 's', rating: 3, tags: ['a'] },
      });
    });
  },
);

const LIBRARY_HOST = fileURLToPath(new URL('./helpers/library-host.ts', import.meta.url));

describe('terminalUI({ hostName, locale }) in an app of its own', () => {
  it('names the host in its mark on every prompt, in the language asked for', async () => {
    setup = await overHttp();
    const url = /at (http:\S+)/.exec(await setup.term.screen())![1]!;
    term = await Terminal.start([...NODE_TS, LIBRARY_HOST, 'Acme Assistant', 'de', 'confirm_it', url]);
    await answer(term, 'Ihre Antwort an scenario-server 1.0.0:', 'Enter');
    const screen = await term.waitFor('RESULT');
    expect(screen).toMatch(/^◆ Acme Assistant · Formularanfrage von scenario-server 1\.0\.0$/m);
    expect(screen).not.toContain('◆ elicit');
    expect(screen).toContain('✔ Angenommen.');
    expect(screen).toContain(
      'RESULT [{"type":"text","text":"ANSWER {\\"action\\":\\"accept\\",\\"content\\":{}}"}]',
    );
  });
});

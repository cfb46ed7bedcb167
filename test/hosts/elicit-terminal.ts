import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CheckupReport } from '../../packages/doctor/src/index.js';
import type { ManualClock } from '../../packages/server/test/helpers/manual-clock.js';
import { answer } from '../../packages/terminal/test/helpers/session.js';
import { ELICIT, Terminal } from '../../packages/terminal/test/helpers/tmux.js';
import type { HostUnderTest } from './host.js';

/**
 * `elicit connect` in a real terminal (tmux), its person typing the keys each instruction asks for: the terminal UI
 * is the host here, prompts, review screen, consent card and all. The "system browser" is a script that opens the page.
 */

const TERMINAL_VERSION = (
  JSON.parse(readFileSync(new URL('../../packages/terminal/package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

/** The person reads each form for 10 s on the doctor's clock before answering it. */
const READING_MS = 10_000;

/**
 * A form's fields, then its review screen: `keys` per field title, then the review choice (Submit first). The person
 * reads once the form is on the screen (the doctor's clock moves then), and answers after.
 */
async function fill(
  term: Terminal,
  clock: ManualClock,
  fields: [string, ...string[]][],
  review: string[] = ['Enter'],
) {
  await reading(term, clock, fields[0]![0]);
  for (const [title, ...keys] of fields) await answer(term, title, ...keys);
  await answer(term, 'Send these answers', ...review);
}

/** Waits until the prompt `title` is on the screen, then reads for 10 s on the doctor's clock. */
async function reading(term: Terminal, clock: ManualClock, title: string) {
  await answer(term, title);
  clock.advance(READING_MS);
}

/** The checkup's forms, in order, as keys (titles and option order are the doctor's own, see form-checks.ts). */
async function followInstructions(term: Terminal, clock: ManualClock, era: string): Promise<void> {
  await fill(term, clock, [
    ['Word', 'text:hello', 'Enter'],
    ['Count', 'text:42', 'Enter'],
    ['Ratio', 'text:2.5', 'Enter'],
    ['Agree', 'Down', 'Enter'],
    ['Email', 'text:person@example.com', 'Enter'],
    ['Day', 'text:2026-12-07', 'Enter'],
  ]);
  await fill(term, clock, [
    ['City', 'Enter'],
    ['Guests', 'Enter'],
    ['Budget', 'Enter'],
    ['Newsletter', 'Enter'],
    ['Room', 'Enter'],
    ['Fruit', 'Enter'],
  ]);
  await fill(term, clock, [['Room', 'Down', 'Down', 'Enter']]);
  await fill(term, clock, [['Letter', 'Down', 'Down', 'Enter']]);
  await fill(term, clock, [['Place', 'Down', 'Down', 'Enter']]);
  await fill(term, clock, [['Fruit', 'Space', 'Down', 'Down', 'Space', 'Enter']]);
  await fill(term, clock, [['Note', 'Enter']], ['Down', 'Down', 'Enter']); // Decline
  await fill(term, clock, [['Note', 'Enter']], ['Down', 'Down', 'Down', 'Enter']); // Cancel
  await reading(term, clock, 'Open this page?');
  await answer(term, 'Open this page?', 'Up', 'Enter');
  if (era === '2025-11-25') {
    // The -32042: another card, for the call to finish; the completion notice ends the wait, and elicit calls again.
    await term.waitFor('to finish your call');
    await reading(term, clock, 'Open this page?');
    await answer(term, 'Open this page?', 'Up', 'Enter');
  }
  if (era === '2026-07-28') {
    await fill(term, clock, [['Word', 'text:one', 'Enter']]);
    await fill(term, clock, [['Word', 'text:two', 'Enter']]);
  }
}

/** `elicit connect` on `era`, calling the checkup (every check the table shows) and following each instruction. */
export function elicitInTerminal(era: '2025-11-25' | '2026-07-28', checks: readonly string[]): HostUnderTest {
  return {
    name: `elicit (terminal), ${era}`,
    version: `@elicitkit/terminal ${TERMINAL_VERSION}`,
    async run(doctor, clock, latest) {
      const scratch = await mkdtemp(join(tmpdir(), 'elicit-host-'));
      const browser = join(scratch, 'browser.sh');
      // The person's browser: opens the page, and nothing else.
      await writeFile(
        browser,
        `#!/bin/sh\nexec "${process.execPath}" -e 'fetch(process.argv[1]).then((r) => r.text())' "$1"\n`,
      );
      await chmod(browser, 0o755);
      const term = await Terminal.start([...ELICIT, 'connect', '--protocol', era, doctor.href], {
        env: { BROWSER: browser },
      });
      try {
        await term.waitFor('elicit›');
        await term.type(`call elicitation_checkup ${JSON.stringify({ checks })}`);
        await term.keys('Enter');
        await followInstructions(term, clock, era);
        // The result, on the screen as the person reads it; its data, as the doctor saved it.
        await term.waitFor('Elicitation checkup of', { timeoutMs: 20_000 });
        const report = latest();
        if (!report?.complete) throw new Error(`no finished report:\n${await term.screen()}`);
        return report;
      } finally {
        await term.close();
        await rm(scratch, { recursive: true, force: true });
      }
    },
  };
}

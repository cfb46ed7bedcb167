import { ELICIT, Terminal } from './tmux.js';

/** `elicit connect <url>` in a fresh terminal, waiting for its first prompt. */
export async function connectSession(url: string, env: Record<string, string> = {}): Promise<Terminal> {
  const term = await Terminal.start([...ELICIT, 'connect', url], { env });
  await term.waitFor('elicit›');
  return term;
}

/** The last line of the transcript that contains `text`. */
export function lastLineWith(screen: string, text: string): string {
  return (
    screen
      .split('\n')
      .filter((line) => line.includes(text))
      .at(-1) ?? ''
  );
}

/**
 * Waits until the prompt titled `title` is the active one (inquirer marks it `?`, and `✔` once answered),
 * then sends `keys`. inquirer drops keys typed before a prompt has drawn, so never send ahead.
 */
export async function answer(term: Terminal, title: string, ...keys: string[]): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const line = lastLineWith(await term.screen(), title);
    if (line.startsWith('?')) {
      for (const key of keys) {
        if (key.startsWith('text:')) await term.type(key.slice(5));
        else await term.keys(key);
      }
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`prompt "${title}" never became active:\n${await term.screen()}`);
}

/** Runs a session command and waits for the next `elicit›` prompt after it. */
export async function command(term: Terminal, text: string): Promise<void> {
  const before = (await term.screen()).split('elicit›').length - 1;
  await term.type(text);
  await term.keys('Enter');
  await term.waitFor('elicit›', { count: before + 1, timeoutMs: 20_000 });
}

/**
 * What the test server echoed back in its last `ANSWER …` result. The result is quoted behind the gutter and
 * wrapped to the terminal, so its rows are joined again first.
 */
export async function serverGot(term: Terminal, count = 1): Promise<unknown> {
  const screen = await term.waitFor('│ ANSWER', { count });
  const block = screen.slice(screen.lastIndexOf('  │ ANSWER'));
  const rows = block
    .split('\n')
    .filter((line) => line.startsWith('  │ '))
    .map((line) => line.slice(4));
  const json = /^ANSWER ?(\{.*\})/.exec(rows.join(''));
  if (!json) throw new Error(`no ANSWER JSON in:\n${block}`);
  return JSON.parse(json[1]!);
}

import type { input } from '@inquirer/prompts';
import type { Screen } from './screen.js';
import type { TerminalIO } from './terminal-io.js';

/** inquirer's per-prompt context (streams, abort signal). */
type Context = NonNullable<Parameters<typeof input>[1]>;

/** A prompt ends answered, cancelled by the person (Esc, Ctrl-C), or withdrawn by the server. */
export type Asked<T> = { status: 'answered'; value: T } | { status: 'cancelled' } | { status: 'withdrawn' };

interface KeyInfo {
  name?: string;
  ctrl?: boolean;
}

const promptEndings = new Set(['ExitPromptError', 'AbortPromptError', 'CancelPromptError']);

/**
 * Runs one inquirer prompt so that Esc, Ctrl-C or Ctrl-D ends only this prompt, never the program (E-42), and
 * so that `withdraw` (the server cancelled, the connection dropped) takes the prompt off the screen.
 */
export async function ask<T>(
  io: TerminalIO,
  withdraw: AbortSignal,
  prompt: (context: Context) => Promise<T>,
  /** Erase the prompt when it ends (answered or not), for controls that must not outlive their moment. */
  options: { clearPromptOnDone?: boolean } = {},
): Promise<Asked<T>> {
  if (withdraw.aborted) return { status: 'withdrawn' };
  const dismissed = new AbortController();
  const onKeypress = (_text: string, key?: KeyInfo) => {
    // Ctrl-D closes inquirer's readline without settling the prompt; treat it as a cancel, like Esc.
    if (key?.name === 'escape' || (key?.ctrl && key.name === 'd')) dismissed.abort();
  };
  // inquirer turns on keypress events for its input as it starts the prompt; listen only meanwhile.
  const running = prompt({
    input: io.input,
    output: io.output,
    signal: AbortSignal.any([withdraw, dismissed.signal]),
    ...(options.clearPromptOnDone && { clearPromptOnDone: true }),
  });
  io.input.on('keypress', onKeypress);
  try {
    return { status: 'answered', value: await running };
  } catch (error) {
    if (withdraw.aborted) return { status: 'withdrawn' };
    if (error instanceof Error && promptEndings.has(error.name)) return { status: 'cancelled' };
    throw error;
  } finally {
    io.input.removeListener('keypress', onKeypress);
  }
}

/** The parts of inquirer's themes that carry words (the prompts differ only in which of them they read). */
export interface WordsTheme {
  style: {
    keysHelpTip: (keys: [key: string, action: string][]) => string;
    defaultAnswer: (text: string) => string;
  };
  i18n: { disabledError: string };
}

/**
 * inquirer's own words in the screen's language: the key help line under a list (`↑↓ navigate • ⏎ select`),
 * the prefilled answer of a text prompt (`(2; Tab to edit)`), and what Enter on a line that is not an answer
 * says. inquirer's themes accept these as options, so nothing of the prompts is rewritten.
 */
export function wordsTheme(screen: Screen): WordsTheme {
  const { t } = screen.words;
  const { style } = screen;
  const actions: Record<string, string> = {
    navigate: t.t('keys.navigate'),
    select: t.t('keys.select'),
    all: t.t('keys.all'),
    invert: t.t('keys.invert'),
    submit: t.t('keys.submit'),
  };
  return {
    style: {
      keysHelpTip: (keys) =>
        keys
          .map(
            ([key, action]) =>
              `${style.bold(key === 'space' ? t.t('keys.space') : key)} ${style.dim(actions[action] ?? action)}`,
          )
          .join(style.dim(' • ')),
      defaultAnswer: (text) => style.dim(t.t('input.default', { value: text })),
    },
    i18n: { disabledError: t.t('choice.pick.error') },
  };
}

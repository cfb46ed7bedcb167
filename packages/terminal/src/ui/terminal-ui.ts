import type { ElicitationUI } from '@elicitkit/client';
import type { AllowedUrlAnalysis } from '@elicitkit/core';
import { localeFromEnv } from '../i18n/locale.js';
import { wordsLoader } from '../i18n/messages.js';
import { hostMark, hostNameOf } from './banner.js';
import { runForm } from './form-flow.js';
import { keyboardFor } from './keyboard.js';
import { runLimitPrompt } from './limit-prompt.js';
import { noticeLines } from './notices.js';
import type { Screen } from './screen.js';
import { colorSupported, createStyle, type Style } from './style.js';
import type { TerminalIO } from './terminal-io.js';
import { runUrlPrompt, runWait } from './url-prompts.js';

/** Options of {@link terminalUI}: the streams, colour, the host's name and the person's language. */
export interface TerminalUIOptions {
  /** Default `process.stdin`. Must be a TTY for interactive prompts. */
  input?: NodeJS.ReadableStream;
  /** Default `process.stdout`. */
  output?: NodeJS.WritableStream & { columns?: number; isTTY?: boolean };
  /** Force colour on or off; default: on for a TTY unless `NO_COLOR` is set. */
  color?: boolean;
  /** The app's name, shown in the host's mark on every prompt (`◆ name · form request from …`). Default `elicit`. */
  hostName?: string;
  /**
   * The person's language: a BCP 47 tag (`de`, `ja-JP`) or a preference list. English, German, Japanese and
   * Arabic have catalogs (others fall back to English); numbers and dates follow the tag. Default: the
   * environment's (`LC_ALL`, `LC_MESSAGES`, `LANG`).
   */
  locale?: string | readonly string[];
}

/**
 * The terminal adapter for `installElicitation`: banners that name the asking server, one prompt per
 * form field with a review screen, and an honest URL consent card, in the person's language.
 */
export function terminalUI(options: TerminalUIOptions = {}): ElicitationUI {
  const output = options.output ?? process.stdout;
  const io: TerminalIO = { input: options.input ?? process.stdin, output };
  const style: Style = createStyle(options.color ?? colorSupported(output));
  const mark = hostMark(hostNameOf(options.hostName), style);
  const locale = options.locale ?? localeFromEnv();
  // Catalogs load on first use, once.
  const words = wordsLoader(locale);
  const screen = async (): Promise<Screen> => ({
    io,
    style,
    columns: Math.max(Math.min(output.columns ?? 80, 200), 40),
    words: await words(),
    mark,
  });

  // One keyboard per input stream, shared with `elicit connect`'s command line: prompts take turns, and
  // a notice that arrives while a prompt is up is printed after it, never into its drawing.
  const keyboard = keyboardFor(io.input);
  // A request withdrawn while it waited for the keyboard is not drawn at all.
  const prompting = <T>(signal: AbortSignal, withdrawn: T, run: (screen: Screen) => Promise<T>): Promise<T> =>
    keyboard.take(async () => (signal.aborted ? withdrawn : run(await screen())));
  /** The URL the person last consented to: the `url-opened` / `open-failed` notice that follows is about it. */
  let consented: AllowedUrlAnalysis | undefined;

  // Each method takes its parameter and answer types from `ElicitationUI`, the contract it implements.
  return {
    form: (prompt) => prompting(prompt.signal, { action: 'cancel' }, (s) => runForm(prompt, s)),

    url: (prompt) =>
      prompting(prompt.signal, { action: 'cancel' }, async (s) => {
        const answer = await runUrlPrompt(prompt, s);
        if (answer.action === 'consent') consented = prompt.url;
        return answer;
      }),

    waitForCompletion: (wait) => prompting(wait.signal, 'retry', (s) => runWait(wait, s)),

    rateLimited: (prompt) => prompting(prompt.signal, 'block', (s) => runLimitPrompt(prompt, s)),

    notice(notice) {
      const about = notice.code === 'url-opened' || notice.code === 'open-failed' ? consented : undefined;
      void keyboard.take(async () => {
        output.write(`${noticeLines(notice, await screen(), about)}\n`);
      });
    },
  };
}

import type {
  CompletionWait,
  ElicitationUI,
  FormAnswer,
  FormPrompt,
  HostNotice,
  UrlAnswer,
  UrlPrompt,
} from '@elicitkit/client';
import { select } from '@inquirer/prompts';
import { renderBanner, requesterLabel } from './banner.js';
import { runForm } from './form-flow.js';
import { keyboardFor } from './keyboard.js';
import { ask, type TerminalIO } from './prompt-runner.js';
import { colorSupported, createStyle, type Style } from './style.js';
import { safeLine } from './text.js';
import { renderUrlCard } from './url-card.js';

/** Options of {@link terminalUI}: the streams to use, and whether to color. */
export interface TerminalUIOptions {
  /** Default `process.stdin`. Must be a TTY for interactive prompts. */
  input?: NodeJS.ReadableStream;
  /** Default `process.stdout`. */
  output?: NodeJS.WritableStream & { columns?: number; isTTY?: boolean };
  /** Force colour on or off; default: on for a TTY unless `NO_COLOR` is set. */
  color?: boolean;
}

/**
 * The terminal adapter for `installElicitation`: banners that name the asking server, one prompt per
 * form field with a review screen, and an honest URL consent card.
 */
export function terminalUI(options: TerminalUIOptions = {}): ElicitationUI {
  const output = options.output ?? process.stdout;
  const io: TerminalIO = { input: options.input ?? process.stdin, output };
  const style: Style = createStyle(options.color ?? colorSupported(output));
  const columns = () => Math.max(Math.min(output.columns ?? 80, 200), 40);
  const write = (text: string) => output.write(`${text}\n`);

  // One keyboard per input stream, shared with `elicit connect`'s command line: prompts take turns, and
  // a notice that arrives while a prompt is up is printed after it, never into its drawing.
  const keyboard = keyboardFor(io.input);
  // A request withdrawn while it waited for the keyboard is not drawn at all.
  const prompting = <T>(signal: AbortSignal, withdrawn: T, run: () => Promise<T>): Promise<T> =>
    keyboard.take(() => (signal.aborted ? Promise.resolve(withdrawn) : run()));

  return {
    form: (prompt: FormPrompt): Promise<FormAnswer> =>
      prompting(prompt.signal, { action: 'cancel' }, () =>
        runForm(prompt, { io, style, columns: columns(), prompt }),
      ),

    url: (prompt: UrlPrompt): Promise<UrlAnswer> =>
      prompting<UrlAnswer>(prompt.signal, { action: 'cancel' }, async () => {
        const heading = prompt.origin === 'required' ? 'sign-in needed for your call' : 'URL request';
        write(`\n${renderBanner(heading, prompt.requester, prompt.message, style, columns())}`);
        write(renderUrlCard(prompt.url, style, columns()));
        // E-51: nothing opens unless the person picks it; the cursor starts on Decline.
        const choice = await ask(io, prompt.signal, (context) =>
          select(
            {
              message: 'Open this page?',
              choices: [
                { name: 'Open in browser', value: 'consent' as const },
                { name: 'Decline', value: 'decline' as const },
                { name: 'Cancel', value: 'cancel' as const },
              ],
              default: 'decline' as const,
            },
            context,
          ),
        );
        if (choice.status === 'answered') return { action: choice.value };
        write(
          `  ${style.warn(choice.status === 'withdrawn' ? '✖ The server withdrew this request.' : '✖ Cancelled.')}`,
        );
        return { action: 'cancel' };
      }),

    waitForCompletion: (wait: CompletionWait): Promise<'retry' | 'cancel'> =>
      prompting<'retry' | 'cancel'>(wait.signal, 'retry', async () => {
        const sites = wait.pending.map((p) =>
          safeLine(p.url.display.registrableDomain ?? p.url.display.hostUnicode),
        );
        write(
          `  ${style.accent('…')} Waiting for you to finish in the browser (${[...new Set(sites)].join(', ')}).`,
        );
        // E-22 (M-17 on 2026): manual controls while the server has not confirmed the flow. They are erased
        // when they end, so no "Retry now" line is left above whatever comes next.
        const choice = await ask(
          io,
          wait.signal,
          (context) =>
            select(
              {
                message: `Done in the browser? ${style.dim(`(${requesterLabel(wait.requester)})`)}`,
                choices: [
                  {
                    name: 'Retry now',
                    value: 'retry' as const,
                    description: 'I finished; try the call again.',
                  },
                  { name: 'Cancel', value: 'cancel' as const, description: 'Stop waiting.' },
                ],
              },
              context,
            ),
          { clearPromptOnDone: true },
        );
        if (choice.status === 'answered') {
          write(`  ${style.dim(choice.value === 'retry' ? '↻ Retrying the call…' : '✖ Stopped waiting.')}`);
          return choice.value;
        }
        // The wait ended on its own (the flow completed, or the call finished): carry on as if asked to retry.
        return choice.status === 'withdrawn' ? 'retry' : 'cancel';
      }),

    notice(notice: HostNotice): void {
      const mark =
        notice.code === 'open-failed' || notice.code === 'rate-limited' ? style.warn('!') : style.dim('ℹ');
      const line = `  ${mark} ${style.dim(`${requesterLabel(notice.requester)}:`)} ${safeLine(notice.message, 2000)}`;
      void keyboard.print(() => write(line));
    },
  };
}

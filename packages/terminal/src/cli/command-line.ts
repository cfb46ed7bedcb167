import { input } from '@inquirer/prompts';
import type { Keyboard } from '../ui/keyboard.js';
import type { Style } from '../ui/style.js';
import type { TerminalIO } from '../ui/terminal-io.js';

/** What the person did at the command line. */
export type CommandLineTurn =
  | { kind: 'line'; text: string }
  /** Ctrl-C, with the text it threw away (empty on an empty line). */
  | { kind: 'interrupt'; typed: string }
  /** Ctrl-D. */
  | { kind: 'end' }
  /** The connection closed. */
  | { kind: 'closed' };

interface KeyInfo {
  name?: string;
  ctrl?: boolean;
}

/**
 * One turn at `elicit›`, through the keyboard: it is drawn only while no prompt wants the keyboard, and a
 * prompt that arrives meanwhile (a server may send a form while the session is idle) takes the line off the
 * screen and gets every key; the line comes back afterwards with what had been typed. The line erases itself
 * when it ends and is echoed back only when it was entered, so a suspended line leaves no trace that could
 * read as a command.
 */
export async function readCommandLine(
  keyboard: Keyboard,
  io: TerminalIO,
  style: Style,
  closed: AbortSignal,
): Promise<CommandLineTurn> {
  const label = style.accent('elicit›');
  return keyboard.commandLine<CommandLineTurn>(async (typed, suspended) => {
    if (closed.aborted) return { status: 'done', value: { kind: 'closed' } };
    let current = typed;
    let ended: 'ctrl-d' | undefined;
    const endOfInput = new AbortController();
    const onKeypress = (_text: string, key?: KeyInfo) => {
      if (key?.ctrl && key.name === 'd' && current === '') {
        ended = 'ctrl-d';
        endOfInput.abort();
      }
    };
    const prompt = input(
      {
        message: label,
        default: typed,
        prefill: 'editable',
        // Called on every redraw with the text so far: what a suspended line gives back.
        transformer: (value) => {
          current = value;
          return value;
        },
        theme: { prefix: '' },
      },
      {
        input: io.input,
        output: io.output,
        signal: AbortSignal.any([closed, suspended, endOfInput.signal]),
        clearPromptOnDone: true,
      },
    );
    io.input.on('keypress', onKeypress);
    try {
      const text = await prompt;
      io.output.write(` ${label} ${text}\n`);
      return { status: 'done', value: { kind: 'line', text } };
    } catch (error) {
      if (!(error instanceof Error)) throw error;
      if (closed.aborted) return { status: 'done', value: { kind: 'closed' } };
      if (ended === 'ctrl-d') return { status: 'done', value: { kind: 'end' } };
      if (suspended.aborted) return { status: 'suspended', typed: current };
      if (error.name === 'ExitPromptError')
        return { status: 'done', value: { kind: 'interrupt', typed: current } };
      throw error;
    } finally {
      io.input.removeListener('keypress', onKeypress);
    }
  });
}

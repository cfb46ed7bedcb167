/** How a turn at the command line ended: a line, or given way to a prompt (with what had been typed so far). */
export type LineTurn<T> = { status: 'done'; value: T } | { status: 'suspended'; typed: string };

/**
 * One owner of the keyboard at a time (E-04, E-05: nothing typed into a form may ever run as a command).
 *
 * Two readline-based prompts on one input both receive every key, and the first to close pauses the input
 * under the other. So every prompt takes its turn here: prompts (forms, URL consent, the completion wait, the
 * session's own questions) run one after the other, each with the keyboard to itself; the command line is
 * the owner of last resort: it is drawn only while no prompt wants the keyboard, and a prompt that arrives
 * while it is up (a server may send a form at any time) suspends it first and lets it back, with what had
 * been typed, once the prompt has ended. Output that is not part of a prompt waits its turn too, so it is never
 * written into a prompt's drawing.
 */
export class Keyboard {
  /** Settles when every turn taken so far has ended. */
  #tail: Promise<void> = Promise.resolve();
  /** Turns running or waiting. */
  #turns = 0;
  /** The command line, while it is drawn. */
  #line: { suspend: AbortController; ended: Promise<void> } | undefined;
  #whenFree: (() => void)[] = [];

  /** Whether a prompt has the keyboard or is waiting for it. */
  get busy(): boolean {
    return this.#turns > 0;
  }

  /**
   * Runs `turn` with the keyboard to itself: after every turn taken before it, with the command line
   * suspended. Inside a turn, write to the screen directly (never through {@link print}, which would wait
   * for this very turn).
   */
  async take<T>(turn: () => Promise<T>): Promise<T> {
    this.#turns++;
    const previous = this.#tail;
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    this.#tail = previous.then(() => released);
    try {
      await previous;
      const line = this.#line;
      if (line) {
        line.suspend.abort();
        await line.ended;
      }
      return await turn();
    } finally {
      release();
      if (--this.#turns === 0) for (const wake of this.#whenFree.splice(0)) wake();
    }
  }

  /** Writes output in turn: at once when nothing is prompting, else after the prompts ahead of it. */
  print(write: () => void): Promise<void> {
    return this.take(async () => write());
  }

  /**
   * A turn at the command line. `draw` shows it, starting from `typed`, and must give way when `suspended`
   * fires, returning what had been typed; it is drawn again, with that text, once the keyboard is free.
   */
  async commandLine<T>(draw: (typed: string, suspended: AbortSignal) => Promise<LineTurn<T>>): Promise<T> {
    let typed = '';
    for (;;) {
      // A prompt taken between this wake-up and the check below goes first; one taken after it finds the line.
      if (this.#turns > 0) {
        await new Promise<void>((resolve) => this.#whenFree.push(resolve));
        continue;
      }
      const suspend = new AbortController();
      let ended = () => {};
      this.#line = { suspend, ended: new Promise<void>((resolve) => (ended = resolve)) };
      let turn: LineTurn<T>;
      try {
        turn = await draw(typed, suspend.signal);
      } finally {
        this.#line = undefined;
        ended();
      }
      if (turn.status === 'done') return turn.value;
      typed = turn.typed;
    }
  }
}

const keyboards = new WeakMap<object, Keyboard>();

/** The keyboard of an input stream: every UI and command line reading it shares one. */
export function keyboardFor(input: NodeJS.ReadableStream): Keyboard {
  let keyboard = keyboards.get(input);
  if (!keyboard) {
    keyboard = new Keyboard();
    keyboards.set(input, keyboard);
  }
  return keyboard;
}

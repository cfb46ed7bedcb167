/**
 * Runs `work` with a signal that Ctrl-C aborts. While a prompt is up the terminal is in raw mode and
 * Ctrl-C reaches the prompt as a key (it cancels the form, E-42); between prompts it arrives as SIGINT,
 * which here ends the call instead of the program.
 */
export async function interruptible<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const onSigint = () => controller.abort(new Error('interrupted'));
  process.on('SIGINT', onSigint);
  try {
    return await work(controller.signal);
  } finally {
    process.removeListener('SIGINT', onSigint);
  }
}

/** `elicit call` exit statuses; stable, documented in `--help` and the README. */
export const ExitCode = {
  Ok: 0,
  /** The tool ran and reported an error, or the call failed on the server. */
  Failed: 1,
  /** Bad command line, bad JSON, unknown tool, unreadable answers file. */
  Usage: 2,
  /** Server unreachable, handshake failed, connection lost. */
  Connection: 3,
  /** The server wanted a sign-in that did not complete: refused, timed out, or the authorization server failed. */
  SignIn: 4,
  /** Ctrl-C while a call was running (128 + SIGINT). */
  Interrupted: 130,
} as const;

export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

import { ElicitkitError } from '@elicitkit/core';
import { type Phrase, sayInEnglish } from '../i18n/phrase.js';
import { ExitCode } from './exit-codes.js';

export type CliErrorCode =
  | 'unreachable' // the server could not be reached or the handshake failed
  | 'connection-lost' // the connection closed during a call
  | 'bad-json' // the tool arguments are not a JSON object
  | 'unknown-tool' // the server lists no tool by that name
  | 'bad-answers-file' // `--answers` is unreadable or not a JSON object
  | 'call-refused' // the call needed a URL flow the person declined or stopped waiting for
  | 'call-failed' // the server answered the call with an error
  | 'sign-in' // the server wanted a sign-in that did not complete
  | 'interrupted'; // Ctrl-C during the call

const exitCodes: Record<CliErrorCode, ExitCode> = {
  unreachable: ExitCode.Connection,
  'connection-lost': ExitCode.Connection,
  'bad-json': ExitCode.Usage,
  'unknown-tool': ExitCode.Usage,
  'bad-answers-file': ExitCode.Usage,
  'call-refused': ExitCode.Failed,
  'call-failed': ExitCode.Failed,
  'sign-in': ExitCode.SignIn,
  interrupted: ExitCode.Interrupted,
};

/**
 * A failure the CLI reports in one line and maps to an exit status. Internal to the command (it never reaches a
 * library user), so it extends the base directly: the exit status is its classification. It carries what to
 * say as a phrase, worded in the person's language where it is shown; `message` is the English wording.
 */
export class CliError extends ElicitkitError<CliErrorCode> {
  readonly exitCode: ExitCode;
  readonly phrase: Phrase;

  constructor(code: CliErrorCode, phrase: Phrase, options?: { cause?: unknown }) {
    super(code, sayInEnglish(phrase), options);
    this.exitCode = exitCodes[code];
    this.phrase = phrase;
  }
}

import { loadWords } from '../i18n/messages.js';
import { type Phrase, say } from '../i18n/phrase.js';
import { keyboardFor } from '../ui/keyboard.js';
import { colorSupported, createStyle } from '../ui/style.js';
import type { Command } from './args.js';
import { chooseUI } from './choose-ui.js';
import { type Connection, openConnection } from './connection.js';
import { CliError } from './errors.js';
import { ExitCode } from './exit-codes.js';
import { interruptible } from './interrupt.js';
import { plainResult, renderResult } from './render-result.js';
import { callTool, findTool, listToolsOf, parseArgumentsJson } from './tool-call.js';

/**
 * `elicit call`: one call, the result on stdout, then exit 0 on success, or non-zero with a one-line
 * reason on stderr (see `ExitCode`).
 */
export async function runCall(command: Extract<Command, { name: 'call' }>, version: string): Promise<number> {
  const style = createStyle(command.color && colorSupported(process.stdout));
  const words = await loadWords(command.locale);
  const { t } = words;
  // Lines that arrive while a prompt is up (the server's stderr, say) wait for it, as in a session.
  const keyboard = keyboardFor(process.stdin);
  const logLine = (line: string) => void keyboard.print(() => process.stderr.write(`${line}\n`));
  const log = (phrase: Phrase) => logLine(say(t, phrase));
  let connection: Connection | undefined;
  try {
    // Bad JSON is reported before anything connects.
    const args = command.argumentsJson === undefined ? {} : parseArgumentsJson(command.argumentsJson);
    connection = await openConnection(
      command.target,
      await chooseUI(command, logLine),
      version,
      log,
      command.protocol,
      { signIn: { choice: command.signIn, words } },
    );
    const tool = findTool(await listToolsOf(connection), command.tool);
    const active = connection;
    const result = await interruptible((signal) => callTool(active, tool.name, args, signal, log));
    const shown = process.stdout.isTTY
      ? renderResult(result, style, process.stdout.columns ?? 100, t)
      : plainResult(result, t);
    await keyboard.print(() => process.stdout.write(`${shown}\n`));
    if (result.isError) {
      logLine(`elicit: ${t.t('result.tool-error')}`);
      return ExitCode.Failed;
    }
    return ExitCode.Ok;
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    logLine(`elicit: ${say(t, error.phrase)}`);
    return error.exitCode;
  } finally {
    await connection?.close().catch(() => {});
  }
}

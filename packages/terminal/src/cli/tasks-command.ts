import { ClientErrorCode, cancelTask, getTask, isElicitkitError } from '@elicitkit/client';
import { ProtocolError } from '@modelcontextprotocol/client';
import { loadWords } from '../i18n/messages.js';
import { type Phrase, say } from '../i18n/phrase.js';
import { keyboardFor } from '../ui/keyboard.js';
import { colorSupported, createStyle } from '../ui/style.js';
import { safeLine } from '../ui/text.js';
import type { Command } from './args.js';
import { chooseUI } from './choose-ui.js';
import { type Connection, openConnection } from './connection.js';
import { describeError, verbatim } from './describe-error.js';
import { CliError } from './errors.js';
import { ExitCode } from './exit-codes.js';
import { plainResult, renderResult } from './render-result.js';
import { signInFailure } from './sign-in.js';
import { taskPhrase } from './tool-call.js';

/**
 * `elicit tasks get|cancel <server> <id>`: a task left from an earlier call (the id `elicit call` printed in
 * its status line). `get` prints its status line, how many questions wait, and its result once completed
 * (exit 1 when it failed or was cancelled); `cancel` asks the server to cancel it. Over the same connection
 * flags as `elicit call`; the server decides who may see the task (another principal's is unknown to it).
 */
export async function runTasks(
  command: Extract<Command, { name: 'tasks' }>,
  version: string,
): Promise<number> {
  const style = createStyle(command.color && colorSupported(process.stdout));
  const words = await loadWords(command.locale);
  const { t } = words;
  const keyboard = keyboardFor(process.stdin);
  const logLine = (line: string) => void keyboard.print(() => process.stderr.write(`${line}\n`));
  const log = (phrase: Phrase) => logLine(say(t, phrase));
  const out = (line: string) => keyboard.print(() => process.stdout.write(`${line}\n`));
  let connection: Connection | undefined;
  try {
    connection = await openConnection(
      command.target,
      await chooseUI(command, logLine),
      version,
      log,
      command.protocol,
      { signIn: { choice: command.signIn, words } },
    );
    const { client, authorized } = connection;
    if (command.action === 'cancel') {
      await tasksCall(() => authorized(() => cancelTask(client, command.taskId)));
      await out(say(t, { key: 'task.cancel-sent', params: { id: safeLine(command.taskId, 256) } }));
      return ExitCode.Ok;
    }
    const task = await tasksCall(() => authorized(() => getTask(client, command.taskId)));
    await out(say(t, taskPhrase(task)));
    if (task.questions > 0) await out(t.t('task.questions', { count: task.questions }));
    if (task.result) {
      const result = task.result as Parameters<typeof plainResult>[0];
      await out(
        process.stdout.isTTY
          ? renderResult(result, style, process.stdout.columns ?? 100, t)
          : plainResult(result, t),
      );
    }
    if (task.error) logLine(`elicit: ${safeLine(task.error.message, 300)}`);
    return task.status === 'failed' || task.status === 'cancelled' ? ExitCode.Failed : ExitCode.Ok;
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    logLine(`elicit: ${say(t, error.phrase)}`);
    return error.exitCode;
  } finally {
    await connection?.close().catch(() => {});
  }
}

/** One task request, each way it can fail as a one-line reason. */
async function tasksCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const signIn = signInFailure(error);
    if (signIn) throw signIn;
    if (isElicitkitError(error, ClientErrorCode.TasksUnavailable)) {
      throw new CliError('call-failed', { key: 'task.unavailable' });
    }
    if (isElicitkitError(error, ClientErrorCode.InvalidOption)) {
      throw new CliError('bad-json', verbatim(error.message));
    }
    if (error instanceof ProtocolError) {
      throw new CliError('call-failed', {
        key: 'error.server',
        params: { code: String(error.code), message: verbatim(error.message) },
      });
    }
    throw new CliError('call-failed', { key: 'error.call-failed', params: { reason: describeError(error) } });
  }
}

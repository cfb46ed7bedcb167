import type { Tool } from '@modelcontextprotocol/client';
import { loadWords } from '../i18n/messages.js';
import { type Phrase, say } from '../i18n/phrase.js';
import { DEFAULT_HOST_NAME, hostMark } from '../ui/banner.js';
import { keyboardFor } from '../ui/keyboard.js';
import type { Screen } from '../ui/screen.js';
import { colorSupported, createStyle } from '../ui/style.js';
import type { TerminalIO } from '../ui/terminal-io.js';
import type { Command } from './args.js';
import { chooseUI } from './choose-ui.js';
import { readCommandLine } from './command-line.js';
import { type Connection, describeTarget, openConnection } from './connection.js';
import { describeError } from './describe-error.js';
import { CliError } from './errors.js';
import { ExitCode } from './exit-codes.js';
import { interruptible } from './interrupt.js';
import { renderResult, renderToolList } from './render-result.js';
import { askToolArguments } from './tool-arguments.js';
import { callTool, findTool, listToolsOf, parseArgumentsJson } from './tool-call.js';

/** `elicit connect`: an interactive session with one server. */
export async function runSession(
  command: Extract<Command, { name: 'connect' }>,
  version: string,
): Promise<number> {
  const output = process.stdout;
  const io: TerminalIO = { input: process.stdin, output };
  // The same keyboard the terminal UI takes its turns on: a form never shares the keys with `elicit›`.
  const keyboard = keyboardFor(io.input);
  const style = createStyle(command.color && colorSupported(output));
  const words = await loadWords(command.locale);
  const { t } = words;
  const screen = (): Screen => ({
    io,
    style,
    columns: Math.max(Math.min(output.columns ?? 80, 200), 40),
    words,
    mark: hostMark(DEFAULT_HOST_NAME, style),
  });
  // Output waits for the keyboard: a result that arrives while a form is up is printed after it.
  const write = (text: string) => keyboard.print(() => output.write(`${text}\n`));
  const logLine = (line: string) => void keyboard.print(() => process.stderr.write(`${style.dim(line)}\n`));
  const log = (phrase: Phrase) => logLine(say(t, phrase));
  if (!process.stdin.isTTY && command.answersFile === undefined) {
    process.stderr.write(`elicit: ${t.t('session.needs-terminal')}\n`);
    return ExitCode.Usage;
  }

  let connection: Connection;
  try {
    connection = await openConnection(
      command.target,
      await chooseUI(command, logLine),
      version,
      log,
      command.protocol,
      { signIn: { choice: command.signIn, words } },
    );
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    process.stderr.write(`elicit: ${say(t, error.phrase)}\n`);
    return error.exitCode;
  }

  const where = t.t('session.where', {
    target: describeTarget(command.target),
    version: connection.protocolVersion,
  });
  void write(
    `${screen().mark} ${version} ${style.dim('·')} ${t.t('session.connected', { server: style.accent(connection.serverLabel) })} ${style.dim(where)}`,
  );
  void write(style.dim(`  ${t.t('session.commands')}`));

  let tools: Tool[] | undefined;
  const listTools = async () => {
    tools ??= await listToolsOf(connection);
    return tools;
  };

  try {
    // Ctrl-C on an empty line ends the session only when pressed twice, as in a shell or the Node REPL: a
    // second Ctrl-C meant for a form that has just closed must not end everything.
    let interrupted = false;
    for (;;) {
      const turn = await readCommandLine(keyboard, io, style, connection.closed);
      if (turn.kind === 'closed') {
        await write(style.warn(`  ${t.t('session.closed')}`));
        return ExitCode.Connection;
      }
      if (turn.kind === 'end') return ExitCode.Ok;
      if (turn.kind === 'interrupt') {
        if (turn.typed === '' && interrupted) return ExitCode.Ok;
        interrupted = turn.typed === '';
        if (interrupted) await write(style.dim(`  ${t.t('session.ctrl-c')}`));
        continue;
      }
      interrupted = false;
      const text = turn.text.trim();
      const word = text.split(/\s+/)[0] ?? '';
      try {
        switch (word) {
          case '':
            break;
          case 'help':
          case '?':
            await write(t.t('session.help'));
            break;
          case 'exit':
          case 'quit':
            return ExitCode.Ok;
          case 'tools':
            await write(renderToolList(await listTools(), style, screen().columns, t));
            break;
          case 'call': {
            const [, name, jsonText = ''] = /^call\s+(\S+)\s*(.*)$/s.exec(text) ?? [];
            if (!name) {
              await write(style.warn(`  ${t.t('session.usage.call')}`));
              break;
            }
            const tool = findTool(await listTools(), name);
            let args: Record<string, unknown>;
            if (jsonText !== '') args = parseArgumentsJson(jsonText);
            else {
              const asked = await keyboard.take(() => askToolArguments(tool, screen(), connection.closed));
              if (asked.status !== 'answered') {
                await write(style.warn(`  ${t.t('session.abandoned')}`));
                break;
              }
              args = asked.value;
            }
            const result = await interruptible((signal) =>
              callTool(connection, tool.name, args, signal, log),
            );
            await write(renderResult(result, style, screen().columns, t));
            break;
          }
          default:
            await write(style.warn(`  ${t.t('session.unknown', { word: word.slice(0, 40) })}`));
        }
      } catch (error) {
        // One failed command (a server error, a dropped list request) ends that command, not the session.
        const why: Phrase =
          error instanceof CliError
            ? error.phrase
            : { key: 'session.failed', params: { reason: describeError(error) } };
        await write(`  ${style.error('✖')} ${say(t, why)}`);
        if (connection.closed.aborted || (error instanceof CliError && error.code === 'connection-lost')) {
          return ExitCode.Connection;
        }
      }
    }
  } finally {
    await connection.close().catch(() => {});
  }
}

import type { Tool } from '@modelcontextprotocol/client';
import { DEFAULT_HOST_NAME, hostMark } from '../ui/banner.js';
import { keyboardFor } from '../ui/keyboard.js';
import type { TerminalIO } from '../ui/prompt-runner.js';
import { colorSupported, createStyle } from '../ui/style.js';
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
import { callTool, findTool, parseArgumentsJson } from './tool-call.js';

const SESSION_HELP = `  tools                       list the server's tools
  call <tool> [json-args]     call a tool; without JSON, you are asked for each argument
  help                        this list
  exit                        end the session (also Ctrl-D, or Ctrl-C twice, at this prompt)
  During a form: Esc or Ctrl-C cancels it; the session goes on.
  A form that arrives while you are at this prompt takes the keyboard until it is done.`;

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
  const columns = () => Math.max(Math.min(output.columns ?? 80, 200), 40);
  // Output waits for the keyboard: a result that arrives while a form is up is printed after it.
  const write = (text: string) => keyboard.print(() => output.write(`${text}\n`));
  const log = (line: string) => void keyboard.print(() => process.stderr.write(`${style.dim(line)}\n`));
  if (!process.stdin.isTTY && command.answersFile === undefined) {
    process.stderr.write(
      'elicit: connect needs a terminal; for scripts use "elicit call" (with --answers)\n',
    );
    return ExitCode.Usage;
  }

  let connection: Connection;
  try {
    connection = await openConnection(
      command.target,
      await chooseUI(command, log),
      version,
      log,
      command.protocol,
    );
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    process.stderr.write(`elicit: ${error.message}\n`);
    return error.exitCode;
  }

  void write(
    `${hostMark(DEFAULT_HOST_NAME, style)} ${version} ${style.dim('·')} connected to ${style.accent(connection.serverLabel)} ${style.dim(`at ${describeTarget(command.target)} (MCP ${connection.protocolVersion})`)}`,
  );
  void write(style.dim('  Commands: tools · call <tool> [json-args] · help · exit'));

  let tools: Tool[] | undefined;
  const listTools = async () => {
    tools ??= (await connection.client.listTools()).tools;
    return tools;
  };

  try {
    // Ctrl-C on an empty line ends the session only when pressed twice, as in a shell or the Node REPL: a
    // second Ctrl-C meant for a form that has just closed must not end everything.
    let interrupted = false;
    for (;;) {
      const turn = await readCommandLine(keyboard, io, style, connection.closed);
      if (turn.kind === 'closed') {
        await write(style.warn('  The server closed the connection.'));
        return ExitCode.Connection;
      }
      if (turn.kind === 'end') return ExitCode.Ok;
      if (turn.kind === 'interrupt') {
        if (turn.typed === '' && interrupted) return ExitCode.Ok;
        interrupted = turn.typed === '';
        if (interrupted)
          await write(style.dim('  (To end the session, press Ctrl-C again or Ctrl-D, or type exit.)'));
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
            await write(SESSION_HELP);
            break;
          case 'exit':
          case 'quit':
            return ExitCode.Ok;
          case 'tools':
            await write(renderToolList(await listTools(), style, columns()));
            break;
          case 'call': {
            const [, name, jsonText = ''] = /^call\s+(\S+)\s*(.*)$/s.exec(text) ?? [];
            if (!name) {
              await write(style.warn('  Usage: call <tool> [json-args]'));
              break;
            }
            const tool = findTool(await listTools(), name);
            let args: Record<string, unknown>;
            if (jsonText !== '') args = parseArgumentsJson(jsonText);
            else {
              const asked = await keyboard.take(() =>
                askToolArguments(tool, io, style, columns(), connection.closed),
              );
              if (asked.status !== 'answered') {
                await write(style.warn('  Call abandoned.'));
                break;
              }
              args = asked.value;
            }
            const result = await interruptible((signal) => callTool(connection, tool.name, args, signal));
            await write(renderResult(result, style, columns()));
            break;
          }
          default:
            await write(style.warn(`  Unknown command "${word.slice(0, 40)}". Type help for the list.`));
        }
      } catch (error) {
        // One failed command (a server error, a dropped list request) ends that command, not the session.
        await write(
          `  ${style.error('✖')} ${error instanceof CliError ? error.message : `the request failed: ${describeError(error)}`}`,
        );
        if (connection.closed.aborted || (error instanceof CliError && error.code === 'connection-lost')) {
          return ExitCode.Connection;
        }
      }
    }
  } finally {
    await connection.close().catch(() => {});
  }
}

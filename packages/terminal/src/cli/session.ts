import { input } from '@inquirer/prompts';
import type { Tool } from '@modelcontextprotocol/client';
import { BANNER_MARK } from '../ui/banner.js';
import { ask, type TerminalIO } from '../ui/prompt-runner.js';
import { colorSupported, createStyle } from '../ui/style.js';
import type { Command } from './args.js';
import { chooseUI } from './choose-ui.js';
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
  exit                        end the session (also Ctrl-C or Ctrl-D at this prompt)
  During a form: Esc or Ctrl-C cancels it; the session goes on.`;

/** `elicit connect`: an interactive session with one server. */
export async function runSession(
  command: Extract<Command, { name: 'connect' }>,
  version: string,
): Promise<number> {
  const output = process.stdout;
  const io: TerminalIO = { input: process.stdin, output };
  const style = createStyle(command.color && colorSupported(output));
  const columns = () => Math.max(Math.min(output.columns ?? 80, 200), 40);
  const write = (text: string) => output.write(`${text}\n`);
  const log = (line: string) => process.stderr.write(`${style.dim(line)}\n`);
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

  write(
    `${style.bold(BANNER_MARK)} ${version} ${style.dim('·')} connected to ${style.accent(connection.serverLabel)} ${style.dim(`at ${describeTarget(command.target)} (MCP ${connection.protocolVersion})`)}`,
  );
  write(style.dim('  Commands: tools · call <tool> [json-args] · help · exit'));

  let tools: Tool[] | undefined;
  const listTools = async () => {
    tools ??= (await connection.client.listTools()).tools;
    return tools;
  };

  try {
    for (;;) {
      const line = await ask(io, connection.closed, (context) =>
        input({ message: style.accent('elicit›'), theme: { prefix: '' } }, context),
      );
      if (line.status === 'withdrawn') {
        write(style.warn('  The server closed the connection.'));
        return ExitCode.Connection;
      }
      if (line.status === 'cancelled') return ExitCode.Ok;
      const text = line.value.trim();
      const word = text.split(/\s+/)[0] ?? '';
      try {
        switch (word) {
          case '':
            break;
          case 'help':
          case '?':
            write(SESSION_HELP);
            break;
          case 'exit':
          case 'quit':
            return ExitCode.Ok;
          case 'tools':
            write(renderToolList(await listTools(), style, columns()));
            break;
          case 'call': {
            const [, name, jsonText = ''] = /^call\s+(\S+)\s*(.*)$/s.exec(text) ?? [];
            if (!name) {
              write(style.warn('  Usage: call <tool> [json-args]'));
              break;
            }
            const tool = findTool(await listTools(), name);
            let args: Record<string, unknown>;
            if (jsonText !== '') args = parseArgumentsJson(jsonText);
            else {
              const asked = await askToolArguments(tool, io, style, columns(), connection.closed);
              if (asked.status !== 'answered') {
                write(style.warn('  Call abandoned.'));
                break;
              }
              args = asked.value;
            }
            const result = await interruptible((signal) => callTool(connection, tool.name, args, signal));
            write(renderResult(result, style, columns()));
            break;
          }
          default:
            write(style.warn(`  Unknown command "${word.slice(0, 40)}". Type help for the list.`));
        }
      } catch (error) {
        // One failed command (a server error, a dropped list request) ends that command, not the session.
        write(
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

import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { promisify } from 'node:util';
import { ELICIT } from './elicit-bin.js';

const run = promisify(execFile);

export { ELICIT };

const quoteShell = (arg: string) => `'${arg.replaceAll("'", `'\\''`)}'`;
let sessions = 0;

/**
 * A real terminal: a detached tmux session on its own socket, driven with send-keys and read with
 * capture-pane. The command's exit status is printed as `[exit N]` when it ends.
 */
export class Terminal {
  private constructor(
    private readonly socket: string,
    private readonly socketPath: string,
    readonly width: number,
  ) {}

  static async start(
    argv: string[],
    options: { env?: Record<string, string>; width?: number; height?: number } = {},
  ): Promise<Terminal> {
    const socket = `elicit-test-${process.pid}-${++sessions}`;
    const width = options.width ?? 110;
    const env = Object.entries({ NO_COLOR: '1', ...options.env })
      .map(([k, v]) => `${k}=${quoteShell(v)}`)
      .join(' ');
    const command = `env ${env} ${argv.map(quoteShell).join(' ')}; echo "[exit $?]"; sleep 600`;
    await run('tmux', [
      '-L',
      socket,
      '-f',
      '/dev/null',
      'new-session',
      '-d',
      '-x',
      String(width),
      '-y',
      String(options.height ?? 50),
      command,
    ]);
    await run('tmux', ['-L', socket, 'set-option', '-g', 'history-limit', '5000']);
    const { stdout } = await run('tmux', ['-L', socket, 'display-message', '-p', '#{socket_path}']);
    return new Terminal(socket, stdout.trim(), width);
  }

  /** Keys as tmux names them (`Enter`, `Escape`, `C-c`, `Down`, `Space`) or literal text via {@link type}. */
  async keys(...keys: string[]): Promise<void> {
    await run('tmux', ['-L', this.socket, 'send-keys', ...keys]);
  }

  async type(text: string): Promise<void> {
    await run('tmux', ['-L', this.socket, 'send-keys', '-l', text]);
  }

  /** The whole transcript (scrollback included), trailing blank lines dropped. */
  async screen(options: { escapes?: boolean } = {}): Promise<string> {
    const args = ['-L', this.socket, 'capture-pane', '-p', '-J', '-S', '-5000'];
    if (options.escapes) args.push('-e');
    const { stdout } = await run('tmux', args);
    return stdout.replace(/\s+$/, '');
  }

  async title(): Promise<string> {
    const { stdout } = await run('tmux', ['-L', this.socket, 'display-message', '-p', '#{pane_title}']);
    return stdout.trim();
  }

  /** Waits until the transcript matches, after `after` occurrences of the same text (for repeated prompts). */
  async waitFor(
    pattern: string | RegExp,
    options: { timeoutMs?: number; count?: number } = {},
  ): Promise<string> {
    const deadline = Date.now() + (options.timeoutMs ?? 15_000);
    const count = options.count ?? 1;
    let screen = '';
    while (Date.now() < deadline) {
      screen = await this.screen();
      const hits =
        typeof pattern === 'string'
          ? screen.split(pattern).length - 1
          : (screen.match(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`)) ?? []).length;
      if (hits >= count) return screen;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`timed out waiting for ${String(pattern)} (×${count}); the screen shows:\n${screen}`);
  }

  /** Waits for the command to end and returns its exit status. */
  async exitCode(timeoutMs = 15_000): Promise<number> {
    const screen = await this.waitFor(/\[exit \d+\]/, { timeoutMs });
    return Number(/\[exit (\d+)\]/.exec(screen)![1]);
  }

  /** Ends the session (SIGHUP to the command) and removes the socket file tmux leaves behind. */
  async close(): Promise<void> {
    await run('tmux', ['-L', this.socket, 'kill-server']).catch(() => {});
    await rm(this.socketPath, { force: true });
  }
}

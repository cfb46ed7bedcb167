/** Where a terminal session reads keys and draws: stdin and stdout, or a test's streams. */
export interface TerminalIO {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream & { columns?: number };
}

import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { DemoOptions } from './demo-server.js';

/** `examples/demo/.data`, beside the package (git-ignored), so the demo needs no setup. */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../.data', import.meta.url));

/** `[--port <n>] [--data <dir>]`; a message for people when they are wrong. */
export function parseDemoOptions(argv: string[]): DemoOptions | string {
  let values: { port?: string; data?: string };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { port: { type: 'string' }, data: { type: 'string' } },
      strict: true,
    }));
  } catch (error) {
    return (error as Error).message;
  }
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    return `--port must be a port number from 0 to 65535 (0 picks a free one), got ${values.port}`;
  }
  return { port, dataDir: resolve(values.data ?? DEFAULT_DATA_DIR) };
}

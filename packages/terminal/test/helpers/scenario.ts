import { fileURLToPath } from 'node:url';
import { NODE_TS } from '../../../../test/support/node-ts.js';
import { type ScenarioControl, scenarioHttpServer } from './scenario-server.js';
import { ELICIT, Terminal } from './tmux.js';

const STDIO_SERVER = fileURLToPath(new URL('./scenario-stdio-server.ts', import.meta.url));

/** `elicit connect` in tmux, talking to the scenario server, and the handle the test drives the server with. */
export interface Setup {
  term: Terminal;
  control: ScenarioControl;
  close(): Promise<void>;
}

/** What to start `elicit connect` with: more arguments (`--locale de`), environment, terminal width. */
export interface SetupOptions {
  args?: string[];
  env?: Record<string, string>;
  width?: number;
  height?: number;
}

/** `elicit connect` to the scenario over Streamable HTTP (v1 SDK server in this process). */
export async function overHttp(options: SetupOptions = {}): Promise<Setup> {
  const server = await scenarioHttpServer();
  const term = await Terminal.start([...ELICIT, 'connect', server.url, ...(options.args ?? [])], options);
  await term.waitFor('elicit›', { timeoutMs: 60_000 });
  return {
    term,
    control: server,
    async close() {
      await term.close();
      await server.close();
    },
  };
}

/** … over stdio: elicit starts the server; the test reaches it through the control port it names on stderr. */
export async function overStdio(options: SetupOptions = {}): Promise<Setup> {
  const term = await Terminal.start(
    [
      ...ELICIT,
      'connect',
      '--protocol',
      '2025-11-25',
      ...(options.args ?? []),
      '--',
      ...NODE_TS,
      STDIO_SERVER,
    ],
    options,
  );
  // Two Node processes start from TypeScript sources here (elicit, then the server): on a loaded machine that
  // takes a while; this is a ceiling on waiting, not a timed assertion.
  const screen = await term.waitFor(/control port \d+/, { timeoutMs: 60_000 });
  await term.waitFor('elicit›', { timeoutMs: 60_000 });
  const port = /control port (\d+)/.exec(screen)![1];
  const post = async (path: string) => {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST' });
    if (!response.ok) throw new Error(`${path}: ${await response.text()}`);
    return response.json() as Promise<unknown>;
  };
  return {
    term,
    control: { askIdle: () => post('/ask-idle'), release: async () => void (await post('/release')) },
    close: () => term.close(),
  };
}

/** Both transports, for `describe.each`. */
export const TRANSPORTS = [
  ['Streamable HTTP', overHttp],
  ['stdio', overStdio],
] as const;

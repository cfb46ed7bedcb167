import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { installTool } from '../support/tool-install.js';

/** The worker bundle, and every `node:` module something in it imports (the edge path must need none). */
export interface EdgeBundle {
  code: Uint8Array;
  /** `node:x <- importing file`, one per import; empty when the bundle is Web-only. */
  nodeImports: string[];
}

const WORKER_ENTRY = fileURLToPath(new URL('./worker.ts', import.meta.url));

/**
 * Bundles the worker the way a Workers toolchain would: ESM, no Node platform, elicitkit read from source.
 * `node:*` stays external so that anything reaching for it is listed (from esbuild's metafile) instead of
 * failing the build with a less precise error.
 */
export async function bundleWorker(entry: string = WORKER_ENTRY): Promise<EdgeBundle> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    mainFields: ['module', 'main'],
    conditions: ['@elicitkit/source', 'workerd', 'worker', 'browser', 'import'],
    external: ['node:*'],
    metafile: true,
    logLevel: 'silent',
  });
  const nodeImports = Object.entries(result.metafile.inputs).flatMap(([file, input]) =>
    input.imports
      .filter((i) => i.path.startsWith('node:'))
      .map((i) => `${i.path} <- ${file}${i.kind === 'dynamic-import' ? ' (dynamic)' : ''}`),
  );
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild produced no output');
  return { code: output.contents, nodeImports };
}

export interface RunningWorkerd {
  url: URL;
  /** Resolves once workerd has written `text` to stderr (where its console output goes). */
  stderrShows(text: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The workerd binary, installed on first use under tools/workerd (155 MB that only this test needs; call it in a
 * hook with `TOOL_INSTALL_TIMEOUT_MS`). The `workerd` package's main export is the path of the platform binary;
 * it is spawned directly (not through its bin/ wrapper, which would hold the control descriptor and outlive a kill).
 */
export async function workerdBinary(): Promise<string> {
  const tool = await installTool('workerd');
  return (createRequire(join(tool, 'package.json'))('workerd') as { default: string }).default;
}
/** A fixed date (not the binary's own) so an upgrade of workerd does not silently change the runtime's behaviour. */
const COMPATIBILITY_DATE = '2026-07-28';

/**
 * Runs `code` in workerd on 127.0.0.1 with a free port, no compatibility flags (no nodejs_compat), and
 * `bindings` as text bindings. Resolves once workerd reports the socket listening on its control descriptor.
 */
export async function startWorkerd(
  code: Uint8Array,
  bindings: Record<string, string>,
  timeoutMs = 20_000,
): Promise<RunningWorkerd> {
  const dir = await mkdtemp(join(tmpdir(), 'elicitkit-workerd-'));
  await writeFile(join(dir, 'worker.js'), code);
  await writeFile(join(dir, 'config.capnp'), configText(bindings));
  const child = spawn(await workerdBinary(), ['serve', 'config.capnp', '--control-fd=3'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  const waiting = new Set<{ text: string; done: () => void }>();
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    for (const waiter of waiting) {
      if (!stderr.includes(waiter.text)) continue;
      waiting.delete(waiter);
      waiter.done();
    }
  });
  const stderrShows = (text: string) =>
    new Promise<void>((done) => {
      if (stderr.includes(text)) done();
      else waiting.add({ text, done });
    });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const port = await listeningPort(child, timeoutMs, () => stderr);
    return { url: new URL(`http://127.0.0.1:${port}/mcp`), stderrShows, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** workerd writes `{"event":"listen","socket":"http","port":N}` lines to the control descriptor once bound. */
function listeningPort(child: ChildProcess, timeoutMs: number, stderr: () => string): Promise<number> {
  return new Promise((resolve, reject) => {
    let lines = '';
    const fail = (why: string) => {
      clearTimeout(timer);
      reject(new Error(`workerd ${why}\n${stderr()}`));
    };
    const timer = setTimeout(() => fail(`did not listen within ${timeoutMs} ms`), timeoutMs);
    child.once('exit', (code, signal) => fail(`exited (${code ?? signal}) before listening`));
    child.once('error', (error) => fail(`could not start: ${error.message}`));
    const control = child.stdio[3] as NodeJS.ReadableStream;
    control.setEncoding('utf8');
    control.on('data', (chunk: string) => {
      lines += chunk;
      for (const line of lines.split('\n').slice(0, -1)) {
        const event = JSON.parse(line) as { event?: string; socket?: string; port?: number };
        if (event.event === 'listen' && event.socket === 'http' && typeof event.port === 'number') {
          clearTimeout(timer);
          resolve(event.port);
        }
      }
      lines = lines.slice(lines.lastIndexOf('\n') + 1);
    });
  });
}

function configText(bindings: Record<string, string>): string {
  const texts = Object.entries(bindings)
    .map(([name, value]) => `(name = ${JSON.stringify(name)}, text = ${JSON.stringify(value)})`)
    .join(', ');
  return `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [ (name = "main", worker = .edgeWorker) ],
  sockets = [ (name = "http", address = "127.0.0.1:0", http = (), service = "main") ],
);

const edgeWorker :Workerd.Worker = (
  modules = [ (name = "worker.js", esModule = embed "worker.js") ],
  compatibilityDate = "${COMPATIBILITY_DATE}",
  bindings = [ ${texts} ],
);
`;
}

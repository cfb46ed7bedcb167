// Test helpers for the demo server (examples/demo): start it as `npm run demo:server` does. A browser for its
// pages (plain fetch and a cookie jar) is `DemoBrowser` in test/support/demo-browser.ts.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { NODE_TS } from '../../../../test/support/node-ts.js';

export const demoSource = (file: string) =>
  fileURLToPath(new URL(`../../../../examples/demo/src/${file}`, import.meta.url));

/** Node running a TypeScript file, the elicitkit packages from their build (test/support/node-ts.ts). */
export const TS = NODE_TS;

/** The default demo users. */
export const ALICE = { name: 'alice', token: 'demo-alice', password: 'alice-pass' };
export const BOB = { name: 'bob', token: 'demo-bob', password: 'bob-pass' };

export interface DemoProcess {
  child: ChildProcess;
  /** The MCP endpoint from the `MCP endpoint: …` line. */
  url: string;
  /** The origin of the pages. */
  base: URL;
  stdout(): string;
  stderr(): string;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

/** Under the hook timeout (60 s) with room for what a file starts beside it; the demo starts in about 2 s alone. */
const DEMO_START_MS = 45_000;

/** Starts `demo:server` and resolves with its endpoint once it prints the line it promises. */
export function startDemoServer(dataDir: string, extraArgs: string[] = []): Promise<DemoProcess> {
  const child = spawn(
    TS[0]!,
    [...TS.slice(1), demoSource('main.ts'), '--port', '0', '--data', dataDir, ...extraArgs],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      const printed = `${stdout}${stderr}`.trim() || '(it printed nothing)';
      reject(new Error(`demo:server printed no endpoint within ${DEMO_START_MS / 1000} s: ${printed}`));
    }, DEMO_START_MS);
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /^MCP endpoint: (https?:\/\/\S+\/mcp)$/m.exec(stdout);
      if (match) {
        clearTimeout(timer);
        const url = match[1]!;
        resolve({ child, url, base: new URL('/', url), stdout: () => stdout, stderr: () => stderr, stop });
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`demo:server exited ${code}: ${stdout}${stderr}`));
    });
  });
}

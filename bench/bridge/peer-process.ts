// A process the peers bench talks to (an upstream, supergateway, `elicit bridge`): started, ready, and stopped with
// what it spawned.
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { accepts } from '../../test/support/listen.js';

export interface PeerProcess {
  /** Its first line on stdout (`'json'`, `'endpoint'`), or '' (`port`). */
  firstLine: string;
  port: number | undefined;
  stop(): Promise<void>;
}

const READY_MS = 60_000;

/** Ready when it prints its first line, or (`port`) once `port` accepts connections. */
export async function startPeerProcess(
  [command, ...args]: string[],
  ready: 'json' | 'endpoint' | { port: number },
): Promise<PeerProcess> {
  // Its own process group: stopping it stops what it spawned (supergateway's and the bridge's stdio upstreams).
  const child = spawn(command!, args, { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGTERM');
    await exited;
  };
  const failed = exited.then(() => {
    throw new Error(`${command} ${args.join(' ')} exited before it was ready: ${stderr}`);
  });
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(
      () => reject(new Error(`${args.join(' ')} not ready in ${READY_MS} ms: ${stderr}`)),
      READY_MS,
    ).unref(),
  );
  try {
    if (typeof ready === 'object') {
      await Promise.race([accepting(ready.port, child), failed, timeout]);
      return { firstLine: '', port: ready.port, stop };
    }
    const line = await Promise.race([firstLine(child), failed, timeout]);
    return { firstLine: line, port: undefined, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
}

async function accepting(port: number, child: ChildProcess): Promise<void> {
  while (child.exitCode === null) {
    if (await accepts(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

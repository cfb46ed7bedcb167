import { open, readFile, rm, stat } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';

/** How often a process waiting for a lock looks again. */
const POLL_MS = 100;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A lock file whose holder has exited, or that outlived `staleMs`, is broken so nobody waits forever. */
async function stale(file: string, staleMs: number): Promise<boolean> {
  try {
    const [text, info] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
    const pid = Number.parseInt(text, 10);
    return Date.now() - info.mtimeMs > staleMs || (Number.isSafeInteger(pid) && pid > 0 && !alive(pid));
  } catch {
    return false;
  }
}

/**
 * Takes `file` as a lock (created exclusively, holding this process's id), waiting while another live process
 * holds it, until `signal` aborts. Resolves to the release.
 */
export async function takeFileLock(
  file: string,
  signal: AbortSignal,
  staleMs: number,
): Promise<() => Promise<void>> {
  for (;;) {
    signal.throwIfAborted();
    try {
      const handle = await open(file, 'wx', 0o600);
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (await stale(file, staleMs)) {
      await rm(file, { force: true });
      continue;
    }
    await delay(POLL_MS, undefined, { signal });
  }
}

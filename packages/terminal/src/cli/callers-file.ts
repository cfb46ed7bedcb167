import { open } from 'node:fs/promises';

/** Largest `--callers` file read: names and tokens, never megabytes. */
const MAX_CALLERS_FILE_BYTES = 256 * 1024;

/**
 * Reads `--callers <file>`: one caller per line, `<name> <bearer token>`, `#` comments and blank lines skipped.
 * The tokens open the bridge (and upstream's credentials) to whoever holds them, so on POSIX a file others may
 * read is refused, naming the fix. Throws an Error whose message says what is wrong and where (line numbers,
 * never a token).
 */
export async function readCallersFile(path: string): Promise<{ name: string; token: string }[]> {
  const file = await open(path, 'r');
  try {
    const stat = await file.stat();
    if (!stat.isFile()) throw new Error('not a file');
    if (process.platform !== 'win32' && (stat.mode & 0o077) !== 0) {
      throw new Error(`others may read it (mode ${(stat.mode & 0o777).toString(8)}): chmod 600 ${path}`);
    }
    if (stat.size > MAX_CALLERS_FILE_BYTES)
      throw new Error(`larger than ${MAX_CALLERS_FILE_BYTES / 1024} KiB`);
    const text = await file.readFile('utf8');
    const callers: { name: string; token: string }[] = [];
    for (const [index, raw] of text.split(/\r?\n/).entries()) {
      const line = raw.trim();
      if (line === '' || line.startsWith('#')) continue;
      const parts = line.split(/\s+/);
      if (parts.length !== 2) throw new Error(`line ${index + 1}: expected "<name> <token>"`);
      callers.push({ name: parts[0]!, token: parts[1]! });
    }
    if (callers.length === 0) throw new Error('it names no caller ("<name> <token>" per line)');
    return callers;
  } finally {
    await file.close();
  }
}

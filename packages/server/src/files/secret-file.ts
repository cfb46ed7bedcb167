import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * For development and demos: the base64 secret in `<dir>/<fileName>`, created with 32 random bytes when
 * missing. The directory is made 0700 and the file 0600 (E-30); production passes secrets by configuration.
 */
export async function loadOrCreateSecretFile(dir: string, fileName: string): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, fileName);
  try {
    await writeFile(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as { code?: string }).code !== 'EEXIST') throw error;
  }
  await chmod(file, 0o600);
  return (await readFile(file, 'utf8')).trim();
}

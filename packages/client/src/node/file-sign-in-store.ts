import { createHash } from 'node:crypto';
import { chmod, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UsageError } from '@elicitkit/core';
import { elicitConfigDir } from '@elicitkit/core/node';
import { ClientErrorCode } from '../errors.js';
import type { SignInRecord, SignInStore } from '../sign-in/record.js';
import { takeFileLock } from './file-lock.js';

/** Where `fileSignInStore` keeps its files. */
export interface FileSignInStoreOptions {
  /** The folder; default `<elicitConfigDir()>/sign-in`. Created mode 0700. */
  dir?: string;
}

/** A write holds its lock for milliseconds; a sign-in holds its own for as long as the person takes. */
const WRITE_STALE_MS = 10_000;
const SIGN_IN_STALE_MS = 10 * 60_000;
const WRITE_WAIT_MS = 15_000;

/**
 * Sign-ins on a person's own machine: one JSON file per server under `dir`, mode 0600, written whole
 * (a temporary file renamed over the old one) under a lock, so two processes never tear or lose one. A file
 * others can read is refused, naming the fix, before anything in it is used. POSIX modes only: on Windows
 * the folder's ACL (the user's profile) is what protects it.
 */
export function fileSignInStore(options: FileSignInStoreOptions = {}): SignInStore {
  const dir = options.dir ?? join(elicitConfigDir(), 'sign-in');
  const fileOf = (key: string) =>
    join(dir, `${createHash('sha256').update(key).digest('hex').slice(0, 32)}.json`);
  const posix = process.platform !== 'win32';

  async function read(file: string): Promise<SignInRecord | undefined> {
    let text: string;
    try {
      if (posix && ((await stat(file)).mode & 0o077) !== 0) {
        throw new UsageError(
          ClientErrorCode.TokenStoreUnsafe,
          `${file} can be read by other users; run "chmod 600 ${file}" (or delete it to sign in again).`,
          { details: { file } },
        );
      }
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    try {
      return JSON.parse(text) as SignInRecord;
    } catch {
      // Kept aside for a look, never used: the next sign-in writes a fresh record.
      await rename(file, `${file}.unreadable`).catch(() => {});
      return undefined;
    }
  }

  async function write(file: string, record: SignInRecord | undefined): Promise<void> {
    if (record === undefined) return rm(file, { force: true });
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
    await chmod(partial, 0o600);
    await rename(partial, file);
  }

  return {
    read: (key) => read(fileOf(key)),
    async update(key, change) {
      const file = fileOf(key);
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const release = await takeFileLock(`${file}.lock`, AbortSignal.timeout(WRITE_WAIT_MS), WRITE_STALE_MS);
      try {
        await write(file, change(await read(file)));
      } finally {
        await release();
      }
    },
    async lock(key, signal) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      return takeFileLock(`${fileOf(key)}.sign-in`, signal, SIGN_IN_STALE_MS);
    },
  };
}

import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { access, copyFile, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Heavy test-only tools, installed when the tests that use them first run rather than by `npm install` (issue 19:
 * the demo's first run should not fetch a 237 MB conformance CLI with its own Node, a 155 MB workerd, the 140 MB of
 * host frameworks, needing Node 22, that only the client's recipe tests wire elicitkit into, or the reference servers
 * the bridge's tests front).
 *
 * A tool is a folder `tools/<name>/` with a `package.json` and a `package-lock.json`, outside the workspace (so its
 * binaries never shadow the project's on PATH). `installTool(name)` runs `npm ci` for it from the lockfile, with the
 * project's npm cache, and returns the folder. The install is stamped with the lockfile's hash, so it runs again only
 * when the lockfile changes. Concurrent callers (vitest runs files in parallel) each install into a scratch folder and
 * move it into place; the first move wins and the others discard theirs, so nobody waits on a lock.
 *
 * `.ci/run` installs every tool up front: `node --import tsx test/support/tool-install.ts` (no name: all of them).
 */

const ROOT = resolve(import.meta.dirname, '../..');
const TOOLS = join(ROOT, 'tools');
const STAMP = '.elicitkit-lock-hash';
/** Tools installed by `.ci/run` (and by this file run as a script without arguments). */
export const TOOL_NAMES = ['conformance', 'workerd', 'host-frameworks', 'reference-servers'] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

/** Enough for a cold npm cache on a loaded machine; a warm install takes seconds. Use as a hook timeout. */
export const TOOL_INSTALL_TIMEOUT_MS = 10 * 60_000;

const pending = new Map<string, Promise<string>>();

/** Installs `tools/<name>` from its lockfile unless already installed; resolves with the tool's folder. */
export function installTool(name: ToolName): Promise<string> {
  let job = pending.get(name);
  if (!job) {
    job = install(name);
    pending.set(name, job);
    job.catch(() => pending.delete(name));
  }
  return job;
}

async function install(name: string): Promise<string> {
  const dir = join(TOOLS, name);
  const lock = await readFile(join(dir, 'package-lock.json'));
  const hash = createHash('sha256').update(lock).digest('hex');
  const modules = join(dir, 'node_modules');
  if ((await readFile(join(modules, STAMP), 'utf8').catch(() => '')) === hash) return dir;

  const scratch = join(ROOT, '.tmp', 'tool-install', `${name}-${process.pid}-${Date.now()}`);
  await mkdir(scratch, { recursive: true });
  try {
    await copyFile(join(dir, 'package.json'), join(scratch, 'package.json'));
    await copyFile(join(dir, 'package-lock.json'), join(scratch, 'package-lock.json'));
    await npmCi(name, scratch);
    await writeFile(join(scratch, 'node_modules', STAMP), hash);
    // An install from an older lockfile goes first; then ours moves in unless a concurrent caller's already did.
    if ((await readFile(join(modules, STAMP), 'utf8').catch(() => '')) === hash) return dir;
    if (await exists(modules)) await rename(modules, join(scratch, 'stale')).catch(() => {});
    await rename(join(scratch, 'node_modules'), modules).catch(async (error: NodeJS.ErrnoException) => {
      if ((await readFile(join(modules, STAMP), 'utf8').catch(() => '')) !== hash) throw error;
    });
    return dir;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

function npmCi(name: string, cwd: string): Promise<void> {
  const args = ['ci', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'];
  return new Promise((done, fail) => {
    const child = spawn('npm', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', fail);
    child.on('close', (code) => {
      if (code === 0) return done();
      const unreachable = /ENOTFOUND|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EAI_AGAIN|network/i.test(output);
      fail(
        new Error(
          `Could not install the test tool tools/${name} (npm ci exited ${code})` +
            (unreachable
              ? ': the npm registry looks unreachable. The tests that need this tool install it on first use ' +
                'and keep it; connect and run them again, or run `npm run tools:install` once online.'
              : '.') +
            `\n${output.trim().split('\n').slice(-15).join('\n')}`,
        ),
      );
    });
  });
}

// As a script: install the named tools, or all of them (what `.ci/run` and `npm run tools:install` do).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const names = process.argv.length > 2 ? process.argv.slice(2) : [...TOOL_NAMES];
  for (const name of names) {
    if (!(TOOL_NAMES as readonly string[]).includes(name)) {
      console.error(`unknown tool "${name}"; tools: ${TOOL_NAMES.join(', ')}`);
      process.exit(2);
    }
    const started = Date.now();
    await installTool(name as ToolName);
    console.log(`tools/${name}: installed (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
}

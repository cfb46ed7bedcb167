import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';

/**
 * vitest's global setup: brings the packages' build (`dist`) up to date before any test runs, the way
 * `npm run build` does minus the demo's web bundle (`tsc -b`, incremental: about a second when nothing changed,
 * then the peer checks written in front of the entry points).
 *
 * Why: the tests that start child Node processes (the `elicit` CLI in tmux, stdio servers, conformance clients)
 * load the elicitkit packages from `dist`, as an installed app does; compiling the sources again in each child
 * cost about three times the CPU of loading the build, over a hundred times a run. The test files themselves
 * still import the sources (`@elicitkit/source`), so a failing assertion points at `src`.
 */
export default async function buildPackages(): Promise<void> {
  const root = resolve(import.meta.dirname, '../..');
  const run = promisify(execFile);
  try {
    await run(
      process.execPath,
      [resolve(root, 'node_modules/typescript/bin/tsc'), '-b', 'tsconfig.build.json'],
      {
        cwd: root,
      },
    );
    await run(process.execPath, ['tools/peer-guards.mjs'], { cwd: root });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(
      `the packages do not build (npm run build), so child processes cannot load them:\n${stdout}${stderr}`,
    );
  }
}

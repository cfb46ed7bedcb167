// @needs npm
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/code-blocks.js';

const run = promisify(execFile);

/**
 * Issue 41: `elicit` from a checkout in one documented command, and packages that move together. `npm run
 * cli:install` is run for real, into a scratch global prefix; `npm run version` on a scratch copy of the manifests.
 */
let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'elicitkit-release-'));
});
afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('installing elicit from a checkout', () => {
  it('npm run cli:install puts elicit (and elicit bridge) on the PATH, linked to this checkout', async () => {
    const prefix = path.join(scratch, 'global');
    await mkdir(prefix);
    const env = { ...process.env, npm_config_prefix: prefix };
    const { stdout } = await run('npm', ['run', '-s', 'cli:install'], { cwd: ROOT, env });
    const elicit = path.join(prefix, 'bin', 'elicit');
    const { version } = JSON.parse(await readFile(path.join(ROOT, 'packages/terminal/package.json'), 'utf8'));
    expect(stdout).toContain(`Installed elicit ${version} as ${elicit}`);
    // The JSON a desktop host's config takes, naming the installed command.
    expect(stdout).toContain(`"command": "${elicit}"`);
    await expect(run(elicit, ['--version'])).resolves.toMatchObject({ stdout: `${version}\n` });
    const bridge = await run(elicit, ['bridge', '--help']);
    expect(bridge.stdout).toMatch(/elicit bridge/);
  });
});

describe('versions move together', () => {
  it('npm run version -- <x> moves every package and its sibling pins, and opens the changelog section', async () => {
    const copy = path.join(scratch, 'repo');
    const manifest = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as {
      workspaces: string[];
    };
    for (const file of [
      'package.json',
      'CHANGELOG.md',
      'tools/set-version.mjs',
      ...manifest.workspaces.map((w) => `${w}/package.json`),
    ])
      await cp(path.join(ROOT, file), path.join(copy, file), { recursive: true });
    await run(process.execPath, ['tools/set-version.mjs', '0.2.0'], { cwd: copy });
    for (const workspace of manifest.workspaces) {
      const moved = JSON.parse(await readFile(path.join(copy, workspace, 'package.json'), 'utf8'));
      if (!moved.private) expect(moved.version, workspace).toBe('0.2.0');
      for (const [dep, range] of Object.entries({ ...moved.dependencies, ...moved.peerDependencies }))
        if (dep.startsWith('@elicitkit/')) expect(range, `${workspace} → ${dep}`).toBe('0.2.0');
    }
    const changelog = await readFile(path.join(copy, 'CHANGELOG.md'), 'utf8');
    expect(changelog).toMatch(/^## Unreleased\n\n## 0\.2\.0 \(\d{4}-\d\d-\d\d\)\n/m);
    await expect(
      run(process.execPath, ['tools/set-version.mjs', 'next'], { cwd: copy }),
    ).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('give the new version'),
    });
  });
});

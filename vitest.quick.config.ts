import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { configDefaults, defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * `npm run test:quick`: the unit layer, for the edit-test loop. A test file that needs more than Node says so on its
 * first line, `// @needs chromium, tmux` (Chromium, tmux, redis-server, nginx, a test tool from tools/, npm installs,
 * or time), and is left out here; `npm test` runs everything. test/tooling/test-needs.test.ts checks that every file
 * using one of those says it needs it.
 */
const ROOT = import.meta.dirname;

/** The test files below `dir` (relative to the root) whose first line carries `@needs`. */
function needing(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts'))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.includes('node_modules'))
    .filter((file) => /^\/\/ @needs /.test(readFileSync(path.join(ROOT, file), 'utf8').slice(0, 200)));
}

export default mergeConfig(
  base,
  defineConfig({
    test: {
      exclude: [
        ...configDefaults.exclude,
        ...needing('test'),
        ...readdirSync(path.join(ROOT, 'packages')).flatMap((pkg) =>
          needing(path.join('packages', pkg, 'test')),
        ),
      ],
    },
  }),
);

// Issue 30: test:quick leaves out what a test needs beyond Node, read from the test's own `// @needs …` line (see
// vitest.quick.config.ts); this keeps those lines true. A file that drives Chromium, tmux, redis-server, nginx, a test
// tool or npm installs (directly or through the helpers that do) must say so.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** What a test file's imports and calls show it needs, by the helpers that bring each. */
const SIGNS: Record<string, RegExp> = {
  chromium: /playwright-core|helpers\/chromium|support\/chromium|demo-browser/,
  tmux: /helpers\/tmux|helpers\/session|helpers\/scenario|Terminal\.start/,
  'redis-server': /redis-server|startTestRedis/,
  tools: /installTool|tool-install/,
  npm: /consumer\/scratch|from '\.\/scratch/,
  nginx: /nginx/,
};

function testFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts'))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.includes('node_modules'));
}

const files = [
  ...testFiles('test').filter((file) => file !== path.relative(ROOT, import.meta.filename)), // names the signs
  ...readdirSync(path.join(ROOT, 'packages')).flatMap((pkg) => testFiles(path.join('packages', pkg, 'test'))),
];

describe('what each test needs', () => {
  it('is on its first line, for every file that drives something beyond Node', () => {
    const missing: string[] = [];
    for (const file of files) {
      const code = readFileSync(path.join(ROOT, file), 'utf8');
      const said = /^\/\/ @needs (.+)$/m.exec(code.split('\n', 1)[0]!)?.[1]?.split(/,\s*/) ?? [];
      for (const [need, sign] of Object.entries(SIGNS)) {
        if (sign.test(code) && !said.includes(need)) missing.push(`${file}: ${need}`);
      }
    }
    expect(missing).toEqual([]);
    expect(files.length).toBeGreaterThan(150);
  });
});

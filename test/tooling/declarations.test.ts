// Issue 30: nothing marked @internal reaches the published type declarations (stripInternal in every build).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Every `.d.ts` below `dir`. */
function declarations(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return declarations(full);
    return entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

describe('published declarations', () => {
  for (const pkg of ['core', 'server', 'client', 'terminal', 'web', 'bridge']) {
    it(`@elicitkit/${pkg} ships nothing marked @internal`, () => {
      const files = declarations(path.join(ROOT, 'packages', pkg, 'dist'));
      expect(files.length).toBeGreaterThan(5);
      const marked = files.filter((file) => readFileSync(file, 'utf8').includes('@internal'));
      expect(marked.map((file) => path.relative(ROOT, file))).toEqual([]);
    });
  }
});

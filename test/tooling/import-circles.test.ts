// Issue 30: no import circle anywhere in the tree, not even through types (a circle through types is still one
// for a reader). The server and the client also keep their layers (their own import-graph tests).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCircles, sourceImportGraph } from '../support/import-graph.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('import circles', () => {
  for (const pkg of ['core', 'server', 'client', 'terminal', 'web']) {
    it(`none among the sources of @elicitkit/${pkg}`, () => {
      const graph = sourceImportGraph(path.join(ROOT, 'packages', pkg, 'src'));
      expect(graph.size).toBeGreaterThan(5);
      expect(importCircles(graph)).toEqual([]);
    });
  }
});

// Issue 30: no import circle anywhere in the tree, not even through types (a circle through types is still one
// for a reader); and a sealed SDK seam: in the server and the client, values of the SDK (either generation) are
// imported in `src/sdk/` only, types anywhere. The server and the client also keep their layers (their own
// import-graph tests).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCircles, sourceImportGraph } from '../support/import-graph.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('import circles', () => {
  for (const pkg of ['core', 'server', 'client', 'terminal', 'web', 'bridge', 'doctor']) {
    it(`none among the sources of @elicitkit/${pkg}`, () => {
      const graph = sourceImportGraph(path.join(ROOT, 'packages', pkg, 'src'));
      expect(graph.size).toBeGreaterThan(5);
      expect(importCircles(graph)).toEqual([]);
    });
  }
});

/** Every `.ts` file below `dir`, relative to it. */
function sources(dir: string, below = ''): string[] {
  return readdirSync(path.join(dir, below), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(below, entry.name);
    if (entry.isDirectory()) return sources(dir, relative);
    return entry.name.endsWith('.ts') ? [relative] : [];
  });
}

/** The SDK values a file imports (`import type` and inline `type` names are types; `import()` is a value). */
function sdkValueImports(code: string): string[] {
  const found: string[] = [];
  for (const match of code.matchAll(
    /^import\s+(type\s+)?([^;]*?)\s+from\s+'(@modelcontextprotocol\/[^']+)'/gms,
  )) {
    if (match[1]) continue;
    const names = /\{([^}]*)\}/
      .exec(match[2]!)?.[1]
      ?.split(',')
      .map((name) => name.trim()) ?? [match[2]!];
    const values = names.filter((name) => name !== '' && !name.startsWith('type '));
    if (values.length > 0) found.push(`${values.join(', ')} from ${match[3]}`);
  }
  for (const match of code.matchAll(/import\(\s*'(@modelcontextprotocol\/[^']+)'\s*\)/g))
    found.push(`import(${match[1]})`);
  return found;
}

describe('the SDK seam', () => {
  for (const pkg of ['server', 'client']) {
    it(`@elicitkit/${pkg} imports SDK values in src/sdk/ only`, () => {
      const src = path.join(ROOT, 'packages', pkg, 'src');
      const leaks = sources(src)
        .filter((file) => !file.startsWith(`sdk${path.sep}`))
        .flatMap((file) =>
          sdkValueImports(readFileSync(path.join(src, file), 'utf8')).map((what) => `${file}: ${what}`),
        );
      expect(leaks).toEqual([]);
    });
  }

  it('sees value imports, and only them', () => {
    expect(
      sdkValueImports(
        "import type { A } from '@modelcontextprotocol/server';\nimport { type B, C } from '@modelcontextprotocol/client';\n" +
          "const v1 = await import('@modelcontextprotocol/sdk/server/mcp.js');",
      ),
    ).toEqual(['C from @modelcontextprotocol/client', 'import(@modelcontextprotocol/sdk/server/mcp.js)']);
  });
});

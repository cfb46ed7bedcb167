// Measures what a browser page loads of elicitkit: esbuild with code splitting, the SDK left out (it is
// not elicitkit's code), gzip level 9 per file. "Initial" is the entry and its static imports; chunks
// reached only through `import()` (core's pattern engine) load when first needed.

import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

export interface BundleSize {
  /** gzip bytes loaded before any `import()`. */
  initial: number;
  /** gzip bytes of the chunks loaded on demand. */
  onDemand: number;
  /** Input files in the initial load. */
  initialInputs: string[];
  /**
   * gzip bytes loaded once the dynamic imports of the sources matching `patterns` have run: the initial load,
   * each such chunk and what it imports statically (e.g. the form and consent elements of `webUI`).
   */
  loadedAfter(...patterns: RegExp[]): number;
}

export async function measureBundle(
  source: string,
  conditions: string[] = ['@elicitkit/source'],
): Promise<BundleSize> {
  const result = await build({
    stdin: { contents: source, resolveDir: fileURLToPath(new URL('.', import.meta.url)), loader: 'ts' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    outdir: '/virtual',
    metafile: true,
    conditions,
    external: ['@modelcontextprotocol/client'],
    logLevel: 'error',
  });
  const outputs = result.metafile.outputs;
  const gz = new Map(
    result.outputFiles.map((file) => [file.path, gzipSync(file.contents, { level: 9 }).length]),
  );
  // Every target of a dynamic import is an entry point too: the page's own is the one read from stdin.
  const entry = Object.keys(outputs).find((path) => outputs[path]!.entryPoint === '<stdin>')!;
  const closure = (start: string, into = new Set<string>()) => {
    const visit = (path: string) => {
      if (into.has(path)) return;
      into.add(path);
      for (const imported of outputs[path]!.imports)
        if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
    };
    visit(start);
    return into;
  };
  const initial = closure(entry);
  const size = (path: string) => gz.get(resolve(path)) ?? 0;
  let initialBytes = 0;
  let onDemand = 0;
  for (const path of Object.keys(outputs)) {
    if (path.endsWith('.map')) continue;
    if (initial.has(path)) initialBytes += size(path);
    else onDemand += size(path);
  }
  const initialInputs = [...initial].flatMap((path) => Object.keys(outputs[path]!.inputs));
  const loadedAfter = (...patterns: RegExp[]) => {
    const loaded = new Set(initial);
    for (const [path, output] of Object.entries(outputs)) {
      if (output.entryPoint && patterns.some((pattern) => pattern.test(output.entryPoint!)))
        closure(path, loaded);
    }
    return [...loaded].reduce((sum, path) => sum + size(path), 0);
  };
  return { initial: initialBytes, onDemand, initialInputs, loadedAfter };
}

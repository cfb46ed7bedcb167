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
  const entry = Object.keys(outputs).find((path) => outputs[path]!.entryPoint !== undefined)!;
  const initial = new Set<string>();
  const visit = (path: string) => {
    if (initial.has(path)) return;
    initial.add(path);
    for (const imported of outputs[path]!.imports)
      if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
  };
  visit(entry);
  const size = (path: string) => gz.get(resolve(path)) ?? 0;
  let initialBytes = 0;
  let onDemand = 0;
  for (const path of Object.keys(outputs)) {
    if (path.endsWith('.map')) continue;
    if (initial.has(path)) initialBytes += size(path);
    else onDemand += size(path);
  }
  const initialInputs = [...initial].flatMap((path) => Object.keys(outputs[path]!.inputs));
  return { initial: initialBytes, onDemand, initialInputs };
}

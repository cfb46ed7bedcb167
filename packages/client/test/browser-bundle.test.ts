// Issue 23: a browser bundle of @elicitkit/client needs no alias. esbuild bundles the package root for the
// browser (platform `browser`, its `browser` conditions), with nothing aliased and nothing left external: the
// build fails on a Node module it cannot resolve, and the test fails on any `node:` import or the `open`
// package that slipped in anyway.
import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';

async function bundleForBrowser(contents: string): Promise<Metafile> {
  const result = await build({
    stdin: { contents, resolveDir: fileURLToPath(new URL('.', import.meta.url)), loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    metafile: true,
    conditions: ['@elicitkit/source'],
    logLevel: 'silent',
  });
  return result.metafile;
}

/** Every module the bundle took in or imported, as esbuild resolved it. */
function modulesOf(metafile: Metafile): string[] {
  return Object.entries(metafile.inputs).flatMap(([path, input]) => [
    path,
    ...input.imports.map((i) => i.path),
  ]);
}

describe('@elicitkit/client in a browser bundle', () => {
  it('bundles the package root for the browser with no alias, no node: import and no `open`', async () => {
    const metafile = await bundleForBrowser(
      "export * from '@elicitkit/client';\nexport { Client } from '@modelcontextprotocol/client';",
    );
    const modules = modulesOf(metafile);
    expect(modules.some((path) => path.includes('packages/client/src/install.ts'))).toBe(true);
    expect(modules.filter((path) => path.startsWith('node:'))).toEqual([]);
    expect(modules.filter((path) => /node_modules\/open\//.test(path))).toEqual([]);
  });

  it('keeps the system-browser opener behind @elicitkit/client/node, which a browser build cannot take', async () => {
    await expect(bundleForBrowser("export * from '@elicitkit/client/node';")).rejects.toThrow(/node:/);
  });
});

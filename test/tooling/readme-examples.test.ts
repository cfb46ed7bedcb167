// @needs tools
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  checkBlocks,
  docExamples,
  publicNames,
  ROOT,
  readmeBlocks,
  readmes,
  sourceFiles,
  withPublicImports,
  writeBlocks,
} from '../support/code-blocks.js';
import { installTool, TOOL_INSTALL_TIMEOUT_MS } from '../support/tool-install.js';

/**
 * Issue 15: README examples cannot drift from the API (and issue 23 item 6: nor can doc-comment examples, below). Every ```ts / ```tsx block of the READMEs is written to
 * `.tmp/readme-examples/` as its own module and type-checked against the packages' sources, the way
 * `npm run typecheck` sees them. A failure names the README and the line, e.g.
 * `packages/server/README.md:128:5 TS2554: Expected 3 arguments, but got 4.`
 *
 * - Blocks continue the README's story, so they may use names introduced earlier in prose or in other blocks
 *   (`ctx`, `server`, `schema`, …). Each README may declare those in `tools/readme-contexts/<dir>.d.ts`
 *   (`server.d.ts` for packages/server/README.md, `root.d.ts` for README.md): plain global `declare`s. A block's
 *   own imports and declarations shadow them.
 * - A block may `return` at top level (it stands for a tool handler's body), and may `await` at top level.
 * - A block that is deliberately not code (a signature sketch, pseudo-code) is fenced as ```ts nocheck. Keep
 *   those rare: a block that does not compile usually means the README is out of date.
 * - The client README's recipes for other host frameworks (`@ai-sdk/mcp`, `@mastra/mcp`) compile against those
 *   packages' real types, from the test tool that holds them (tools/host-frameworks, installed on first use: they
 *   are not in the workspace's node_modules): {@link HOST_FRAMEWORKS} maps their names there.
 */

const OUT_DIR = path.join(ROOT, '.tmp', 'readme-examples');
const DOC_OUT_DIR = path.join(ROOT, '.tmp', 'doc-examples');
const CONTEXT_DIR = path.join(ROOT, 'tools', 'readme-contexts');

/** `packages/server/README.md` → `server`, `README.md` → `root`. */
function contextName(readme: string): string {
  const dir = path.dirname(readme);
  return dir === '.' ? 'root' : path.basename(dir);
}

/**
 * The packages the client README's recipes import that live in tools/host-frameworks, not in the workspace, and
 * their type entries there (the `types` of their package.json: a `paths` target must be a file when the block
 * is an ES module). What these import in turn resolves from their own place.
 */
const HOST_FRAMEWORKS = { '@ai-sdk/mcp': 'dist/index.d.ts', '@mastra/mcp': 'dist/index.d.ts' };
const HOST_FRAMEWORKS_MODULES = path.join(ROOT, 'tools', 'host-frameworks', 'node_modules');

function compilerOptions(): ts.CompilerOptions {
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, 'tsconfig.json'), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  if (!parsed) throw new Error('tsconfig.json could not be read');
  const paths = Object.fromEntries(
    Object.entries(HOST_FRAMEWORKS).map(([name, types]) => [
      name,
      [path.join(HOST_FRAMEWORKS_MODULES, name, types)],
    ]),
  );
  return { ...parsed.options, paths, noEmit: true, incremental: false };
}

rmSync(OUT_DIR, { recursive: true, force: true });
rmSync(DOC_OUT_DIR, { recursive: true, force: true });
const options = compilerOptions();
const host = ts.createCompilerHost(options);
/** Each program reuses what the previous one parsed (the packages' sources, the SDK's types): one parse in all. */
let previous: ts.Program | undefined;

describe('README code blocks compile against the current API', () => {
  beforeAll(() => installTool('host-frameworks'), TOOL_INSTALL_TIMEOUT_MS);
  for (const readme of readmes()) {
    const blocks = readmeBlocks(readme);
    if (blocks.length === 0) continue;
    it(`${readme} (${blocks.length} blocks)`, { timeout: 120_000 }, () => {
      const context = path.join(CONTEXT_DIR, `${contextName(readme)}.d.ts`);
      const files = writeBlocks(blocks, OUT_DIR);
      // Reusing the previous program keeps the packages' parsed sources: each README costs only its own check.
      const checked = checkBlocks(
        blocks,
        files,
        existsSync(context) ? [context] : [],
        options,
        host,
        previous,
      );
      previous = checked.program;
      expect(checked.problems).toEqual([]);
    });
  }
});

/**
 * Every ```ts fence inside a `/** … *\/` comment of `packages/<pkg>/src`, and every `@example` (fenced or not: TypeDoc
 * shows unfenced content as code), checked the same way. A failure names the source line:
 * `packages/server/src/shorthands.ts:25:7 TS2304: …`. An example uses the public names of its own package (every
 * entry point's: `elicitForm`, `createUrlMode`…) without importing them: the check imports those it mentions. The
 * reader's own objects (`ctx`, `server`, `store`…) come from `tools/readme-contexts/<pkg>.d.ts`, then from
 * `doc-comments.d.ts` for names only doc comments use. Fence an example ```ts nocheck when it is not meant as code.
 */
describe('doc-comment examples compile against the current API', () => {
  const packages = readdirSync(path.join(ROOT, 'packages')).filter((dir) =>
    existsSync(path.join(ROOT, 'packages', dir, 'src')),
  );
  for (const pkg of packages) {
    const blocks = sourceFiles(path.join(ROOT, 'packages', pkg, 'src')).flatMap(docExamples);
    if (blocks.length === 0) continue;
    it(`packages/${pkg}/src (${blocks.length} examples)`, { timeout: 120_000 }, () => {
      const manifest = JSON.parse(readFileSync(path.join(ROOT, 'packages', pkg, 'package.json'), 'utf8'));
      const entries = Object.values(manifest.exports as Record<string, Record<string, string>>).map(
        (conditions) => path.join(ROOT, 'packages', pkg, conditions['@elicitkit/source']!),
      );
      const entryProgram = ts.createProgram({ rootNames: entries, options, host, oldProgram: previous });
      const names = publicNames(entryProgram, pkg);
      const withImports = blocks.map((block) => withPublicImports(block, names));
      const contexts = [`${pkg}.d.ts`, 'doc-comments.d.ts']
        .map((name) => path.join(CONTEXT_DIR, name))
        .filter((file) => existsSync(file));
      const files = writeBlocks(withImports, DOC_OUT_DIR);
      const checked = checkBlocks(withImports, files, contexts, options, host, entryProgram);
      previous = checked.program;
      expect(checked.problems).toEqual([]);
    });
  }
});

import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Issue 15: README examples cannot drift from the API. Every ```ts / ```tsx block of the READMEs is written to
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
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const OUT_DIR = path.join(ROOT, '.tmp', 'readme-examples');
const CONTEXT_DIR = path.join(ROOT, 'tools', 'readme-contexts');
/** TS1108 "A 'return' statement can only be used within a function body": blocks stand for handler bodies. */
const ALLOWED_CODES = new Set([1108]);

interface Block {
  readme: string;
  /** 1-based README line of the block's first line of code. */
  firstLine: number;
  file: string;
}

function readmes(): string[] {
  const inDirs = (dir: string) =>
    readdirSync(path.join(ROOT, dir), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(path.join(ROOT, dir, entry.name, 'README.md')))
      .map((entry) => `${dir}/${entry.name}/README.md`);
  return ['README.md', ...inDirs('packages'), ...inDirs('examples')];
}

/** `packages/server/README.md` → `server`, `README.md` → `root`. */
function contextName(readme: string): string {
  const dir = path.dirname(readme);
  return dir === '.' ? 'root' : path.basename(dir);
}

function extractBlocks(readme: string): Block[] {
  const lines = readFileSync(path.join(ROOT, readme), 'utf8').split('\n');
  const blocks: Block[] = [];
  let open: { lang: string; firstLine: number; code: string[] } | undefined;
  let skipping = false;
  for (const [index, line] of lines.entries()) {
    const fence = /^\s*```\s*(\S*)(.*)$/.exec(line);
    if (!fence) {
      open?.code.push(line);
      continue;
    }
    if (open || skipping) {
      if (open) {
        const dir = path.join(OUT_DIR, readme.replaceAll('/', '_'));
        mkdirSync(dir, { recursive: true });
        const file = path.join(dir, `line-${open.firstLine}.${open.lang}`);
        // `export {}` makes every block a module (no globals shared between blocks); it is added after the
        // block so that lines of the file and of the README correspond one to one.
        writeFileSync(file, `${open.code.join('\n')}\nexport {};\n`);
        blocks.push({ readme, firstLine: open.firstLine, file });
      }
      open = undefined;
      skipping = false;
      continue;
    }
    const lang = { ts: 'ts', typescript: 'ts', tsx: 'tsx' }[fence[1] ?? ''];
    if (lang && !/\bnocheck\b/.test(fence[2] ?? '')) open = { lang, firstLine: index + 2, code: [] };
    else skipping = true;
  }
  return blocks;
}

function compilerOptions(): ts.CompilerOptions {
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, 'tsconfig.json'), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  if (!parsed) throw new Error('tsconfig.json could not be read');
  return { ...parsed.options, noEmit: true, incremental: false };
}

function describeDiagnostic(diagnostic: ts.Diagnostic, where: (line: number) => string): string {
  const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n    ');
  if (!diagnostic.file || diagnostic.start === undefined) return `TS${diagnostic.code}: ${text}`;
  const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
  return `${where(line)}:${character + 1} TS${diagnostic.code}: ${text}`;
}

rmSync(OUT_DIR, { recursive: true, force: true });
const options = compilerOptions();
const host = ts.createCompilerHost(options);
let previous: ts.Program | undefined;

/** Type-checks one README's blocks; returns one line per problem, located in the README. */
function check(readme: string, blocks: Block[]): string[] {
  const context = path.join(CONTEXT_DIR, `${contextName(readme)}.d.ts`);
  const contextFiles = existsSync(context) ? [context] : [];
  // Reusing the previous program keeps the packages' parsed sources: each README costs only its own check.
  const program = ts.createProgram({
    rootNames: [...blocks.map((block) => block.file), ...contextFiles],
    options,
    host,
    oldProgram: previous,
  });
  previous = program;
  const problems: string[] = [];
  for (const file of contextFiles) {
    const source = program.getSourceFile(file)!;
    const relative = path.relative(ROOT, file);
    for (const diagnostic of program.getSemanticDiagnostics(source)) {
      problems.push(describeDiagnostic(diagnostic, (line) => `${relative}:${line + 1}`));
    }
  }
  for (const block of blocks) {
    const source = program.getSourceFile(block.file)!;
    const diagnostics = [
      ...program.getSyntacticDiagnostics(source),
      ...program.getSemanticDiagnostics(source),
    ];
    for (const diagnostic of diagnostics) {
      if (ALLOWED_CODES.has(diagnostic.code)) continue;
      problems.push(describeDiagnostic(diagnostic, (line) => `${readme}:${block.firstLine + line}`));
    }
  }
  return problems;
}

describe('README code blocks compile against the current API', () => {
  for (const readme of readmes()) {
    const blocks = extractBlocks(readme);
    if (blocks.length === 0) continue;
    it(`${readme} (${blocks.length} blocks)`, { timeout: 120_000 }, () => {
      expect(check(readme, blocks)).toEqual([]);
    });
  }
});

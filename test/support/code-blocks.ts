import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The TypeScript examples of the docs, as modules to type-check: the ```ts / ```tsx blocks of the READMEs
 * (test/tooling/readme-examples.test.ts), the same fences and `@example` tags in doc comments
 * (test/tooling/doc-examples.test.ts), and the README blocks compiled against the packed packages
 * (test/consumer). A block fenced ```ts nocheck is skipped.
 */

export const ROOT = path.resolve(import.meta.dirname, '../..');
/** TS1108 "A 'return' statement can only be used within a function body": blocks stand for handler bodies. */
export const ALLOWED_CODES = new Set([1108]);

export interface CodeBlock {
  /** Where the block comes from, relative to the repository root (`packages/server/README.md`). */
  source: string;
  /** 1-based line of the source where the block's first line of code is. */
  firstLine: number;
  lang: 'ts' | 'tsx';
  code: string;
}

/** Every README of the repository: the root's, each package's, each example's. */
export function readmes(): string[] {
  const inDirs = (dir: string) =>
    readdirSync(path.join(ROOT, dir), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(path.join(ROOT, dir, entry.name, 'README.md')))
      .map((entry) => `${dir}/${entry.name}/README.md`);
  return ['README.md', ...inDirs('packages'), ...inDirs('examples')];
}

/**
 * The checked code fences of `lines` (markdown, or the text of doc comments with their `*` gutter removed), each
 * with its line number in the source. `lineOf(i)` maps an index of `lines` to the source's 1-based line.
 */
export function fencedBlocks(
  source: string,
  lines: readonly string[],
  lineOf: (index: number) => number = (index) => index + 1,
): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  let open: { lang: 'ts' | 'tsx'; firstLine: number; code: string[] } | undefined;
  let skipping = false;
  for (const [index, line] of lines.entries()) {
    const fence = /^\s*```\s*(\S*)(.*)$/.exec(line);
    if (!fence) {
      open?.code.push(line);
      continue;
    }
    if (open || skipping) {
      if (open)
        blocks.push({ source, firstLine: open.firstLine, lang: open.lang, code: open.code.join('\n') });
      open = undefined;
      skipping = false;
      continue;
    }
    const lang = ({ ts: 'ts', typescript: 'ts', tsx: 'tsx' } as const)[fence[1] as 'ts'];
    // An attribute such as `source="…"` (TypeDoc's) after the language is fine; `nocheck` opts out.
    if (lang && !/\bnocheck\b/.test(fence[2] ?? '')) open = { lang, firstLine: lineOf(index + 1), code: [] };
    else skipping = true;
  }
  return blocks;
}

/** The checked blocks of one README (`packages/server/README.md`). */
export function readmeBlocks(readme: string): CodeBlock[] {
  return fencedBlocks(readme, readFileSync(path.join(ROOT, readme), 'utf8').split('\n'));
}

/**
 * Writes each block as its own module under `dir` and returns the file names, in block order. `export {}` makes
 * every block a module (no globals shared between blocks); it goes after the block so that the lines of the file
 * and of the block correspond one to one.
 */
export function writeBlocks(blocks: readonly CodeBlock[], dir: string): string[] {
  return blocks.map((block) => {
    const folder = path.join(dir, block.source.replaceAll('/', '_'));
    mkdirSync(folder, { recursive: true });
    const file = path.join(folder, `line-${block.firstLine}.${block.lang}`);
    writeFileSync(file, `${block.code}\nexport {};\n`);
    return file;
  });
}

/** One problem per line, located in the block's source: `packages/server/README.md:128:5 TS2554: …`. */
export function describeDiagnostic(diagnostic: ts.Diagnostic, where: (line: number) => string): string {
  const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n    ');
  if (!diagnostic.file || diagnostic.start === undefined) return `TS${diagnostic.code}: ${text}`;
  const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
  return `${where(line)}:${character + 1} TS${diagnostic.code}: ${text}`;
}

/**
 * Type-checks blocks written by {@link writeBlocks} (with `files[i]` holding `blocks[i]`) together with
 * `extraFiles` (global declarations the blocks assume); returns one line per problem. Pass the previous program
 * to reuse what it parsed (the packages' sources, the SDK's types): each further call costs only its own files.
 */
export function checkBlocks(
  blocks: readonly CodeBlock[],
  files: readonly string[],
  extraFiles: readonly string[],
  options: ts.CompilerOptions,
  host: ts.CompilerHost,
  oldProgram?: ts.Program,
): { problems: string[]; program: ts.Program } {
  const program = ts.createProgram({ rootNames: [...files, ...extraFiles], options, host, oldProgram });
  const problems: string[] = [];
  for (const file of extraFiles) {
    const relative = path.relative(ROOT, file);
    for (const diagnostic of program.getSemanticDiagnostics(program.getSourceFile(file))) {
      problems.push(describeDiagnostic(diagnostic, (line) => `${relative}:${line + 1}`));
    }
  }
  for (const [index, block] of blocks.entries()) {
    const source = program.getSourceFile(files[index]!)!;
    const diagnostics = [
      ...program.getSyntacticDiagnostics(source),
      ...program.getSemanticDiagnostics(source),
    ];
    for (const diagnostic of diagnostics) {
      if (ALLOWED_CODES.has(diagnostic.code)) continue;
      problems.push(describeDiagnostic(diagnostic, (line) => `${block.source}:${block.firstLine + line}`));
    }
  }
  return { problems, program };
}

/** The TypeScript sources under `dir`, sorted. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** The examples of one source file, located at their lines. */
export function docExamples(file: string): CodeBlock[] {
  const source = path.relative(ROOT, file);
  const text = readFileSync(file, 'utf8');
  const blocks: CodeBlock[] = [];
  for (const comment of text.matchAll(/\/\*\*[\s\S]*?\*\//g)) {
    const startLine = text.slice(0, comment.index).split('\n').length; // 1-based line of `/**`
    const lines = comment[0]
      .replace(/^\/\*\*/, '')
      .replace(/\*\/$/, '')
      .split('\n')
      .map((line) => line.replace(/^\s*\* ?/, ''));
    const lineOf = (index: number) => startLine + index;
    blocks.push(...fencedBlocks(source, lines, lineOf));
    // An unfenced @example: its text up to the next tag is the code.
    for (const [index, line] of lines.entries()) {
      if (!/^\s*@example\b/.test(line)) continue;
      const body: string[] = [];
      for (const next of lines.slice(index + 1)) {
        if (/^\s*@\w/.test(next)) break;
        body.push(next);
      }
      if (body.some((next) => /^\s*```/.test(next))) continue; // fenced: found above
      const rest = line.replace(/^\s*@example\b\s*/, '');
      const code = rest ? [rest, ...body] : body;
      blocks.push({ source, firstLine: lineOf(rest ? index : index + 1), lang: 'ts', code: code.join('\n') });
    }
  }
  return blocks;
}

/** The public names (values and types) of every entry point of `pkg`, as `import` lines for names a block uses. */
export function publicNames(
  program: ts.Program,
  pkg: string,
): Map<string, { from: string; typeOnly: boolean }> {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'packages', pkg, 'package.json'), 'utf8'));
  const checker = program.getTypeChecker();
  const names = new Map<string, { from: string; typeOnly: boolean }>();
  for (const [subpath, conditions] of Object.entries(
    manifest.exports as Record<string, Record<string, string>>,
  )) {
    const entry = program.getSourceFile(path.join(ROOT, 'packages', pkg, conditions['@elicitkit/source']!));
    const module = entry && checker.getSymbolAtLocation(entry);
    if (!module) continue;
    for (const symbol of checker.getExportsOfModule(module)) {
      if (names.has(symbol.name)) continue;
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      names.set(symbol.name, {
        from: path.posix.join(manifest.name, subpath),
        typeOnly: !(target.flags & ts.SymbolFlags.Value),
      });
    }
  }
  return names;
}

/**
 * `block` with an import of each public name of `names` that it mentions and does not import itself. The imports go
 * after the code (imports are hoisted), so that the file's lines and the block's still match.
 */
export function withPublicImports(
  block: CodeBlock,
  names: ReadonlyMap<string, { from: string; typeOnly: boolean }>,
): CodeBlock {
  const imported = new Set(
    [...block.code.matchAll(/^\s*import\s*(?:type\s*)?\{([^}]*)\}/gm)].flatMap(([, list]) =>
      list!.split(',').map((name) => name.replace(/^\s*type\s+/, '').trim()),
    ),
  );
  const imports = [...names]
    .filter(([name]) => !imported.has(name) && new RegExp(`\\b${name}\\b`).test(block.code))
    .map(([name, { from, typeOnly }]) => `import { ${typeOnly ? 'type ' : ''}${name} } from '${from}';`);
  return { ...block, code: `${block.code}\n${imports.join('\n')}` };
}

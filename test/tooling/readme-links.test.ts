import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT, readmes } from '../support/code-blocks.js';

/**
 * Issue 41: the docs a newcomer follows cannot point nowhere. Every link of every README and doc resolves (the file,
 * and its `#anchor` among the target's headings, as GitHub makes them); a published package's README links nothing
 * outside its package (npm shows the README alone, where such a link is dead); and every option an options table
 * names is a property of the exported type the table says it documents (`<!-- options: TypeName … -->` just
 * above the table).
 */

const DOCS = [
  ...readmes(),
  'DESIGN.md',
  ...readdirSync(path.join(ROOT, 'docs')).map((f) => `docs/${f}`),
].filter((file) => file.endsWith('.md'));

/** GitHub's heading anchor: lower case, punctuation but `-` and `_` dropped, spaces to `-`. */
function slug(heading: string): string {
  return heading
    .replace(/`/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors a markdown file offers: its headings (duplicates numbered as GitHub does) and explicit ids. */
function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const match of text.matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const base = slug(match[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  for (const match of text.matchAll(/\sid="([^"]+)"/g)) anchors.add(match[1]!);
  return anchors;
}

/** Every link target of a markdown file (markdown links and HTML `src`/`href`), code blocks and spans left out. */
function linksOf(text: string): { target: string; line: number }[] {
  const links: { target: string; line: number }[] = [];
  let fenced = false;
  for (const [index, raw] of text.split('\n').entries()) {
    if (/^\s*```/.test(raw)) fenced = !fenced;
    if (fenced) continue;
    const line = raw.replace(/`[^`]*`/g, '');
    for (const match of line.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)|\s(?:src|href)="([^"]+)"/g))
      links.push({ target: (match[1] ?? match[2])!, line: index + 1 });
  }
  return links;
}

describe('links in the docs', () => {
  for (const doc of DOCS) {
    it(`${doc}: every relative link and anchor resolves`, () => {
      const problems: string[] = [];
      const dir = path.dirname(path.join(ROOT, doc));
      const published = /^packages\/[^/]+\/README\.md$/.test(doc);
      for (const { target, line } of linksOf(readFileSync(path.join(ROOT, doc), 'utf8'))) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
        const [file = '', anchor] = target.split('#');
        const resolved = file === '' ? path.join(ROOT, doc) : path.resolve(dir, decodeURIComponent(file));
        const where = `${doc}:${line} ${target}`;
        if (published && file !== '' && !resolved.startsWith(`${dir}${path.sep}`)) {
          problems.push(`${where}: leaves the package (npm shows its README alone)`);
          continue;
        }
        if (!existsSync(resolved)) {
          problems.push(`${where}: no such file`);
          continue;
        }
        if (anchor === undefined) continue;
        const page = statSync(resolved).isDirectory() ? path.join(resolved, 'README.md') : resolved;
        if (!anchorsOf(page).has(anchor)) problems.push(`${where}: no heading makes #${anchor}`);
      }
      expect(problems).toEqual([]);
    });
  }
});

/** The properties of the exported types named, by name, across every package's public entry points. */
function exportedProperties(): (typeName: string) => Set<string> | undefined {
  const entries = readdirSync(path.join(ROOT, 'packages')).flatMap((pkg) => {
    const manifest = path.join(ROOT, 'packages', pkg, 'package.json');
    if (!existsSync(manifest)) return [];
    const exports = JSON.parse(readFileSync(manifest, 'utf8')).exports as Record<
      string,
      Record<string, string>
    >;
    return Object.values(exports).map((conditions) =>
      path.join(ROOT, 'packages', pkg, conditions['@elicitkit/source']!),
    );
  });
  const { config } = ts.readConfigFile(path.join(ROOT, 'tsconfig.base.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, ROOT);
  const program = ts.createProgram({
    rootNames: entries,
    options: { ...options, noEmit: true, customConditions: ['@elicitkit/source'] },
  });
  const checker = program.getTypeChecker();
  const types = new Map<string, ts.Type>();
  for (const entry of entries) {
    const module = checker.getSymbolAtLocation(program.getSourceFile(entry)!);
    for (const symbol of module ? checker.getExportsOfModule(module) : []) {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      if (target.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias))
        types.set(symbol.name, checker.getDeclaredTypeOfSymbol(target));
    }
  }
  return (name) => {
    const type = types.get(name);
    return type && new Set(checker.getPropertiesOfType(checker.getApparentType(type)).map((p) => p.name));
  };
}

describe('options tables name real options', () => {
  const propertiesOf = exportedProperties();
  for (const doc of DOCS) {
    it(`${doc}: every option in an options table is a property of the type it documents`, () => {
      const lines = readFileSync(path.join(ROOT, doc), 'utf8').split('\n');
      const problems: string[] = [];
      for (const [index, line] of lines.entries()) {
        const header = line.split('|').map((cell) => cell.trim().toLowerCase());
        if (!line.startsWith('|') || !header.includes('option') || lines[index - 1]?.startsWith('|'))
          continue;
        const column = header.indexOf('option');
        const named: { name: string; row: number }[] = [];
        for (let row = index + 2; lines[row]?.startsWith('|'); row++) {
          const cell = lines[row]!.split('|')[column] ?? '';
          // The cell's first code span names the option; later ones name where it goes (`… of \`serveMcpHttp\``).
          const first = /`([^`]*)`/.exec(cell)?.[1];
          if (first && /^[a-z][A-Za-z0-9]*$/.test(first)) named.push({ name: first, row });
        }
        if (named.length === 0) continue; // command-line flags, not a type's options
        const marker = /^<!-- options: (.+) -->$/.exec(lines[index - 1] ?? '');
        if (!marker) {
          problems.push(
            `${doc}:${index + 1}: an options table needs "<!-- options: TypeName -->" just above it`,
          );
          continue;
        }
        const known = new Set<string>();
        for (const name of marker[1]!.trim().split(/\s+/)) {
          const properties = propertiesOf(name);
          if (!properties) problems.push(`${doc}:${index}: no exported type ${name}`);
          for (const property of properties ?? []) known.add(property);
        }
        for (const { name, row } of named) {
          if (!known.has(name)) problems.push(`${doc}:${row + 1}: ${name} is not an option of ${marker[1]}`);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * A package's own import graph, for the per-package import-graph tests (issue 23): every `src/` file and the
 * `src/` files it imports, read with TypeScript's import scanner (`import`, `import type`, `export … from` and
 * `import()` alike: a circle through types is still a circle for a reader). Package imports are left out.
 */
export function sourceImportGraph(src: string): Map<string, string[]> {
  const files = listSources(src, src);
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const scanned = ts.preProcessFile(readFileSync(path.join(src, file), 'utf8'), true, true);
    const targets = scanned.importedFiles
      .map((imported) => imported.fileName)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => {
        const target = path.posix.normalize(
          path.posix.join(path.posix.dirname(file), specifier.replace(/\.js$/, '.ts')),
        );
        if (!known.has(target)) throw new Error(`${file}: cannot resolve ${specifier}`);
        return target;
      });
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

function listSources(dir: string, src: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listSources(full, src);
    return entry.name.endsWith('.ts') ? [path.relative(src, full).split(path.sep).join('/')] : [];
  });
}

/** Every circle: the strongly connected components (Tarjan) of more than one file, or a file importing itself. */
export function importCircles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const order = new Map<string, number>();
  const reach = new Map<string, number>();
  const open: string[] = [];
  const found: string[][] = [];
  const walk = (file: string) => {
    order.set(file, counter);
    reach.set(file, counter++);
    open.push(file);
    for (const target of graph.get(file) ?? []) {
      if (!order.has(target)) {
        walk(target);
        reach.set(file, Math.min(reach.get(file)!, reach.get(target)!));
      } else if (open.includes(target)) {
        reach.set(file, Math.min(reach.get(file)!, order.get(target)!));
      }
    }
    if (reach.get(file) !== order.get(file)) return;
    const component = open.splice(open.indexOf(file));
    if (component.length > 1 || graph.get(file)?.includes(file)) found.push(component.sort());
  };
  for (const file of graph.keys()) if (!order.has(file)) walk(file);
  return found;
}

/**
 * Imports that go up: every file belongs to the room (a folder `x/` or a file) of the longest matching path in
 * `layers` (bottom first), and may import its own room and rooms of lower layers only. Files listed in
 * `entries` (the `exports` map's) stand above every layer. A file with no room is reported too.
 */
export function upwardImports(
  graph: Map<string, string[]>,
  layers: readonly (readonly string[])[],
  entries: ReadonlySet<string>,
): string[] {
  const roomOf = (file: string) => {
    let best: { room: string; layer: number } | undefined;
    for (const [layer, rooms] of layers.entries()) {
      for (const room of rooms) {
        const matches = room.endsWith('/') ? file.startsWith(room) : file === room;
        if (matches && (!best || room.length > best.room.length)) best = { room, layer };
      }
    }
    return best;
  };
  const problems: string[] = [];
  for (const [file, targets] of graph) {
    if (entries.has(file)) continue;
    const from = roomOf(file);
    if (!from) {
      problems.push(`${file} has no room`);
      continue;
    }
    for (const target of targets) {
      const to = roomOf(target);
      if (!to) problems.push(`${file} → ${target} (an entry, or a file with no room)`);
      else if (to.room !== from.room && to.layer >= from.layer) {
        problems.push(
          `${file} (${from.room}, layer ${from.layer}) → ${target} (${to.room}, layer ${to.layer})`,
        );
      }
    }
  }
  return problems;
}

/** The source files of a package's `exports` map (`@elicitkit/source` condition), relative to its `src/`. */
export function entrySources(packageDir: string): Set<string> {
  const manifest = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  return new Set(
    Object.values(manifest.exports as Record<string, Record<string, string>>).map((conditions) =>
      path.posix.relative('src', conditions['@elicitkit/source']!),
    ),
  );
}

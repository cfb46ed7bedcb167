// @needs time
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Issue 15: no exported name means two things across packages. A name two entries export must be the same
 * declaration re-exported (core's `ElicitValue` through the server, say), never two declarations that happen
 * to share a name, as `FormOutcome` once meant an `accept`/`data` result in the server and a
 * `submit`/`content` answer in the client UI contract.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const PACKAGES = ['core', 'server', 'client', 'terminal', 'web', 'bridge'];

/** Every entry of every package's `exports` map, as its specifier and source file. */
function entries(): { specifier: string; file: string }[] {
  return PACKAGES.flatMap((dir) => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, 'packages', dir, 'package.json'), 'utf8'));
    return Object.entries(manifest.exports as Record<string, Record<string, string>>).map(
      ([key, conditions]) => ({
        specifier: `${manifest.name}${key.slice(1)}`,
        file: path.join(ROOT, 'packages', dir, conditions['@elicitkit/source']!),
      }),
    );
  });
}

/** Name → the declarations it stands for (file:line), with the entries exporting each. */
function exportedNames(): Map<string, Map<string, string[]>> {
  const list = entries();
  const config = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, 'tsconfig.json'), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: () => {},
  })!;
  const program = ts.createProgram(
    list.map((entry) => entry.file),
    { ...config.options, noEmit: true },
  );
  const checker = program.getTypeChecker();
  const names = new Map<string, Map<string, string[]>>();
  for (const entry of list) {
    const module = checker.getSymbolAtLocation(program.getSourceFile(entry.file)!)!;
    for (const exported of checker.getExportsOfModule(module)) {
      const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const declaration = target.declarations?.[0];
      const where = declaration
        ? `${path.relative(ROOT, declaration.getSourceFile().fileName)}:${
            declaration.getSourceFile().getLineAndCharacterOfPosition(declaration.getStart()).line + 1
          }`
        : entry.specifier;
      const byDeclaration = names.get(exported.name) ?? new Map<string, string[]>();
      byDeclaration.set(where, [...(byDeclaration.get(where) ?? []), entry.specifier]);
      names.set(exported.name, byDeclaration);
    }
  }
  return names;
}

describe('exported names', () => {
  it('no name stands for two different declarations across entry points', { timeout: 60_000 }, () => {
    const clashes = new Map<string, string>();
    for (const [name, byDeclaration] of exportedNames()) {
      if (byDeclaration.size < 2) continue;
      const where = [...byDeclaration].map(([declaration, from]) => `${from.join(', ')} → ${declaration}`);
      clashes.set(name, `${name}: ${where.join('; ')}`);
    }
    expect([...clashes.values()]).toEqual([]);
  });
});

#!/usr/bin/env node
// Writes the peer checks in front of the entry points that load optional peer dependencies (issue 19), after
// `tsc -b` (part of `npm run build`).
//
// Why: hono, jose, openid-client and @hono/node-server are optional peers of @elicitkit/server, so a forms-only
// server installs none of them. An app that imports `@elicitkit/server/url` without them must fail at import with a
// message that names what to install. Node resolves every static import of a module graph before it runs any of
// it, so a missing package fails as "Cannot find package 'hono' imported from …/dist/url/pages/app.js", and no
// code in the graph can say more. The check therefore stands in front of the graph: the `exports` map points the
// subpath's `default` at `dist/<entry>.peer-check.js`, which imports each optional peer the entry reaches, throws a
// `UsageError` (`missing-peer-dependency`, from @elicitkit/core) naming every missing one, then loads the real
// `dist/<entry>.js` and re-exports its names. Types still come from `dist/<entry>.d.ts`, and the workspace's
// `@elicitkit/source` condition reads `src` directly.
//
// What each entry reaches is read from the built files (static imports, followed through relative paths), so a new
// import of an optional peer, or a new subpath, is picked up on the next build. A subpath that reaches an optional
// peer without pointing at a peer check fails the build, and so does a peer check in front of an entry that needs
// no optional peer.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const GUARD_SUFFIX = '.peer-check.js';
const rootManifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const problems = [];
let written = 0;

for (const dir of rootManifest.workspaces) {
  const manifest = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
  if (manifest.private) continue;
  const optional = new Set(
    Object.entries(manifest.peerDependenciesMeta ?? {})
      .filter(([, meta]) => meta.optional)
      .map(([name]) => name),
  );
  for (const [subpath, conditions] of Object.entries(manifest.exports ?? {})) {
    const target = typeof conditions === 'string' ? conditions : conditions.default;
    if (typeof target !== 'string' || !target.endsWith('.js')) continue;
    const guarded = target.endsWith(GUARD_SUFFIX);
    const entry = guarded ? target.slice(0, -GUARD_SUFFIX.length) + '.js' : target;
    const entryFile = path.join(root, dir, entry);
    const specifier = path.posix.join(manifest.name, subpath);
    const peers = reachedPeers(entryFile, optional);
    if (peers.size > 0 && !guarded) {
      problems.push(
        `${specifier} loads the optional peer(s) ${[...peers.keys()].join(', ')} but its "default" export is ${target}: ` +
          `point it at ${entry.replace(/\.js$/, GUARD_SUFFIX)} so that a missing peer fails with a clear message.`,
      );
      continue;
    }
    if (!guarded) continue;
    if (peers.size === 0) {
      problems.push(`${specifier} needs no optional peer: point its "default" export at ${entry}.`);
      continue;
    }
    const names = Object.keys(await import(pathToFileURL(entryFile).href));
    writeFileSync(
      path.join(root, dir, target),
      guardSource(specifier, path.basename(entry), [...peers.values()], names),
    );
    written += 1;
  }
}

if (problems.length > 0) {
  console.error(`peer-guards: ${problems.join('\n')}`);
  process.exit(1);
}
console.log(`peer-guards: ${written} peer check(s) written`);

/**
 * The optional peers `file` reaches through static imports (not `import()`, which loads on demand), as
 * package name → the first specifier seen (a subpath such as `hono/cookie` when the root is never imported).
 */
function reachedPeers(file, optional) {
  const peers = new Map();
  const seen = new Set();
  const queue = [file];
  while (queue.length > 0) {
    const current = queue.pop();
    if (seen.has(current)) continue;
    seen.add(current);
    const code = readFileSync(current, 'utf8');
    // tsc's output: one `import … from '…'`, `export … from '…'` or `import '…'` per statement.
    for (const [, spec] of code.matchAll(
      /^\s*(?:(?:import|export)\b[^;'"]*?\bfrom\s*|import\s*)['"]([^'"]+)['"]/gm,
    )) {
      if (spec.startsWith('.')) queue.push(path.resolve(path.dirname(current), spec));
      else {
        const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
        if (optional.has(name) && !peers.has(name)) peers.set(name, spec);
      }
    }
  }
  return new Map([...peers].sort(([a], [b]) => a.localeCompare(b)));
}

function guardSource(specifier, entryBase, peerSpecifiers, names) {
  const packages = peerSpecifiers.map((spec) =>
    spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0],
  );
  // Literal specifiers, one import each, so that bundlers see and bundle them like the entry's own imports.
  const checks = peerSpecifiers
    .map(
      (spec, i) =>
        `  import(${JSON.stringify(spec)}).catch((error) => missing(${JSON.stringify(packages[i])}, error)),`,
    )
    .join('\n');
  const exported = names.filter((name) => name !== 'default');
  return `// Generated by tools/peer-guards.mjs during \`npm run build\`: do not edit.
// ${specifier} needs the optional peer dependencies ${packages.join(', ')}. Node resolves every static import before
// it runs any module, so a missing one would fail deep inside dist; this file imports them first and names the fix.
import { CoreErrorCode, UsageError } from '@elicitkit/core';

const absent = [];
function missing(name, error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes(\`'\${name}'\`)) throw error;
  absent.push(name);
}
await Promise.all([
${checks}
]);
if (absent.length > 0) {
  const one = absent.length === 1;
  throw new UsageError(
    CoreErrorCode.MissingPeerDependency,
    \`${specifier} needs \${absent.join(' and ')}, \${one ? 'which is' : 'which are'} not installed: \` +
      \`\${one ? 'an optional peer dependency' : 'optional peer dependencies'} of ${specifier.split('/').slice(0, 2).join('/')} that only this \` +
      \`entry point loads. Install \${one ? 'it' : 'them'} next to elicitkit: npm install \${absent.join(' ')}\`,
    { details: { entry: ${JSON.stringify(specifier)}, packages: absent } },
  );
}
const entry = await import('./${entryBase}');
export const { ${exported.join(', ')} } = entry;
`;
}

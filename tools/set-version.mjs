#!/usr/bin/env node
// `npm run version -- <x.y.z>`: moves every published package to one version together, and each package's pins of
// its siblings with it (they are released as a set, and `npm run check:packages` refuses anything else). The
// changelog's `## Unreleased` section becomes `## <x.y.z>`. Then review, commit, and publish (the README's Release).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const version = process.argv[2] ?? '';
if (!/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/.test(version)) {
  console.error(
    `version: give the new version, e.g. \`npm run version -- 0.2.0\` (got ${JSON.stringify(version)})`,
  );
  process.exit(2);
}
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const workspaces = readJson(path.join(root, 'package.json')).workspaces.map((dir) => path.join(root, dir));
const names = new Set(
  workspaces
    .map((dir) => readJson(path.join(dir, 'package.json')))
    .filter((m) => !m.private)
    .map((m) => m.name),
);
for (const dir of workspaces) {
  const file = path.join(dir, 'package.json');
  const manifest = readJson(file);
  if (!manifest.private) manifest.version = version;
  for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies', 'devDependencies']) {
    for (const dep of Object.keys(manifest[field] ?? {})) if (names.has(dep)) manifest[field][dep] = version;
  }
  writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
}
const changelog = path.join(root, 'CHANGELOG.md');
const text = readFileSync(changelog, 'utf8');
const date = new Date().toISOString().slice(0, 10);
writeFileSync(changelog, text.replace(/^## Unreleased$/m, `## Unreleased\n\n## ${version} (${date})`));
console.log(
  `${names.size} packages at ${version}; run \`npm install\` to update the lockfile, then review and commit.`,
);

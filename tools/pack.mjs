#!/usr/bin/env node
// `npm run pack [-- <dir>]`: packs every published package (`npm pack`) into one folder, `packs/` by default, and
// prints the `npm install` line that installs them into an app, next to the SDK they take as a peer. Until elicitkit
// is on the npm registry this is how an app outside this repository uses it (issue 19). Installing the folders of a
// checkout instead (`npm install ../elicitkit/packages/server`) links them, and Node then loads this repository's
// own copy of the SDK beside the app's: two copies, which elicitkit refuses.
// `--json` prints `[{ name, tarball }]` instead (the consumer test uses it). Needs the built `dist` (`npm install`
// builds it; `npm run build` rebuilds it).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const json = args.includes('--json');
const destination = path.resolve(args.find((arg) => !arg.startsWith('--')) ?? path.join(root, 'packs'));
const rootManifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const published = rootManifest.workspaces.filter(
  (dir) => !JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')).private,
);

mkdirSync(destination, { recursive: true });
// One npm run for every package. --ignore-scripts: the tarballs hold what the build left in dist.
const packed = JSON.parse(
  execFileSync(
    'npm',
    [
      'pack',
      '--json',
      '--ignore-scripts',
      '--pack-destination',
      destination,
      ...published.flatMap((dir) => ['--workspace', dir]),
    ],
    { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  ),
).map(({ name, filename }) => ({ name, tarball: path.join(destination, filename) }));

if (json) {
  console.log(JSON.stringify(packed));
} else {
  const relative = (file) => path.relative(process.cwd(), file) || file;
  console.log(`Packed ${packed.length} packages into ${relative(destination)}:`);
  for (const { name, tarball } of packed) console.log(`  ${name}  ${relative(tarball)}`);
  console.log(
    '\nIn your app, install the ones you need with the SDK they take as a peer (each README says which), e.g.\n' +
      `  npm install ${packed
        .filter(({ name }) => name === '@elicitkit/core' || name === '@elicitkit/server')
        .map(({ tarball }) => tarball)
        .join(' ')} @modelcontextprotocol/server`,
  );
}

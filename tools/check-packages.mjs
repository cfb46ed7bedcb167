#!/usr/bin/env node
// Checks every published workspace package the way a consumer will see it (issue 15): packs each one once with
// `npm pack`, then runs publint (package.json fields against the packed files) and Are The Types Wrong (type
// resolution per entry point) on that tarball. Needs the built `dist` (`npm run build`; `npm ci` builds it
// through `prepare`). Exits non-zero on any finding, naming the package and what is wrong.
//
// attw runs twice per tarball. `--profile esm-only` checks `node16` from ESM and `bundler` for every entry point.
// `--profile node16` adds `node16` from CommonJS with one rule ignored, `cjs-resolves-to-esm`: the packages are ES
// modules ("type": "module") for Node >= 20.19, which `require`s ES modules, so a CommonJS `require` reaching ESM is
// what we ship; everything else of that resolution (the types found, the right files) must hold. CommonJS apps,
// JavaScript and TypeScript, are also run from the tarballs by test/consumer. `node10` cannot read `exports` at all.
//
// Release-ready (issue 41): every package has the same version, and each pins its sibling packages at exactly that
// version (they move together: `npm run version -- <x>`); CHANGELOG.md has a section for it; and
// `npm publish --dry-run` of every package passes (nothing is sent to the registry).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';

const root = path.resolve(import.meta.dirname, '..');
const rootManifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const published = rootManifest.workspaces.filter(
  (dir) => !JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')).private,
);

const packDir = mkdtempSync(path.join(tmpdir(), 'elicitkit-packs-'));
const failures = [];
try {
  const workspaceArgs = published.flatMap((dir) => ['--workspace', dir]);
  // One npm run for every package. --ignore-scripts: the check reads what the build left in dist.
  const packed = JSON.parse(
    execFileSync(
      'npm',
      ['pack', '--json', '--ignore-scripts', '--pack-destination', packDir, ...workspaceArgs],
      {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    ),
  );
  for (const [index, dir] of published.entries()) {
    const { name, filename, entryCount } = packed[index];
    const before = failures.length;
    const tarball = path.join(packDir, filename);
    const manifest = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
    const buffer = readFileSync(tarball);
    const arrayBuffer = buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength);
    const { messages } = await publint({ pack: { tarball: arrayBuffer }, strict: true });
    for (const message of messages) {
      failures.push(
        `${name}: publint ${message.type}: ${formatMessage(message, manifest, { color: false })}`,
      );
    }
    const attw = path.join(root, 'node_modules', '@arethetypeswrong', 'cli', 'dist', 'index.js');
    for (const profile of [['esm-only'], ['node16', '--ignore-rules', 'cjs-resolves-to-esm']]) {
      try {
        execFileSync(
          process.execPath,
          [attw, tarball, '--profile', ...profile, '--format', 'ascii', '--no-color'],
          { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
        );
      } catch (error) {
        failures.push(
          `${name}: attw (--profile ${profile.join(' ')}) found problems:\n${error.stdout}${error.stderr}`,
        );
      }
    }
    const verdict = failures.length === before ? '✓ clean' : '✗ problems (below)';
    console.log(
      `${verdict}: ${name} (${entryCount} files packed), publint --strict, attw --profile esm-only and node16`,
    );
  }
  releaseReady(failures);
} finally {
  rmSync(packDir, { recursive: true, force: true });
}

/** One version for all, sibling pins at exactly it, a changelog section for it, and a publish dry run that passes. */
function releaseReady(failures) {
  const manifests = published.map((dir) =>
    JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')),
  );
  const version = manifests[0].version;
  const siblings = new Set(manifests.map((m) => m.name));
  for (const manifest of manifests) {
    if (manifest.version !== version)
      failures.push(
        `${manifest.name}: version ${manifest.version}, the others ${version} (npm run version -- <x>)`,
      );
    for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
      for (const [dep, range] of Object.entries(manifest[field] ?? {})) {
        if (siblings.has(dep) && range !== version)
          failures.push(`${manifest.name}: ${field}.${dep} is "${range}", not the shared version ${version}`);
      }
    }
  }
  const changelog = readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8');
  if (!new RegExp(`^## ${version.replaceAll('.', '\\.')}\\b`, 'm').test(changelog))
    failures.push(`CHANGELOG.md: no "## ${version}" section`);
  try {
    const workspaceArgs = published.flatMap((dir) => ['--workspace', dir]);
    // --json: the one output that does not depend on the log level `npm run -s` passes down.
    const output = execFileSync(
      'npm',
      ['publish', '--dry-run', '--json', '--ignore-scripts', ...workspaceArgs],
      {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const listed = JSON.parse(output);
    for (const name of siblings) {
      if (listed[name]?.id !== `${name}@${version}`)
        failures.push(`${name}: npm publish --dry-run did not list it at ${version}`);
    }
    console.log(`✓ release-ready: ${siblings.size} packages at ${version}, npm publish --dry-run passes`);
  } catch (error) {
    failures.push(`npm publish --dry-run failed:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
  }
}

if (failures.length > 0) {
  console.error(
    `\ncheck:packages: ${failures.length} problem(s); a missing dist file means \`npm run build\` has not run.`,
  );
  console.error(`\n${failures.join('\n\n')}`);
  process.exit(1);
}

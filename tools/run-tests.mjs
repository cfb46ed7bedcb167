/**
 * `npm test`: the static checks (lint, types, package manifests, API docs) and the vitest suite, side by side.
 *
 * Why side by side: the suite spends most of its time waiting on real peers (servers, Chromium, tmux, Redis), and
 * the checks are CPU work; one after the other they cost their sum, together little more than the suite alone.
 * The checks' output is held and printed after the suite (each check's own lines, so a failure reads as it would
 * alone); the exit code is non-zero if any of them, or the suite, failed.
 *
 * Arguments go to vitest: `npm test -- packages/core --reporter=dot`.
 */
import { spawn } from 'node:child_process';

const CHECKS = ['lint', 'typecheck', 'check:packages', 'docs:check'];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs one npm script, holding its output; resolves with its exit code and what it printed. */
function runHeld(script) {
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => resolve({ script, code: 1, output: String(error) }));
    child.on('close', (code, signal) =>
      resolve({ script, code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString() }),
    );
  });
}

// The checks run one after another in their own lane (each is CPU-bound; two at once would only slow the suite).
async function checks() {
  const results = [];
  for (const script of CHECKS) results.push(await runHeld(script));
  return results;
}

function suite(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...args], {
      stdio: 'inherit',
    });
    child.on('error', () => resolve(1));
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const [checkResults, suiteCode] = await Promise.all([checks(), suite(process.argv.slice(2))]);
let failed = suiteCode !== 0;
for (const { script, code, output } of checkResults) {
  if (code === 0) {
    console.log(`✓ npm run ${script}`);
    continue;
  }
  failed = true;
  console.log(`✗ npm run ${script} (exit ${code})\n${output.trimEnd()}`);
}
if (failed)
  console.log(suiteCode === 0 ? 'The suite passed; a static check failed (above).' : 'The suite failed.');
process.exit(failed ? 1 : 0);

/**
 * Cold start of `elicit --version` (the built bin, as users run it) against `node -e 0`, the floor of any
 * Node CLI, measured alternately in the same run so that machine load hits both alike.
 * Target (issue 5): ≤ 200 ms absolute. Run after `npm run build`:
 *   node --conditions=@elicitkit/source --expose-gc --import tsx bench/cli/cold-start.ts
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const RUNS = 25;
const bin = fileURLToPath(new URL('../../packages/terminal/bin/elicit.js', import.meta.url));
const built = fileURLToPath(new URL('../../packages/terminal/dist/cli/main.js', import.meta.url));
if (!existsSync(built)) {
  console.error(`${built} is missing: run "npm run build" first.`);
  process.exit(1);
}

function timeOnce(args: string[]): number {
  const start = performance.now();
  const result = spawnSync(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const elapsed = performance.now() - start;
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} exited ${result.status}`);
  return elapsed;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

// One warm-up each fills the OS file cache; the runs after it are what a user sees on a second launch.
timeOnce(['-e', '0']);
timeOnce([bin, '--version']);
const anchor: number[] = [];
const elicit: number[] = [];
for (let i = 0; i < RUNS; i++) {
  anchor.push(timeOnce(['-e', '0']));
  elicit.push(timeOnce([bin, '--version']));
}

const a = median(anchor);
const e = median(elicit);
console.log(`elicit --version cold start, median of ${RUNS} alternating runs`);
console.log(`  node -e 0 (anchor)   ${a.toFixed(1)} ms`);
console.log(
  `  elicit --version     ${e.toFixed(1)} ms   ${(e / a).toFixed(2)}× the anchor, +${(e - a).toFixed(1)} ms`,
);
console.log(`  target ≤ 200 ms absolute: ${e <= 200 ? 'met' : 'NOT met'}`);

#!/usr/bin/env node
// `npm run test:durations`: writes each test file's duration in the last full run (`.tmp/vitest-report.json`, which
// `.ci/run` keeps) to test/support/durations.json, the order the suite runs its files in (longest first). Run it after
// a full run when files were added or got much slower or faster; the order only affects how long a run takes.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const report = JSON.parse(readFileSync(path.join(root, '.tmp', 'vitest-report.json'), 'utf8'));
const durations = Object.fromEntries(
  report.testResults
    .map((file) => [
      path.relative(root, file.name).split(path.sep).join('/'),
      Math.round((file.endTime - file.startTime) / 100) / 10,
    ])
    .sort((a, b) => b[1] - a[1]),
);
writeFileSync(
  path.join(root, 'test', 'support', 'durations.json'),
  `${JSON.stringify(durations, null, 1)}\n`,
);
console.log(`test/support/durations.json: ${Object.keys(durations).length} files`);

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Runs the longest test files first, by the durations of a recent full run (`test/support/durations.json`, written by
 * `npm run test:durations` from the report `.ci/run` keeps). A fresh clone has no vitest cache, and vitest then
 * orders files by size: the conformance files, small but a minute long, started last and left one worker running
 * alone for half a minute. Longest first, the last files to start are short and the workers end together. A file not
 * in the list counts as the median, so a new file neither jumps the queue nor waits to the end.
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = path.resolve(import.meta.dirname, '../..');
    let durations: Record<string, number> = {};
    try {
      durations = JSON.parse(readFileSync(path.join(import.meta.dirname, 'durations.json'), 'utf8'));
    } catch {
      return super.sort(files); // no list: vitest's own order
    }
    const known = Object.values(durations).sort((a, b) => a - b);
    const median = known[Math.floor(known.length / 2)] ?? 0;
    const seconds = (file: TestSpecification) =>
      durations[path.relative(root, file.moduleId).split(path.sep).join('/')] ?? median;
    return [...files].sort((a, b) => seconds(b) - seconds(a));
  }
}

import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import LongestFirst from './test/support/sequencer.js';

export default defineConfig({
  resolve: { conditions: ['@elicitkit/source'] },
  ssr: { resolve: { conditions: ['@elicitkit/source'] } },
  test: {
    include: ['packages/*/test/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Child processes load the packages' build; bring it up to date once, before any file runs.
    globalSetup: ['test/support/build.ts'],
    // vitest's default is one worker less than the cores: one worker on a 2-core machine. Most test files here wait
    // on real peers (servers, Chromium, tmux, Redis, child processes) as well as compute, so one worker more than
    // the cores keeps them busy (on 2 cores vitest went from about 650 s with 2 workers to about 570 s with 3); the tests prove
    // behaviour through events, never through timing, so sharing the machine is safe.
    maxWorkers: availableParallelism() + 1,
    // Longest files first (by a recent run's durations), so the workers finish together.
    sequence: { sequencer: LongestFirst },
  },
});

import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

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
    // the cores keeps them busy (2 cores: 2 workers took 647 s, 3 took 571 s, every core 0 % idle); the tests prove
    // behaviour through events, never through timing, so sharing the machine is safe.
    maxWorkers: availableParallelism() + 1,
  },
});

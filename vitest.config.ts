import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@elicitkit/source'] },
  ssr: { resolve: { conditions: ['@elicitkit/source'] } },
  test: {
    include: ['packages/*/test/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The contract's own rules (packages/contract/src/*.test.ts) run with the API's tests.
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', '../../packages/contract/src/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 180_000,
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    env: { NODE_ENV: 'test' },
  },
});

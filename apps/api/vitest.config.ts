import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The contract's own rules (packages/contract/src/*.test.ts) run with the API's tests.
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', '../../packages/contract/src/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Per file, even with modules shared: closes what the file opened and lends its PGlite again.
    setupFiles: ['test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 180_000,
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    // A worker runs its files one after another in one process with one module graph, so the
    // PGlite databases it opened serve its later files (test/pglite-pool.ts) instead of a new one
    // per file (seconds of CPU and hundreds of MB each). The files keep no state in modules.
    isolate: false,
    env: { NODE_ENV: 'test' },
  },
});

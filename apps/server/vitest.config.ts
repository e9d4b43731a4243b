import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file opens its own database; two cores → two workers keep PGlite start-up in check.
    maxWorkers: 2,
    pool: 'forks',
    // Each file's PGlite database starts from the build's template (built first when missing or stale).
    globalSetup: ['src/test/global-setup.ts'],
  },
});

import { defineConfig } from 'vitest/config';

/**
 * `npm run test:resilience`: the real server (node dist/server.js) under load, killed, and cut off from its
 * database. One server at a time (ports 3320–3339), so the files run one after the other.
 */
export default defineConfig({
  test: {
    include: ['test/resilience/**/*.test.ts'],
    environment: 'node',
    testTimeout: 150_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    pool: 'forks',
  },
});

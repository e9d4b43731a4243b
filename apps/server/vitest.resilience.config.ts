import { defineConfig } from 'vitest/config';

/**
 * `npm run test:resilience`: the real server (node dist/server.js) under load, killed, and cut off from its
 * database. Two files at a time: each file has ports of its own (3320–3351) and its own database, and the minute of
 * mixed load (mostly waiting on its six users' think time) runs beside the crash, outage and shutdown files.
 */
export default defineConfig({
  test: {
    include: ['test/resilience/**/*.test.ts'],
    environment: 'node',
    testTimeout: 150_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    pool: 'forks',
  },
});

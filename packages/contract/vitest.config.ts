import { defineConfig } from 'vitest/config';

const reportDir = process.env.TEST_REPORT_DIR;

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // CI's test report (scripts/slowest-tests.mjs).
    ...(reportDir && { reporters: ['default', 'json'], outputFile: { json: `${reportDir}/contract.json` } }),
  },
});

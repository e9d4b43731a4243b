import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/** `npm run screens`: the screenshots in docs/screens/ (not part of the test suite). */
export default defineConfig({
  ...base,
  testDir: './screens',
  timeout: 120_000,
});

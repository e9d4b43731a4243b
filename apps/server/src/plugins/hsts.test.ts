import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestDatabase, type TestContext, type TestDatabase } from '../test/helpers.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => db.drop());

describe('Strict-Transport-Security', () => {
  it('is sent whenever PUBLIC_URL is https, also outside NODE_ENV=production', async () => {
    const ctx: TestContext = await buildTestApp({ publicUrl: 'https://streckenpass.example', production: false }, db);
    try {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    } finally {
      await ctx.close();
    }
  });

  it('is not sent for a plain http PUBLIC_URL (browsers ignore it there)', async () => {
    const ctx = await buildTestApp({ publicUrl: 'http://localhost:3000', production: true }, db);
    try {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await ctx.close();
    }
  });
});

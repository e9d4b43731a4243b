import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { buildTestApp, createTestDatabase, type TestContext } from '../../test/helpers.js';
import { DATABASE_CHECK_MS } from './health.routes.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => ctx.close());

describe('GET /api/health', () => {
  it('answers ok once the database answers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('sends security headers with a strict content security policy', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('unknown API paths', () => {
  it('answers 404 as problem details', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({ status: 404, title: 'Not Found' });
  });
});

describe('GET /api/openapi.json', () => {
  it('serves an OpenAPI 3.1 document that names the account calls', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/login_check', '/api/users/register', '/api/users/current']),
    );
  });

  it('serves interactive docs at /api/docs', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('swagger');
  });
});

describe('GET /api/health/ready', () => {
  it('answers ready once the database answers select 1', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', database: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 as problem details when the database is gone', async () => {
    // A database of its own, stopped (PGlite closed; on PostgreSQL its pool ended and the database dropped), answers
    // the app's check; everything else keeps the file's database, so that the app can still close cleanly.
    const stopped = await createTestDatabase();
    await stopped.drop();
    const gone = await buildTestApp({}, { ...ctx.db, database: { ...ctx.db.database, ping: stopped.database.ping } });
    try {
      const response = await gone.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toMatchObject({ status: 503, title: 'Service Unavailable' });
      expect((await gone.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
    } finally {
      await gone.close();
    }
  });

  it('answers 503 when the database does not answer within the bound', async () => {
    const hanging: Database = { ...ctx.db.database, ping: () => new Promise<void>(() => {}) };
    const stuck = await buildTestApp({}, { ...ctx.db, database: hanging });
    try {
      const started = performance.now();
      const response = await stuck.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(performance.now() - started).toBeGreaterThanOrEqual(DATABASE_CHECK_MS - 50);
      expect(performance.now() - started).toBeLessThan(DATABASE_CHECK_MS * 3);
    } finally {
      await stuck.close();
    }
  });

  it('is in the OpenAPI document with both answers', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, { get: { responses: Record<string, unknown> } }>;
    };
    expect(Object.keys(doc.paths['/api/health/ready']!.get.responses)).toEqual(expect.arrayContaining(['200', '503']));
  });
});

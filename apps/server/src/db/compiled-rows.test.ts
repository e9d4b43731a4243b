import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../lib/password.js';
import { createTestDatabase, type TestDatabase } from '../test/helpers.js';
import { compiledRows } from './compiled-rows.js';
import { linkedIdsColumn, routeToursLink } from './links.js';
import { routeActivities, routeActivityRoutes, routes, tourRoutes, tours, users } from './schema.js';

describe('compiledRows', () => {
  let testDb: TestDatabase;
  let ownerId: number;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    const { db } = testDb.database;
    const [user] = await db
      .insert(users)
      .values({ email: 'rows@example.org', passwordHash: await hashPassword('zeilen-passwort-1'), mailVerified: true })
      .returning({ id: users.id });
    ownerId = user!.id;
    const inserted = await db
      .insert(routes)
      .values([
        { ownerId, name: 'Köln–Düsseldorf', companyRoute: 'KBS 450', startPoint: 'KK', endPoint: 'KD' },
        {
          ownerId,
          name: 'Frankfurt–Mannheim',
          companyRoute: null,
          startPoint: 'FF',
          endPoint: 'RM',
          startStation: 'FF',
          endStation: 'RM',
          validityDays: 200,
          path: { km: 77.8, sections: [{ line: 3520, fromKm: 0, toKm: 10.2 }], via: null },
        },
      ])
      .returning({ id: routes.id });
    const [tour] = await db.insert(tours).values({ ownerId, name: 'Tour 1' }).returning({ id: tours.id });
    await db.insert(tourRoutes).values({ tourId: tour!.id, routeId: inserted[1]!.id });
    const [activity] = await db
      .insert(routeActivities)
      .values({ ownerId, acquiredAt: '2026-03-01', acquiredUntil: '2027-02-28' })
      .returning({ id: routeActivities.id });
    await db.insert(routeActivityRoutes).values({ routeActivityId: activity!.id, routeId: inserted[1]!.id });
  });

  afterAll(async () => {
    await testDb?.drop();
  });

  it("gives the rows drizzle's own mapping gives: columns, dates as text, jsonb, null, an SQL array, a timestamp", async () => {
    const { db } = testDb.database;
    const select = () =>
      db
        .select({
          ...getTableColumns(routes),
          tours: linkedIdsColumn(routeToursLink),
          ownerCreated: sql<Date>`(select created_at from users where users.id = ${routes.ownerId})`.mapWith(
            users.createdAt,
          ),
        })
        .from(routes)
        .where(eq(routes.ownerId, sql.placeholder('ownerId')))
        .orderBy(asc(routes.id));
    const prepared = compiledRows(select().prepare('compiled_rows_test_a'));
    // The mapper is drizzle's hook, so the rows below come from it and not from drizzle's own mapping.
    expect((prepared as { customResultMapper?: unknown }).customResultMapper).toBeTypeOf('function');
    const compiled = await prepared.execute({ ownerId });
    const drizzles = await select().prepare('compiled_rows_test_b').execute({ ownerId });

    expect(compiled).toHaveLength(2);
    expect(compiled).toEqual(drizzles);
    expect(compiled[1]).toMatchObject({ lastDriven: '2026-03-01', validUntil: '2027-02-28', validityDays: 200 });
    expect(compiled[1]!.path).toEqual({ km: 77.8, sections: [{ line: 3520, fromKm: 0, toKm: 10.2 }], via: null });
    expect(compiled[1]!.tours).toHaveLength(1);
    expect(compiled[0]).toMatchObject({ companyRoute: 'KBS 450', lastDriven: null, path: null, tours: [] });
    expect(compiled[0]!.ownerCreated).toBeInstanceOf(Date);
  });

  it('refuses what it cannot decode flat: a nested selection', () => {
    const { db } = testDb.database;
    const nested = db
      .select({ route: { id: routes.id } })
      .from(routes)
      .prepare('compiled_rows_test_nested');
    expect(() => compiledRows(nested)).toThrow(/nested field route\.id/);
  });
});

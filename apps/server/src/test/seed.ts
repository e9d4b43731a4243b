import type { DriveWay } from '@streckenpass/contract/drive-ways';
import { routeActivities, routeActivityRoutes, routes, vehicles } from '../db/schema.js';
import type { App } from '../app.js';

/**
 * Seeds rows straight into the database, for tests of endpoints that only reference them (activities,
 * the expiring list), so that they do not depend on the routes and vehicles endpoints.
 */

let seq = 0;

export async function insertRoute(
  app: App,
  ownerId: number,
  values: Partial<{ name: string; companyRoute: string | null; startPoint: string; endPoint: string }> = {},
) {
  seq += 1;
  const [row] = await app.db
    .insert(routes)
    .values({ ownerId, name: `Strecke ${seq}`, startPoint: 'HU', endPoint: 'FF', ...values })
    .returning();
  if (!row) throw new Error('insert route failed');
  return { ...row, iri: `/api/routes/${row.id}` };
}

export async function insertVehicle(app: App, ownerId: number, name?: string) {
  seq += 1;
  const [row] = await app.db
    .insert(vehicles)
    .values({ ownerId, name: name ?? `Fahrzeug ${seq}` })
    .returning();
  if (!row) throw new Error('insert vehicle failed');
  return { ...row, iri: `/api/vehicles/${row.id}` };
}

export async function insertRouteActivity(
  app: App,
  ownerId: number,
  /** `recordedAt`: when it was recorded (default: now; null = before recording times were kept). */
  values: {
    acquiredAt: string;
    acquiredUntil: string;
    routeIds: number[];
    recordedAt?: Date | null;
    /** How it was made (issue 41); default driven. */
    way?: DriveWay;
    /** Its direction along the route (issue 41); default none. */
    direction?: 'forward' | 'reverse';
  },
) {
  const [row] = await app.db
    .insert(routeActivities)
    .values({
      ownerId,
      acquiredAt: values.acquiredAt,
      acquiredUntil: values.acquiredUntil,
      ...(values.way === undefined ? {} : { way: values.way }),
      ...(values.direction === undefined ? {} : { direction: values.direction }),
      ...(values.recordedAt === undefined ? {} : { recordedAt: values.recordedAt }),
    })
    .returning();
  if (!row) throw new Error('insert route activity failed');
  if (values.routeIds.length > 0) {
    await app.db
      .insert(routeActivityRoutes)
      .values(values.routeIds.map((routeId) => ({ routeActivityId: row.id, routeId })));
  }
  return { ...row, iri: `/api/route_activities/${row.id}` };
}

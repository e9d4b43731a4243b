import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { repositoryPlugin } from '../../db/repository.js';
import {
  routeActivities,
  routeActivityRoutes,
  routes,
  vehicleActivities,
  vehicleActivityVehicles,
  vehicles,
} from '../../db/schema.js';
import { routeDescriptionColumns, type RouteDescription } from '../../db/route-columns.js';

/** A route of the account as the import matches lines against it. */
export interface ExistingRoute extends RouteDescription {
  id: number;
  /** The latest "gültig bis" of its drives; null = never driven. */
  validUntil: string | null;
}

/** What the import needs to know of an account: its routes and which of the file's days already hold drives. */
export interface AccountSnapshot {
  routes: ExistingRoute[];
  /** Route id → the days (among the file's) on which the account has a drive of it. */
  routeDriveDays: Map<number, Set<string>>;
  /** Vehicle name → the days (among the file's) on which the account has a drive with it. */
  vehicleDriveDays: Map<string, Set<string>>;
}

/** The account's records the CSV import compares a file with: a few light queries, not the whole account. */
export function createImportRepository(db: Executor) {
  return {
    /** One consistent read of the account's routes and of its drives on `days` (yyyy-mm-dd). */
    snapshot(userId: number, days: readonly string[]): Promise<AccountSnapshot> {
      return db.transaction(
        async (tx) => {
          const routeRows = await tx
            .select({
              id: routes.id,
              ...routeDescriptionColumns,
              validUntil: routes.validUntil,
            })
            .from(routes)
            .where(eq(routes.ownerId, userId));
          const routeDriveDays = new Map<number, Set<string>>();
          const vehicleDriveDays = new Map<string, Set<string>>();
          if (days.length > 0) {
            // The file's days as one parameter (thousands of bound parameters are slow to bind on PGlite).
            const onFileDays = sql`${routeActivities.acquiredAt} in (select value::date from jsonb_array_elements_text(${JSON.stringify(days)}::jsonb))`;
            const routeDays = await tx
              .selectDistinct({ id: routeActivityRoutes.routeId, day: routeActivities.acquiredAt })
              .from(routeActivityRoutes)
              .innerJoin(routeActivities, eq(routeActivities.id, routeActivityRoutes.routeActivityId))
              .where(and(eq(routeActivities.ownerId, userId), onFileDays));
            for (const { id, day } of routeDays) routeDriveDays.set(id, (routeDriveDays.get(id) ?? new Set()).add(day));
            const vehicleDays = await tx
              .selectDistinct({ name: vehicles.name, day: routeActivities.acquiredAt })
              .from(vehicles)
              .innerJoin(vehicleActivityVehicles, eq(vehicleActivityVehicles.vehicleId, vehicles.id))
              .innerJoin(vehicleActivities, eq(vehicleActivities.id, vehicleActivityVehicles.vehicleActivityId))
              .innerJoin(routeActivities, eq(routeActivities.id, vehicleActivities.routeActivityId))
              .where(and(eq(vehicles.ownerId, userId), onFileDays));
            for (const { name, day } of vehicleDays) {
              vehicleDriveDays.set(name, (vehicleDriveDays.get(name) ?? new Set()).add(day));
            }
          }
          return { routes: routeRows, routeDriveDays, vehicleDriveDays };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    },
  };
}

export type ImportRepository = ReturnType<typeof createImportRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    importRepository: ImportRepository;
  }
}

export default repositoryPlugin('importRepository', (app) => createImportRepository(app.db));

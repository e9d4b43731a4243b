import { and, asc, desc, eq, inArray, max, sql } from 'drizzle-orm';
import { toIri } from '@streckenpass/contract/common';
import type { Db } from '../../db/client.js';
import { resolveOwnedIds } from '../../db/owned.js';
import { historyOfOwner, linkedNames, type OwnerHistoryRow } from '../../db/record-history.js';
import { repositoryPlugin } from '../../db/repository.js';
import {
  routeActivities,
  routes,
  tourRoutes,
  tours,
  users,
  vehicleActivities,
  vehicleActivityVehicles,
  vehicles,
} from '../../db/schema.js';
import { germanOrder } from '../../db/sort.js';
import { routeDescriptionColumns, type RouteDescription } from '../../db/route-columns.js';
import type { RoutePath } from '@streckenpass/contract/route-paths';

export interface ExportRouteRow extends RouteDescription {
  id: number;
  tourIds: number[];
  tourNames: string[];
  lastDriven: string | null;
  /**
   * When the drive of `lastDriven` was recorded (of several on that day, the first); null when never driven or when
   * one of them was recorded before recording times were kept (unknown, so never "nachgetragen").
   */
  lastDrivenRecordedAt: Date | null;
  /** The vehicles recorded with the route's drives of `lastDriven`, in German order (none: empty). */
  lastDrivenVehicles: string[];
  validUntil: string | null;
  daysLeft: number | null;
  /** The route's own rule in days; null = the account's. */
  validityDays: number | null;
  /** The route's path on the rail network; null = none (decision 0051). */
  path: RoutePath | null;
}

export interface ExportDriveRow {
  acquiredAt: string;
  acquiredUntil: string;
  recordedAt: Date | null;
  imported: boolean;
  routeNames: string[];
  way: string;
  time: string | null;
  dark: boolean | null;
}

export interface ExportVehicleRow {
  id: number;
  name: string;
  lastDriven: string | null;
  validityDays: number | null;
}

/**
 * The reads behind the exports. Every statement is scoped to the owner in SQL; the service has resolved the
 * selection's ids (403 / 422) before.
 */
export function createExportRepository(db: Db) {
  const owned = { routes, tours, vehicles } as const;
  return {
    /** The selection's ids of `kind`, all the caller's (403 for another user's, 422 for none). */
    ownedIds(kind: keyof typeof owned, ids: readonly number[] | undefined, userId: number): Promise<number[]> {
      const iris = (ids ?? []).map((id) => toIri(kind, id));
      return resolveOwnedIds(db, owned[kind], kind, iris, userId, kind);
    },

    async findUser(userId: number) {
      const [row] = await db
        .select({
          firstname: users.firstname,
          lastname: users.lastname,
          email: users.email,
          validityDays: users.validityDays,
          vehicleValidityDays: users.vehicleValidityDays,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    /**
     * Every route of the owner with its validity, the day it was last driven (both kept on the route by the
     * triggers of migration 0001) and its tours aggregated per route, in one query. Ordered like GET /api/routes: company code (empty
     * last), then name, German order.
     */
    async listRoutes(ownerId: number, today: string): Promise<ExportRouteRow[]> {
      const routeTours = db
        .select({
          routeId: tourRoutes.routeId,
          tourIds: sql<number[]>`array_agg(${tours.id} order by ${tours.id})`.as('tour_ids'),
          tourNames: sql<string[]>`array_agg(${tours.name} order by ${germanOrder(tours.name)}, ${tours.id})`.as(
            'tour_names',
          ),
        })
        .from(tourRoutes)
        .innerJoin(tours, eq(tours.id, tourRoutes.tourId))
        .where(eq(tours.ownerId, ownerId))
        .groupBy(tourRoutes.routeId)
        .as('route_tours');
      const daysLeft = sql<number | null>`(${routes.validUntil} - ${today}::date)`;
      // Through the route's links (route_activity_routes_route_idx), only the drives of its last day.
      const lastDrivenRecordedAt = sql<string | Date | null>`(
        select case when bool_or(ra.recorded_at is null) then null else min(ra.recorded_at) end
          from route_activity_routes rar
          join route_activities ra on ra.id = rar.route_activity_id
         where rar.route_id = ${routes.id} and ra.acquired_at = ${routes.lastDriven})`;
      // The vehicles of those drives: the export's "Fahrzeuge" column, so that an import into another account puts
      // them on the route's drive again (issue 38; the vehicles block tells only each vehicle's own last day).
      const lastDrivenVehicles = sql<string[] | null>`(
        select array_agg(named.name order by ${germanOrder(sql`named.name`)})
          from (select distinct v.name
                  from route_activity_routes rar
                  join route_activities ra on ra.id = rar.route_activity_id
                  join vehicle_activities va on va.route_activity_id = ra.id
                  join vehicle_activity_vehicles vav on vav.vehicle_activity_id = va.id
                  join vehicles v on v.id = vav.vehicle_id and v.owner_id = ${ownerId}
                 where rar.route_id = ${routes.id} and ra.acquired_at = ${routes.lastDriven}) named)`;

      const rows = await db
        .select({
          id: routes.id,
          ...routeDescriptionColumns,
          tourIds: routeTours.tourIds,
          tourNames: routeTours.tourNames,
          lastDriven: routes.lastDriven,
          lastDrivenRecordedAt,
          lastDrivenVehicles,
          validUntil: routes.validUntil,
          daysLeft: daysLeft.mapWith(Number),
          validityDays: routes.validityDays,
          path: routes.path,
        })
        .from(routes)
        .leftJoin(routeTours, eq(routeTours.routeId, routes.id))
        .where(eq(routes.ownerId, ownerId))
        .orderBy(sql`${germanOrder(routes.companyRoute)} asc nulls last`, germanOrder(routes.name), asc(routes.id));
      return rows.map((row) => ({
        ...row,
        tourIds: (row.tourIds ?? []).map(Number),
        tourNames: row.tourNames ?? [],
        lastDrivenRecordedAt: row.lastDrivenRecordedAt === null ? null : new Date(row.lastDrivenRecordedAt),
        lastDrivenVehicles: row.lastDrivenVehicles ?? [],
        daysLeft: row.validUntil === null ? null : row.daysLeft,
      }));
    },

    /** The owner's vehicles (all, or those of `ids`) with the latest day each was driven, by name. */
    async listVehicles(ownerId: number, ids?: readonly number[]): Promise<ExportVehicleRow[]> {
      const driven = db
        .select({
          vehicleId: vehicleActivityVehicles.vehicleId,
          lastDriven: max(routeActivities.acquiredAt).as('last_driven'),
        })
        .from(vehicleActivityVehicles)
        .innerJoin(vehicleActivities, eq(vehicleActivities.id, vehicleActivityVehicles.vehicleActivityId))
        .innerJoin(routeActivities, eq(routeActivities.id, vehicleActivities.routeActivityId))
        .where(and(eq(vehicleActivities.ownerId, ownerId), eq(routeActivities.ownerId, ownerId)))
        .groupBy(vehicleActivityVehicles.vehicleId)
        .as('driven');
      return db
        .select({
          id: vehicles.id,
          name: vehicles.name,
          lastDriven: driven.lastDriven,
          validityDays: vehicles.validityDays,
        })
        .from(vehicles)
        .leftJoin(driven, eq(driven.vehicleId, vehicles.id))
        .where(and(eq(vehicles.ownerId, ownerId), ids === undefined ? undefined : inArray(vehicles.id, [...ids])))
        .orderBy(germanOrder(vehicles.name), asc(vehicles.id));
    },

    /**
     * Every drive of the owner, newest first, with when it was recorded and its routes' names (German order): the
     * transfer document's list of drives. The subquery names the outer row qualified: in a single-table select
     * Drizzle leaves `${routeActivities.id}` as a bare "id", which inside the subquery is the route's id.
     */
    async listDrives(ownerId: number): Promise<ExportDriveRow[]> {
      const rows = await db
        .select({
          acquiredAt: routeActivities.acquiredAt,
          acquiredUntil: routeActivities.acquiredUntil,
          recordedAt: routeActivities.recordedAt,
          imported: routeActivities.imported,
          way: routeActivities.way,
          time: routeActivities.driveTime,
          dark: routeActivities.dark,
          routeNames: sql<string[] | null>`(
            select array_agg(r.name order by ${germanOrder(sql`r.name`)}, r.id)
              from route_activity_routes rar
              join routes r on r.id = rar.route_id and r.owner_id = ${ownerId}
             where rar.route_activity_id = "route_activities"."id")`,
        })
        .from(routeActivities)
        .where(eq(routeActivities.ownerId, ownerId))
        .orderBy(desc(routeActivities.acquiredAt), desc(routeActivities.id));
      return rows.map((row) => ({ ...row, routeNames: row.routeNames ?? [] }));
    },

    /** The owner's whole history, oldest first (`db/record-history.ts`). */
    listHistory(ownerId: number) {
      return historyOfOwner(db, ownerId);
    },

    /** The names of the records that the history's changes link to, by IRI (`db/record-history.ts`). */
    historyNames(ownerId: number, rows: readonly OwnerHistoryRow[]) {
      return linkedNames(db, ownerId, rows);
    },
  };
}

export type ExportRepository = ReturnType<typeof createExportRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    exportRepository: ExportRepository;
  }
}

export default repositoryPlugin('exportRepository', (app) => createExportRepository(app.db));

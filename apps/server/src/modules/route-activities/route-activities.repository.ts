import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { toIri } from '@streckenpass/contract/common';
import type { RouteActivity } from '@streckenpass/contract/route-activities';
import type { Db } from '../../db/client.js';
import { routeActivities, routeActivityRoutes, routes } from '../../db/schema.js';
import { ownedBy } from '../../lib/ownership.js';

export interface RouteActivityDates {
  acquiredAt: string;
  acquiredUntil: string;
}

// Written out with aliases: in a single-table select Drizzle leaves column names unqualified, so a correlated
// subquery built from column objects could bind "id" to its own table instead of route_activities.

/** The activity's route ids, ascending; `{}` when it has none. */
const routeIdsColumn = sql<number[]>`coalesce(
  (select array_agg(rar.route_id order by rar.route_id)
     from route_activity_routes rar
    where rar.route_activity_id = "route_activities"."id"),
  '{}'::integer[]
)`;

/** The ids of the activity's vehicle activities, ascending; `{}` when it has none. */
const vehicleActivityIdsColumn = sql<number[]>`coalesce(
  (select array_agg(va.id order by va.id)
     from vehicle_activities va
    where va.route_activity_id = "route_activities"."id"
      and va.owner_id = "route_activities"."owner_id"),
  '{}'::integer[]
)`;

/**
 * Route activities of one owner. Every statement carries `owner_id = caller` in SQL; the handler has told 403
 * from 404 before (assertOwned / resolveOwnedIris), but these queries would not touch another user's rows anyway.
 */
export function createRouteActivitiesRepository(db: Db) {
  /** Activities with their route and vehicle-activity ids in one query, newest (highest id) first. */
  async function select(ownerId: number, id?: number): Promise<RouteActivity[]> {
    const rows = await db
      .select({
        id: routeActivities.id,
        ownerId: routeActivities.ownerId,
        acquiredAt: routeActivities.acquiredAt,
        acquiredUntil: routeActivities.acquiredUntil,
        routeIds: routeIdsColumn,
        vehicleActivityIds: vehicleActivityIdsColumn,
      })
      .from(routeActivities)
      .where(id === undefined ? eq(routeActivities.ownerId, ownerId) : ownedBy(routeActivities, id, ownerId))
      .orderBy(desc(routeActivities.id));
    return rows.map((row) => ({
      id: row.id,
      acquiredAt: row.acquiredAt,
      acquiredUntil: row.acquiredUntil,
      owner: toIri('users', row.ownerId),
      acquiredRoutes: row.routeIds.map((routeId) => toIri('routes', routeId)),
      vehicleActivities: row.vehicleActivityIds.map((vehicleActivityId) =>
        toIri('vehicle_activities', vehicleActivityId),
      ),
    }));
  }

  /**
   * Makes `routeIds` the activity's routes. The insert takes activity and routes from an owner-scoped join, so a
   * foreign id can never become a link.
   */
  async function setRoutes(tx: Db, activityId: number, ownerId: number, routeIds: readonly number[]) {
    await tx.delete(routeActivityRoutes).where(
      and(
        eq(routeActivityRoutes.routeActivityId, activityId),
        inArray(
          routeActivityRoutes.routeActivityId,
          tx
            .select({ id: routeActivities.id })
            .from(routeActivities)
            .where(ownedBy(routeActivities, activityId, ownerId)),
        ),
      ),
    );
    if (routeIds.length === 0) return;
    await tx.insert(routeActivityRoutes).select(
      tx
        .select({ routeActivityId: routeActivities.id, routeId: routes.id })
        .from(routes)
        .innerJoin(routeActivities, ownedBy(routeActivities, activityId, ownerId))
        .where(and(inArray(routes.id, [...routeIds]), eq(routes.ownerId, ownerId))),
    );
  }

  async function findById(id: number, ownerId: number): Promise<RouteActivity | undefined> {
    const [activity] = await select(ownerId, id);
    return activity;
  }

  return {
    findById,

    list(ownerId: number): Promise<RouteActivity[]> {
      return select(ownerId);
    },

    async create(ownerId: number, dates: RouteActivityDates, routeIds: readonly number[]): Promise<RouteActivity> {
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(routeActivities)
          .values({ ...dates, ownerId })
          .returning({ id: routeActivities.id });
        if (!row) throw new Error('insert into route_activities returned no row');
        await setRoutes(tx as unknown as Db, row.id, ownerId, routeIds);
        return row.id;
      });
      const activity = await findById(id, ownerId);
      if (!activity) throw new Error(`route activity ${id} vanished after insert`);
      return activity;
    },

    /**
     * Applies a partial update; `routeIds` undefined leaves the routes alone. The row is locked while `check` sees
     * the dates as they will be, so two concurrent patches cannot together break the rule it enforces (it throws to
     * refuse). Undefined when not found.
     */
    async update(
      id: number,
      ownerId: number,
      dates: Partial<RouteActivityDates>,
      routeIds: readonly number[] | undefined,
      check: (merged: RouteActivityDates) => void = () => {},
    ): Promise<RouteActivity | undefined> {
      const found = await db.transaction(async (tx) => {
        const set = Object.fromEntries(Object.entries(dates).filter(([, value]) => value !== undefined));
        if (Object.keys(set).length > 0) {
          const [current] = await tx
            .select({ acquiredAt: routeActivities.acquiredAt, acquiredUntil: routeActivities.acquiredUntil })
            .from(routeActivities)
            .where(ownedBy(routeActivities, id, ownerId))
            .for('update');
          if (!current) return false;
          check({ ...current, ...set });
          await tx
            .update(routeActivities)
            .set(set)
            .where(ownedBy(routeActivities, id, ownerId));
        }
        if (routeIds !== undefined) await setRoutes(tx as unknown as Db, id, ownerId, routeIds);
        return true;
      });
      return found ? findById(id, ownerId) : undefined;
    },

    /** Deletes the activity; its route links and vehicle activities go with it (ON DELETE CASCADE). */
    async remove(id: number, ownerId: number): Promise<boolean> {
      const deleted = await db
        .delete(routeActivities)
        .where(ownedBy(routeActivities, id, ownerId))
        .returning({ id: routeActivities.id });
      return deleted.length > 0;
    },
  };
}

export type RouteActivitiesRepository = ReturnType<typeof createRouteActivitiesRepository>;

import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { toIri } from '@streckenpass/contract/common';
import type { Route } from '@streckenpass/contract/routes';
import type { Db } from '../../db/client.js';
import { routes, tourRoutes, tours } from '../../db/schema.js';
import { ownedBy } from '../../lib/ownership.js';
import { germanOrder } from '../../lib/sort.js';

export type RouteRow = typeof routes.$inferSelect;

export interface RouteValues {
  name: string;
  companyRoute: string | null;
  startPoint: string;
  endPoint: string;
}

export function toRoute(row: RouteRow, tourIds: readonly number[]): Route {
  return {
    id: row.id,
    name: row.name,
    companyRoute: row.companyRoute,
    startPoint: row.startPoint,
    endPoint: row.endPoint,
    tours: tourIds.map((id) => toIri('tours', id)),
    owner: toIri('users', row.ownerId),
  };
}

/** The ids of the route's tours as one array column, ascending; `{}` when it is in none. */
const tourIdsColumn = sql<number[]>`coalesce(
  array_agg(${tourRoutes.tourId} order by ${tourRoutes.tourId}) filter (where ${tourRoutes.tourId} is not null),
  '{}'::integer[]
)`;

/**
 * Routes of one owner. Every statement carries `owner_id = caller` in SQL; the ids passed in have been
 * checked by the caller (assertOwned / resolveOwnedIris) so that 403 and 404 can be told apart, but the
 * queries here would not touch another user's rows even without that check.
 */
export function createRoutesRepository(db: Db) {
  /** Routes with their tour ids in one query (no N+1), in the order of GET /api/routes. */
  async function select(ownerId: number, id?: number): Promise<Route[]> {
    const rows = await db
      .select({ route: routes, tourIds: tourIdsColumn })
      .from(routes)
      .leftJoin(tourRoutes, eq(tourRoutes.routeId, routes.id))
      .where(id === undefined ? eq(routes.ownerId, ownerId) : ownedBy(routes, id, ownerId))
      .groupBy(routes.id)
      .orderBy(sql`${germanOrder(routes.companyRoute)} asc nulls last`, germanOrder(routes.name), asc(routes.id));
    return rows.map((row) => toRoute(row.route, row.tourIds));
  }

  /**
   * Makes `tourIds` the route's tours. The insert takes tour and route from an owner-scoped join, so a
   * foreign id can never become a link.
   */
  async function setTours(tx: Db, routeId: number, ownerId: number, tourIds: readonly number[]) {
    await tx.delete(tourRoutes).where(
      and(
        eq(tourRoutes.routeId, routeId),
        inArray(
          tourRoutes.routeId,
          tx
            .select({ id: routes.id })
            .from(routes)
            .where(ownedBy(routes, routeId, ownerId)),
        ),
      ),
    );
    if (tourIds.length === 0) return;
    await tx.insert(tourRoutes).select(
      tx
        .select({ tourId: tours.id, routeId: routes.id })
        .from(tours)
        .innerJoin(routes, ownedBy(routes, routeId, ownerId))
        .where(and(inArray(tours.id, [...tourIds]), eq(tours.ownerId, ownerId))),
    );
  }

  async function findById(id: number, ownerId: number): Promise<Route | undefined> {
    const [route] = await select(ownerId, id);
    return route;
  }

  return {
    findById,

    list(ownerId: number): Promise<Route[]> {
      return select(ownerId);
    },

    async create(ownerId: number, values: RouteValues, tourIds: readonly number[]): Promise<Route> {
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(routes)
          .values({ ...values, ownerId })
          .returning({ id: routes.id });
        if (!row) throw new Error('insert into routes returned no row');
        await setTours(tx, row.id, ownerId, tourIds);
        return row.id;
      });
      const route = await findById(id, ownerId);
      if (!route) throw new Error(`route ${id} vanished after insert`);
      return route;
    },

    /** Applies a partial update; `tourIds` undefined leaves the tours alone. Undefined when not found. */
    async update(
      id: number,
      ownerId: number,
      values: Partial<RouteValues>,
      tourIds: readonly number[] | undefined,
    ): Promise<Route | undefined> {
      const found = await db.transaction(async (tx) => {
        const set = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
        if (Object.keys(set).length > 0) {
          const updated = await tx
            .update(routes)
            .set(set)
            .where(ownedBy(routes, id, ownerId))
            .returning({ id: routes.id });
          if (updated.length === 0) return false;
        }
        if (tourIds !== undefined) await setTours(tx, id, ownerId, tourIds);
        return true;
      });
      return found ? findById(id, ownerId) : undefined;
    },

    /** Deletes the route; its tour and activity links go with it (ON DELETE CASCADE). */
    async remove(id: number, ownerId: number): Promise<boolean> {
      const deleted = await db
        .delete(routes)
        .where(ownedBy(routes, id, ownerId))
        .returning({ id: routes.id });
      return deleted.length > 0;
    },
  };
}

export type RoutesRepository = ReturnType<typeof createRoutesRepository>;

import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { StationIndex } from '@streckenpass/contract/stations';
import type { Executor } from './client.js';
import { routeActivities, routeActivityRoutes, routes } from './schema.js';
import { driveDarkness, routePlace } from '../lib/darkness.js';

/**
 * Where drives lie, for their darkness (issue 41, lib/darkness.ts): the routes' stations read here, the sun's
 * position computed there. Used by the drives' repository at each write and by their backup section on a restore.
 */

/**
 * Where the drive's routes lie, for its darkness: the middle of the first of them (by id) whose stations have
 * coordinates. Read only for a drive with a time of day.
 */
export async function placeOf(ex: Executor, stations: StationIndex, ownerId: number, routeIds: readonly number[]) {
  if (routeIds.length === 0) return undefined;
  const rows = await ex
    .select({ start: routes.startStation, end: routes.endStation })
    .from(routes)
    .where(and(eq(routes.ownerId, ownerId), inArray(routes.id, [...routeIds])))
    .orderBy(asc(routes.id));
  const at = (code: string | null) => (code ? stations.byCode(code) : undefined);
  return rows.map((row) => routePlace([at(row.start), at(row.end)])).find((place) => place !== undefined);
}

/**
 * The darkness of restored drives with a time of day, from their routes as restored (lib/darkness.ts): one read of
 * those drives with the stations of their first route, one update per drive whose darkness is known.
 */
export async function restoreDarkness(
  ex: Executor,
  place: { stations: StationIndex; timeZone: string },
  userId: number,
  ids: readonly number[],
) {
  if (ids.length === 0) return;
  const rows = await ex
    .selectDistinctOn([routeActivities.id], {
      id: routeActivities.id,
      day: routeActivities.acquiredAt,
      time: routeActivities.driveTime,
      start: routes.startStation,
      end: routes.endStation,
    })
    .from(routeActivities)
    .innerJoin(routeActivityRoutes, eq(routeActivityRoutes.routeActivityId, routeActivities.id))
    .innerJoin(routes, and(eq(routes.id, routeActivityRoutes.routeId), eq(routes.ownerId, userId)))
    .where(
      and(
        eq(routeActivities.ownerId, userId),
        inArray(routeActivities.id, [...ids]),
        isNotNull(routeActivities.driveTime),
      ),
    )
    .orderBy(asc(routeActivities.id), asc(routes.id));
  const at = (code: string | null) => (code ? place.stations.byCode(code) : undefined);
  for (const row of rows) {
    const dark = driveDarkness(
      { day: row.day, time: row.time },
      routePlace([at(row.start), at(row.end)]),
      place.timeZone,
    );
    if (dark !== null) await ex.update(routeActivities).set({ dark }).where(eq(routeActivities.id, row.id));
  }
}

import { and, asc, eq, isNotNull, isNull, lt, lte, max, or, sql } from 'drizzle-orm';
import type { ExpiringRoute } from '@streckenpass/contract/routes';
import type { Db } from '../../db/client.js';
import { routeActivities, routeActivityRoutes, routes } from '../../db/schema.js';
import { germanOrder } from '../../lib/sort.js';

export interface ExpiringOptions {
  /** The calendar date that counts as today (`todayIn(config.timezone)`). */
  today: string;
  /** Keep routes with at most this many days left; expired and never recorded ones always qualify. */
  days?: number | undefined;
  /** Drop never-recorded routes. */
  recordedOnly?: boolean | undefined;
}

/**
 * Every route of the owner with its validity (the latest acquired_until among the activities that include it) and
 * the days left, filtered and ordered in ONE query: never recorded first, then ascending days, then name.
 * The same rules as `filterExpiring` in the contract's knowledge module, which the web client applies.
 */
export function listExpiringRoutes(db: Db, ownerId: number, options: ExpiringOptions): Promise<ExpiringRoute[]> {
  const latest = db
    .select({
      routeId: routeActivityRoutes.routeId,
      acquiredUntil: max(routeActivities.acquiredUntil).as('acquired_until'),
    })
    .from(routeActivityRoutes)
    .innerJoin(routeActivities, eq(routeActivities.id, routeActivityRoutes.routeActivityId))
    .where(eq(routeActivities.ownerId, ownerId))
    .groupBy(routeActivityRoutes.routeId)
    .as('latest');
  const days = sql<number | null>`(${latest.acquiredUntil} - ${options.today}::date)`;

  return db
    .select({
      id: routes.id,
      name: routes.name,
      companyRoute: routes.companyRoute,
      startPoint: routes.startPoint,
      endPoint: routes.endPoint,
      acquired_until: latest.acquiredUntil,
      acquired_until_days: days.mapWith(Number),
    })
    .from(routes)
    .leftJoin(latest, eq(latest.routeId, routes.id))
    .where(
      and(
        eq(routes.ownerId, ownerId),
        options.recordedOnly ? isNotNull(latest.acquiredUntil) : undefined,
        options.days === undefined ? undefined : or(isNull(latest.acquiredUntil), lt(days, 0), lte(days, options.days)),
      ),
    )
    .orderBy(sql`${latest.acquiredUntil} is not null`, sql`${days} asc`, germanOrder(routes.name), asc(routes.id));
}

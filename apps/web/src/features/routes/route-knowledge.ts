import type { RouteActivity } from '@streckenpass/contract/route-activities';

type ActivityDates = Pick<RouteActivity, 'id' | 'acquiredAt' | 'acquiredUntil' | 'acquiredRoutes'>;

/** The activities that include the route, newest driving date first (ties: newest record first). */
export function routeHistory<T extends ActivityDates>(routeIri: string, activities: readonly T[]): T[] {
  return activities
    .filter((activity) => activity.acquiredRoutes.includes(routeIri))
    .sort((a, b) => (a.acquiredAt === b.acquiredAt ? b.id - a.id : a.acquiredAt < b.acquiredAt ? 1 : -1));
}

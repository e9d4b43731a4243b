import { parseIri } from '@streckenpass/contract/common';
import type { RouteActivity } from '@streckenpass/contract/route-activities';
import type { Route } from '@streckenpass/contract/routes';
import type { Tour } from '@streckenpass/contract/tours';

const collator = new Intl.Collator('de', { numeric: true, sensitivity: 'base' });

/** When each route was last driven (the latest `acquiredAt` among the activities naming it). */
function lastDriven(activities: readonly RouteActivity[]): Map<number, string> {
  const latest = new Map<number, string>();
  for (const activity of activities) {
    for (const iri of activity.acquiredRoutes) {
      const id = parseIri('routes', iri);
      if (id === null) continue;
      const known = latest.get(id);
      if (!known || activity.acquiredAt > known) latest.set(id, activity.acquiredAt);
    }
  }
  return latest;
}

export interface QuickChoices {
  /** The driver's tours, the most recently driven first (then by name). */
  tours: Tour[];
  /** The most recently driven routes, newest first, at most `limit`. */
  routes: Route[];
}

/** What "Heute gefahren" offers on top: tours and the routes the driver drove last – most likely again today. */
export function quickChoices(
  input: { tours: readonly Tour[]; routes: readonly Route[]; activities: readonly RouteActivity[] },
  limit = 6,
): QuickChoices {
  const driven = lastDriven(input.activities);
  const tourDate = (tour: Tour) =>
    tour.routes.reduce((latest, iri) => {
      const date = driven.get(parseIri('routes', iri) ?? 0) ?? '';
      return date > latest ? date : latest;
    }, '');
  const tours = [...input.tours].sort(
    (a, b) => tourDate(b).localeCompare(tourDate(a)) || collator.compare(a.name, b.name),
  );
  const routes = input.routes
    .filter((route) => driven.has(route.id))
    .sort((a, b) => (driven.get(b.id) ?? '').localeCompare(driven.get(a.id) ?? '') || collator.compare(a.name, b.name))
    .slice(0, limit);
  return { tours, routes };
}

import { parseIri } from '@streckenpass/contract/common';
import type { RouteActivity } from '@streckenpass/contract/route-activities';
import type { Route } from '@streckenpass/contract/routes';
import type { Tour } from '@streckenpass/contract/tours';
import { daysUntil } from '@streckenpass/contract/knowledge';
import { EXPIRING_SOON_DAYS } from '@streckenpass/contract/constants';

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
  /**
   * What most needs recording: expired routes (longest expired first), then those running out within
   * `EXPIRING_SOON_DAYS` (soonest first), then routes never driven (by name); at most `dueLimit`.
   */
  due: Route[];
  /** How many routes need recording in all (more than `due` shows: the rest is found by the search). */
  dueCount: number;
  /** The driver's tours, the most recently driven first (then by name). */
  tours: Tour[];
  /** The most recently driven routes that are not due, newest first, at most `limit`. */
  routes: Route[];
}

/** A route's place in the "due" list: expired, then soon, then never driven; null = valid, not due. */
function dueRank(route: Route, today: string): [number, number] | null {
  const days = daysUntil(route.validUntil ?? null, today);
  if (days === null) return [2, 0];
  if (days < 0) return [0, days];
  if (days <= EXPIRING_SOON_DAYS) return [1, days];
  return null;
}

/**
 * What "Heute gefahren" offers on top: first what most needs recording (expired, expiring, never driven), then the
 * tours and the routes the driver drove last – most likely again today.
 */
export function quickChoices(
  input: { tours: readonly Tour[]; routes: readonly Route[]; activities: readonly RouteActivity[]; today: string },
  limit = 6,
  dueLimit = 6,
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
  const ranked = input.routes
    .map((route) => ({ route, rank: dueRank(route, input.today) }))
    .filter((entry): entry is { route: Route; rank: [number, number] } => entry.rank !== null)
    .sort((a, b) => a.rank[0] - b.rank[0] || a.rank[1] - b.rank[1] || collator.compare(a.route.name, b.route.name));
  const due = ranked.slice(0, dueLimit).map((entry) => entry.route);
  const dueIds = new Set(due.map((route) => route.id));
  const routes = input.routes
    .filter((route) => driven.has(route.id) && !dueIds.has(route.id))
    .sort((a, b) => (driven.get(b.id) ?? '').localeCompare(driven.get(a.id) ?? '') || collator.compare(a.name, b.name))
    .slice(0, limit);
  return { due, dueCount: ranked.length, tours, routes };
}

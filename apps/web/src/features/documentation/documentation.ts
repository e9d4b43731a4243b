import { parseIri, toIri } from '@streckenpass/contract/common';
import { VALIDITY_DAYS_YEAR } from '@streckenpass/contract/constants';
import {
  addDays,
  daysBetween,
  expandSelection,
  isCalendarDate,
  validityDays,
  type TourRouteLink,
  type ValidityPeriod,
} from '@streckenpass/contract/knowledge';
import type { Route } from '@streckenpass/contract/routes';
import type { Tour } from '@streckenpass/contract/tours';
import type { Vehicle } from '@streckenpass/contract/vehicles';
import type { DocumentationSelection } from './store';

/** Documentation search (seed section 5): case-insensitive substring on the name; blank = everything. */
export function filterByName<T extends { name: string }>(items: readonly T[], search: string): T[] {
  const needle = search.trim().toLocaleLowerCase('de');
  if (!needle) return [...items];
  return items.filter((item) => item.name.toLocaleLowerCase('de').includes(needle));
}

/** "name → company code", or only the name when the route has no code. */
export function routeLabel(route: Pick<Route, 'name' | 'companyRoute'>): string {
  return route.companyRoute ? `${route.name} → ${route.companyRoute}` : route.name;
}

export interface Place {
  /** The start/end point code, e.g. "HU"; it is also the place's name. */
  name: string;
  /** How many routes start or end here. */
  routes: number;
}

const collator = new Intl.Collator('de', { numeric: true, sensitivity: 'base' });

/** The distinct start and end points of the routes, in German order, with the number of routes touching each. */
export function placesOf(routes: readonly Pick<Route, 'startPoint' | 'endPoint'>[]): Place[] {
  const counts = new Map<string, number>();
  for (const route of routes) {
    for (const code of new Set([route.startPoint, route.endPoint])) counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  return [...counts].map(([name, count]) => ({ name, routes: count })).sort((a, b) => collator.compare(a.name, b.name));
}

/** The tour → route links that `expandSelection` needs, read from the tours' route references. */
export function tourRouteLinks(tours: readonly Pick<Tour, 'id' | 'routes'>[]): TourRouteLink[] {
  return tours.flatMap((tour) =>
    tour.routes.flatMap((iri) => {
      const routeId = parseIri('routes', iri);
      return routeId === null ? [] : [{ tourId: tour.id, routeId }];
    }),
  );
}

/** The route ids the selection stands for: chosen routes + routes of chosen tours + routes at chosen places. */
export function selectedRouteIds(
  selection: DocumentationSelection,
  routes: readonly Route[],
  tours: readonly Tour[],
): number[] {
  return expandSelection(selection, routes, tourRouteLinks(tours));
}

/** Why the "Zuletzt gefahren am" date cannot be saved, or null when it can. */
export function dateProblem(date: string, today: string): string | null {
  if (!date) return 'Bitte geben Sie an, wann Sie zuletzt gefahren sind.';
  if (!isCalendarDate(date)) return 'Bitte ein gültiges Datum eingeben.';
  if (daysBetween(today, date) > 0) return 'Das Datum darf nicht in der Zukunft liegen.';
  return null;
}

/** The validity of a recorded drive: by the routes' rules (decision 0020), or explicitly a year or half a year. */
export type PeriodChoice = ValidityPeriod | 'rule';

/**
 * Days a drive keeps these routes known: explicit, or by their rules — each route's own, else the account's
 * (`accountDays`, 364 while unknown); for routes with different rules the shortest, as the server decides.
 */
export function driveDays(
  period: PeriodChoice,
  routes: readonly { validityDays?: number | null }[],
  accountDays: number | null,
): number {
  if (period !== 'rule') return validityDays(period);
  const fallback = accountDays ?? VALIDITY_DAYS_YEAR;
  if (routes.length === 0) return fallback;
  return Math.min(...routes.map((route) => route.validityDays ?? fallback));
}

export interface DocumentationPlan {
  acquiredAt: string;
  acquiredUntil: string;
  /** IRIs of every route to record. */
  acquiredRoutes: string[];
  /** IRIs of the selected vehicles that still exist. */
  acquiredVehicles: string[];
}

export type PlanResult = { ok: true; plan: DocumentationPlan } | { ok: false; message: string };

/** What "Dokumentation speichern" sends, or why it cannot send anything. */
export function planDocumentation(input: {
  selection: DocumentationSelection;
  routes: readonly Route[];
  tours: readonly Tour[];
  vehicles: readonly Vehicle[];
  acquiredAt: string;
  period: PeriodChoice;
  /** The account's validity rule in days (for `period: 'rule'`); null = not known (364). */
  accountDays?: number | null;
  today: string;
}): PlanResult {
  const problem = dateProblem(input.acquiredAt, input.today);
  if (problem) return { ok: false, message: problem };
  const routeIds = selectedRouteIds(input.selection, input.routes, input.tours);
  if (routeIds.length === 0) {
    return { ok: false, message: 'Wählen Sie mindestens eine Strecke, eine Tour oder einen Ort aus.' };
  }
  const vehicleIds = new Set(input.selection.vehicles);
  return {
    ok: true,
    plan: {
      acquiredAt: input.acquiredAt,
      acquiredUntil: addDays(
        input.acquiredAt,
        driveDays(
          input.period,
          input.routes.filter((route) => routeIds.includes(route.id)),
          input.accountDays ?? null,
        ),
      ),
      acquiredRoutes: routeIds.map((id) => toIri('routes', id)),
      acquiredVehicles: input.vehicles.filter((v) => vehicleIds.has(v.id)).map((v) => toIri('vehicles', v.id)),
    },
  };
}

import { parseIri, toIri } from '@streckenpass/contract/common';
import { VALIDITY_DAYS_YEAR } from '@streckenpass/contract/constants';
import {
  addDays,
  driveValidityDays,
  expandSelection,
  placeKey,
  isCalendarDate,
  validityDays,
  validUntil,
  type TourRouteLink,
  type ValidityPeriod,
} from '@streckenpass/contract/knowledge';
import { validityRuleLabel } from '@streckenpass/contract/notifications';
import type { Route } from '@streckenpass/contract/routes';
import { coversLine, lineOfSearch, type RoutePath } from '@streckenpass/contract/route-paths';
import { placeLabel } from '@streckenpass/contract/stations';
import type { Tour } from '@streckenpass/contract/tours';
import type { Vehicle } from '@streckenpass/contract/vehicles';
import type { DriveDirection, DriveWay } from '@streckenpass/contract/drive-ways';
import { driveMannerInput, type DriveMannerValues } from '../../lib/drive-form';
import type { DocumentationSelection } from './store';

/** Documentation search (seed section 5): case-insensitive substring on the name; blank = everything. */
export function filterByName<T extends { name: string }>(items: readonly T[], search: string): T[] {
  const needle = search.trim().toLocaleLowerCase('de');
  if (!needle) return [...items];
  return items.filter((item) => item.name.toLocaleLowerCase('de').includes(needle));
}

/**
 * The routes' search: by name as `filterByName`, and "4010" or "Strecke 4010" also finds every route whose path covers
 * part of line 4010 (issue 29 item 3).
 */
export function filterRoutes<T extends { name: string; path?: Pick<RoutePath, 'sections'> }>(
  routes: readonly T[],
  search: string,
): T[] {
  const line = lineOfSearch(search);
  if (line === null) return filterByName(routes, search);
  const byName = new Set(filterByName(routes, search));
  return routes.filter((route) => byName.has(route) || coversLine(route.path, line));
}

// How a route is named in lists is decided once, in lib; exported here too for the documentation's pages.
export { routeLabel } from '../../lib/record-labels';

/**
 * How long a documented drive keeps a route known, as the help says it: the account's rule when it is known
 * (`useAccountValidityDays`), else without naming a length – never a fixed "ein Jahr".
 */
export function validityHelpText(accountDays: number | null): string {
  const rule =
    accountDays === null
      ? 'für die Dauer Ihrer Gültigkeitsregel'
      : `so lange, wie Ihre Gültigkeitsregel es vorsieht: ${validityRuleLabel(accountDays)}`;
  return (
    `Die Streckenkunde gilt ab dem Tag der Fahrt ${rule}. Eine Strecke mit eigener Gültigkeitsregel folgt ihrer; ` +
    'für eine Fahrt können Sie auch ausdrücklich 1 Jahr oder ½ Jahr wählen.'
  );
}

export interface Place {
  /**
   * What the selection stores (`placeKey`): the station's DS100 code where a route is linked to one, else the
   * start/end text as typed, e.g. "HU".
   */
  id: string;
  /** "Frankfurt (Main) Hbf (FF)" for a station, else the text as typed. */
  name: string;
  /** How many routes start or end here. */
  routes: number;
}

const collator = new Intl.Collator('de', { numeric: true, sensitivity: 'base' });

type PlacedRoute = Pick<Route, 'startPoint' | 'endPoint'> & Partial<Pick<Route, 'startStation' | 'endStation'>>;

/**
 * The distinct places of the routes, in German order, with the number of routes touching each. A place linked to a
 * station is one place however its routes spell it ("FF", or "Frankfurt (Main) Hbf" chosen in the form).
 */
export function placesOf(routes: readonly PlacedRoute[]): Place[] {
  const places = new Map<string, Place>();
  for (const route of routes) {
    const ends = [
      { id: placeKey(route.startPoint, route.startStation), name: placeLabel(route.startPoint, route.startStation) },
      { id: placeKey(route.endPoint, route.endStation), name: placeLabel(route.endPoint, route.endStation) },
    ];
    const linked = [route.startStation, route.endStation].map(Boolean);
    ends.forEach((end, i) => {
      if (i === 1 && end.id === ends[0]!.id) return;
      const place = places.get(end.id);
      if (!place) places.set(end.id, { ...end, routes: 1 });
      else {
        place.routes += 1;
        // Typed "FF" and a route linked to FF: the station's label names the place.
        if (linked[i]) place.name = end.name;
      }
    });
  }
  return [...places.values()].sort((a, b) => collator.compare(a.name, b.name));
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

/** The validity of a recorded drive: by the routes' rules (decision 0020), or explicitly a year or half a year. */
export type PeriodChoice = ValidityPeriod | 'rule';

/**
 * Days a drive keeps these routes known: explicit, or by their rules (`driveValidityDays`, the rule the server
 * applies) with the account's rule as `accountDays` (364 while unknown).
 */
export function driveDays(
  period: PeriodChoice,
  routes: readonly { validityDays?: number | null }[],
  accountDays: number | null,
): number {
  if (period !== 'rule') return validityDays(period);
  return driveValidityDays(
    routes.map((route) => route.validityDays),
    accountDays ?? VALIDITY_DAYS_YEAR,
  );
}

/**
 * The end date a form shows before the save ("gültig bis …"), or null while the date cannot be saved (none, or after
 * `today`). Only a preview: by the rule the server sets the end date (`planDocumentation` sends none), with the rules
 * it knows when the drive arrives.
 */
export function expectedValidUntil(
  drive: { acquiredAt: string; period: PeriodChoice },
  routes: readonly { validityDays?: number | null }[],
  accountDays: number | null,
  today: string,
): string | null {
  const { acquiredAt, period } = drive;
  if (!isCalendarDate(acquiredAt) || acquiredAt > today) return null;
  return addDays(acquiredAt, driveDays(period, routes, accountDays));
}

export interface DocumentationPlan {
  acquiredAt: string;
  /** Only for an explicit "1 Jahr" / "½ Jahr"; absent = the server applies the routes' rule. */
  acquiredUntil?: string;
  /** IRIs of every route to record. */
  acquiredRoutes: string[];
  /** IRIs of the selected vehicles that still exist. */
  acquiredVehicles: string[];
  /**
   * How and when it was driven, and which way along its one route (issue 41). Absent in a plan queued by an older
   * build: the server records it as driven, at no time.
   */
  way?: DriveWay;
  time?: string | null;
  direction?: DriveDirection | null;
}

export type PlanResult = { ok: true; plan: DocumentationPlan } | { ok: false; message: string };

/** Way, time and direction as a plan carries them: a direction only for a drive of one route. */
function mannerPlan(manner: NonNullable<Parameters<typeof planDocumentation>[0]['manner']>, routeCount: number) {
  const { way, time, direction } = driveMannerInput({ direction: 'none', ...manner });
  return { way, time, direction: routeCount === 1 ? direction : null };
}

/**
 * What "Dokumentation speichern" sends, or why it cannot send anything. The date is the form's (checked by its schema,
 * `driveDatesSchema`); the end date only where the driver chose one.
 */
export function planDocumentation(input: {
  selection: DocumentationSelection;
  routes: readonly Route[];
  tours: readonly Tour[];
  vehicles: readonly Vehicle[];
  acquiredAt: string;
  period: PeriodChoice;
  /** Way and time, and the direction where the form asks for it (it is sent only for a drive of one route). */
  manner?: Pick<DriveMannerValues, 'way' | 'time'> & Partial<Pick<DriveMannerValues, 'direction'>>;
}): PlanResult {
  const routeIds = selectedRouteIds(input.selection, input.routes, input.tours);
  if (routeIds.length === 0) {
    return { ok: false, message: 'Wählen Sie mindestens eine Strecke, eine Tour oder einen Ort aus.' };
  }
  const vehicleIds = new Set(input.selection.vehicles);
  return {
    ok: true,
    plan: {
      acquiredAt: input.acquiredAt,
      ...(input.period === 'rule' ? {} : { acquiredUntil: validUntil(input.acquiredAt, input.period) }),
      acquiredRoutes: routeIds.map((id) => toIri('routes', id)),
      acquiredVehicles: input.vehicles.filter((v) => vehicleIds.has(v.id)).map((v) => toIri('vehicles', v.id)),
      ...(input.manner ? mannerPlan(input.manner, routeIds.length) : {}),
    },
  };
}

import type { CreateRouteInput, Route } from '@streckenpass/contract/routes';
import { keepingWaysOfForm, ruleDaysOf, type RouteFormValues } from './route-form-values';

/** The rules a route has saved: how long a drive keeps it valid, and which ways do (null = the account's). */
export type SavedRules = Pick<Route, 'validityDays' | 'keepingWays'> & Partial<Pick<Route, 'firstAcquisition'>>;

/**
 * A place's values as a route's (issue 41 item 4): its one station at both ends, no path (the server finds none) and
 * no first acquisition (one per direction, which a place has not: decision 0065).
 */
function asPlace(values: RouteFormValues): RouteFormValues {
  const { path: _path, ...rest } = values;
  return { ...rest, endPoint: values.startPoint, endStation: values.startStation, firstAcquisition: null };
}

const sameWays = (a: readonly string[] | null, b: readonly string[] | null) =>
  a === null || b === null ? a === b : a.join() === b.join();

/**
 * What the route form sends, new or edited: each rule only when it differs from the saved one (`saved`, null for a
 * new route; undefined sends them always, as the form's check does), so the server keeps following the account's
 * rules otherwise.
 */
export function routeInput(given: RouteFormValues, saved: SavedRules | null | undefined): CreateRouteInput {
  const values = given.kind === 'place' ? asPlace(given) : given;
  const days = ruleDaysOf(values);
  const ways = keepingWaysOfForm(values);
  const savedDays = saved === undefined ? undefined : (saved?.validityDays ?? null);
  return {
    name: values.name,
    companyRoute: values.companyRoute.trim() || null,
    startPoint: values.startPoint,
    endPoint: values.endPoint,
    ...(days !== savedDays ? { validityDays: days } : {}),
    ...(saved === undefined || !sameWays(ways, saved?.keepingWays ?? null) ? { keepingWays: ways } : {}),
    ...(saved === undefined ||
    JSON.stringify(values.firstAcquisition) !== JSON.stringify(saved?.firstAcquisition ?? null)
      ? { firstAcquisition: values.firstAcquisition }
      : {}),
    startStation: values.startStation,
    endStation: values.endStation,
    // Resolved by the form on submit; absent = the server keeps or finds the path (docs/decisions/0051).
    ...(values.path !== undefined ? { path: values.path } : {}),
  };
}

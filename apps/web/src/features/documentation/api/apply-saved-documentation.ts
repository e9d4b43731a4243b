import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { parseIri, toIri } from '@streckenpass/contract/common';
import { daysUntil, latestValidity } from '@streckenpass/contract/knowledge';
import type { RouteActivity } from '@streckenpass/contract/route-activities';
import type { ExpiringRoute, Route } from '@streckenpass/contract/routes';
import type { VehicleActivity } from '@streckenpass/contract/vehicle-activities';
import { queryKeys, recordKeys } from '../../../lib/query-keys';
import { persistNow } from '../../../lib/query-persister';
import type { SavedDocumentation } from './save-documentation';

/** The expiring list with a saved activity applied: each of its routes valid at least until the activity says. */
export function withActivity(
  entries: readonly ExpiringRoute[],
  activity: RouteActivity,
  today: string,
): ExpiringRoute[] {
  const renewed = new Set(activity.acquiredRoutes.map((iri) => parseIri('routes', iri)));
  return entries.map((entry) => {
    if (!renewed.has(entry.id)) return entry;
    const until = latestValidity([entry.acquired_until, activity.acquiredUntil]);
    return { ...entry, acquired_until: until, acquired_until_days: daysUntil(until, today) };
  });
}

/**
 * A route with a saved drive applied, as the server keeps it (`lastDriven`, `validUntil`): when the drive includes
 * the route, valid at least until the drive says and last driven at least on its day.
 */
export function withDrive<T extends Pick<Route, 'id' | 'lastDriven' | 'validUntil'>>(
  route: T,
  activity: RouteActivity,
): T {
  if (!activity.acquiredRoutes.includes(toIri('routes', route.id))) return route;
  return {
    ...route,
    lastDriven: latestValidity([route.lastDriven, activity.acquiredAt]) ?? activity.acquiredAt,
    validUntil: latestValidity([route.validUntil, activity.acquiredUntil]) ?? activity.acquiredUntil,
  };
}

function prepend<T extends { id: number }>(list: readonly T[] | undefined, item: T): T[] | undefined {
  if (!list) return list;
  return list.some((entry) => entry.id === item.id) ? [...list] : [item, ...list];
}

/**
 * Writes a saved documentation into every stored view it changes – the expiring list (dashboard), the routes with
 * their validity, the activity lists (route view, "Alle Dokumentationen") – and stores the cache at once, so a view opened offline right after
 * the save already shows it (docs/decisions/0009). The lists keep their own "Stand vom": the rest of each list is
 * as old as it was.
 */
export function writeSavedDocumentation(queryClient: QueryClient, saved: SavedDocumentation, today: string): void {
  const update = <T>(queryKey: QueryKey, change: (value: T) => T | undefined) => {
    const state = queryClient.getQueryState<T>(queryKey);
    if (state?.data === undefined) return;
    queryClient.setQueryData<T>(queryKey, (value) => (value === undefined ? value : change(value)), {
      updatedAt: state.dataUpdatedAt,
    });
  };
  update<ExpiringRoute[]>(queryKeys.routes.expiring(), (entries) => withActivity(entries, saved.activity, today));
  update<Route[]>(queryKeys.routes.list(), (routes) => routes.map((route) => withDrive(route, saved.activity)));
  for (const iri of saved.activity.acquiredRoutes) {
    const id = parseIri('routes', iri);
    if (id !== null) update<Route>(queryKeys.routes.detail(id), (route) => withDrive(route, saved.activity));
  }
  update<RouteActivity[]>(queryKeys.routeActivities.list(), (list) => prepend(list, saved.activity));
  queryClient.setQueryData(queryKeys.routeActivities.detail(saved.activity.id), saved.activity);
  if (saved.vehicleActivity) {
    const vehicleActivity = saved.vehicleActivity;
    update<VehicleActivity[]>(queryKeys.vehicleActivities.list(), (list) => prepend(list, vehicleActivity));
  }
  persistNow(queryClient);
}

/** Refetches every record view – the ones not on screen too – and stores the result at once. */
export async function refreshAfterSave(queryClient: QueryClient): Promise<void> {
  await Promise.allSettled(
    recordKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey, refetchType: 'all' })),
  );
  persistNow(queryClient);
}

/** Both: the save shows everywhere at once, then the server's full answer follows. */
export function applySavedDocumentation(queryClient: QueryClient, saved: SavedDocumentation, today: string): void {
  writeSavedDocumentation(queryClient, saved, today);
  void refreshAfterSave(queryClient);
}

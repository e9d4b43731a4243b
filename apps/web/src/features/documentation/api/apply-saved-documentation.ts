import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { RouteActivity } from '@streckenpass/contract/route-activities';
import type { VehicleActivity } from '@streckenpass/contract/vehicle-activities';
import { queryKeys, recordKeys } from '../../../lib/query-keys';
import { persistNow } from '../../../lib/query-persister';
import type { SavedDocumentation } from './save-documentation';

function prepend<T extends { id: number }>(list: readonly T[] | undefined, item: T): T[] | undefined {
  if (!list) return list;
  return list.some((entry) => entry.id === item.id) ? [...list] : [item, ...list];
}

/**
 * Writes a saved documentation – the records the server answered with – into the stored views that list them (the
 * route view's and "Alle Dokumentationen"'s activities, the vehicle activities) and stores the cache at once, so a view
 * opened offline right after the save already shows the drive (docs/decisions/0009). The lists keep their own "Stand
 * vom": the rest of each list is as old as it was. What the drive changes beyond itself – each route's validity and
 * last day, the expiring list – is the server's to derive (its trigger): it comes with the refetch that follows
 * (`refreshAfterSave`), never guessed here.
 */
export function writeSavedDocumentation(queryClient: QueryClient, saved: SavedDocumentation): void {
  const update = <T>(queryKey: QueryKey, change: (value: T) => T | undefined) => {
    const state = queryClient.getQueryState<T>(queryKey);
    if (state?.data === undefined) return;
    queryClient.setQueryData<T>(queryKey, (value) => (value === undefined ? value : change(value)), {
      updatedAt: state.dataUpdatedAt,
    });
  };
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

/** Both: the saved records show at once, then the server's views of everything they change follow. */
export function applySavedDocumentation(queryClient: QueryClient, saved: SavedDocumentation): void {
  writeSavedDocumentation(queryClient, saved);
  void refreshAfterSave(queryClient);
}

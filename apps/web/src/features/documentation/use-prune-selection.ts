import type { Route } from '@streckenpass/contract/routes';
import type { Tour } from '@streckenpass/contract/tours';
import type { Vehicle } from '@streckenpass/contract/vehicles';
import { useEffect } from 'react';
import { sessionStartedAt, useConnected } from '../../lib/connection';
import type { Place } from './documentation';
import { useDocumentationStore } from './store';

interface ListQuery {
  isSuccess: boolean;
  isFetching: boolean;
  dataUpdatedAt: number;
}

/**
 * The stored selection outlives deletions (also on other devices); once the lists are known, forget what is gone,
 * so that neither the counts nor the export name records that no longer exist. Only lists the server has just
 * confirmed count: never a restored offline copy, never after a failed refetch (a stored selection must survive any
 * number of offline reloads).
 */
export function usePruneSelection(input: {
  queries: readonly ListQuery[];
  routes: readonly Route[];
  tours: readonly Tour[];
  vehicles: readonly Vehicle[];
  places: readonly Place[];
}) {
  const prune = useDocumentationStore((state) => state.prune);
  const connected = useConnected();
  const { queries, routes, tours, vehicles, places } = input;
  const listsKnown =
    connected &&
    queries.every((query) => query.isSuccess && !query.isFetching && query.dataUpdatedAt >= sessionStartedAt);
  useEffect(() => {
    if (!listsKnown) return;
    prune({
      routes: routes.map((route) => route.id),
      tours: tours.map((tour) => tour.id),
      vehicles: vehicles.map((vehicle) => vehicle.id),
      places: places.map((place) => place.id),
    });
  }, [listsKnown, routes, tours, vehicles, places, prune]);
}

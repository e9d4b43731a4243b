import { queryOptions, useQuery } from '@tanstack/react-query';
import { stationIndexFromTuples, type StationIndex, type StationList } from '@streckenpass/contract/stations';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/** The compact station list (about 5,400 stations, ~80 kB compressed), fetched once and kept with the query cache. */
export const getStationList = (): Promise<StationList> => api.get<StationList>('/api/stations/all');

const DAY_MS = 24 * 60 * 60 * 1000;

export const stationListQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.stations,
    queryFn: getStationList,
    // The data set changes only with a new release; a day-old copy is fresh, and offline the stored copy serves.
    staleTime: DAY_MS,
  });

const indexes = new WeakMap<StationList, StationIndex>();

/** One search index per fetched list, shared by every field that asks for it. */
export function indexOf(list: StationList): StationIndex {
  let index = indexes.get(list);
  if (!index) {
    index = stationIndexFromTuples(list.stations);
    indexes.set(list, index);
  }
  return index;
}

/**
 * The station search index for the station fields (route form, a Betrieb's requirements): built from the cached list, so that the lookup works offline and
 * ranks exactly like GET /api/stations (the contract's matching). null until the list is there.
 */
export function useStationIndex(): StationIndex | null {
  const { data } = useQuery(stationListQueryOptions());
  // A copy of another shape (an old cache, a proxy's error page) is ignored: the fields stay free text.
  return data && Array.isArray(data.stations) ? indexOf(data) : null;
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NetworkPath, NetworkVersion } from '@streckenpass/contract/network';
import { api } from '../../../lib/api-client';
import { NotFoundError } from '../../../lib/api-errors';
import { queryKeys } from '../../../lib/query-keys';

/** The ends the route form asks a path for: DS100 codes (a linked station's, or typed text written as a code). */
export interface PathEnds {
  from: string | null;
  to: string | null;
  via: string | null;
}

/**
 * GET /api/network/path: the shortest path between two operating points along the tracks (optionally over a third),
 * with its line sections and km. 404 when a code has no point on the network or no network is imported (the
 * server's German sentence says which).
 */
export const getRoutePath = (from: string, to: string, via: string | null): Promise<NetworkPath> => {
  const query = new URLSearchParams({ from, to, ...(via ? { via } : {}) });
  return api.get<NetworkPath>(`/api/network/path?${query.toString()}`);
};

export const routePathQueryOptions = (from: string, to: string, via: string | null) =>
  queryOptions({
    queryKey: queryKeys.routePath(from, to, via ?? ''),
    queryFn: () => getRoutePath(from, to, via),
    staleTime: 60 * 60 * 1000,
    // A code off the network stays off it: asking again would not change the answer.
    retry: (count, error) => !(error instanceof NotFoundError) && count < 2,
    // The form's preview, not reading matter for offline use (the route keeps its path when saved).
    meta: { persist: false },
  });

/** The path for the form's ends, while both are known. */
export function useRoutePath({ from, to, via }: PathEnds) {
  return useQuery({
    ...routePathQueryOptions(from ?? '', to ?? '', via),
    enabled: Boolean(from && to),
  });
}

/**
 * GET /api/network/version: whether the server has a network (`version: null`: none imported). The same key as the
 * map's reading of it (one answer in the cache for both).
 */
export const getNetworkVersion = (): Promise<NetworkVersion> => api.get<NetworkVersion>('/api/network/version');

export const networkVersionQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.network.version, queryFn: getNetworkVersion, staleTime: 60 * 60 * 1000 });

export function useNetworkVersion() {
  return useQuery(networkVersionQueryOptions());
}

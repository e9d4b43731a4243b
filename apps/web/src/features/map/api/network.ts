import { queryOptions } from '@tanstack/react-query';
import type { LineSection, NetworkGeometry, NetworkPath, NetworkVersion } from '@streckenpass/contract/network';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/network/version: which network the server has (`version: null`: none imported), with its attribution. */
export const getNetworkVersion = (): Promise<NetworkVersion> => api.get<NetworkVersion>('/api/network/version');

export const networkVersionQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.network.version, queryFn: getNetworkVersion, staleTime: 60 * 60 * 1000 });

/**
 * GET /api/network/geometry?v=…: the whole network for drawing (~0.45 MB gzipped). Immutable per version, so it is
 * never refetched; kept offline by the service worker (vite.config.ts, cache "rail-network"), not in the stored
 * query cache, whose few MB of localStorage it would fill.
 */
export const getNetworkGeometry = (version: string): Promise<NetworkGeometry> =>
  api.get<NetworkGeometry>(`/api/network/geometry?v=${encodeURIComponent(version)}`);

export const networkGeometryQueryOptions = (version: string) =>
  queryOptions({
    queryKey: queryKeys.network.geometry(version),
    queryFn: () => getNetworkGeometry(version),
    staleTime: Infinity,
    meta: { persist: false },
    // Offline the service worker answers from its cache: the request must be made (TanStack Query would pause it).
    networkMode: 'offlineFirst',
  });

/**
 * The line sections of the shortest path between two stations (GET /api/network/path), for a route that has no
 * stored path of its own (docs/decisions/0051): only the sections are kept (and stored for offline use), the map
 * draws them along the network's geometry like a stored path.
 */
export const getPathSections = async (from: string, to: string): Promise<{ sections: LineSection[] }> => {
  const path = await api.get<NetworkPath>(
    `/api/network/path?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
  );
  return { sections: path.sections };
};

export const pathSectionsQueryOptions = (version: string, from: string, to: string) =>
  queryOptions({
    queryKey: queryKeys.network.path(version, from, to),
    queryFn: () => getPathSections(from, to),
    staleTime: Infinity,
  });
